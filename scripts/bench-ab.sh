#!/usr/bin/env bash
# make bench-ab A=old/wavesites B=new/wavesites: which of two builds answers more with the same
# CPU; A or B may also be nginx or h2o, configured as make bench configures them (but sharing
# core 0's caches costs h2o more than wavesites, so against a peer the bench's table is the
# measure; see the README). A benchmark, not a test.
#
# make bench runs servers one after the other, so a change of a few percent drowns in the
# machine's drift from one minute to the next (a round strays 10% or more). Here both builds run
# at the same time, each in its own cgroup (v1) capped at AB_QUOTA percent (default 25) of core 0,
# each loaded by its own wrk on core 1: they share every moment of the machine's state, so the
# ratio of their answers is precise to about half a percent. One place is a little faster than
# the other (the first wrk started), so the builds swap places every run and the report gives
# the ratio B/A of each run and their mean.
#
#   AB_PAYLOAD  page-plain (default), page-gzip, asset-2KB or a path
#   AB_CONNS    connections per wrk (default 512); AB_RUNS (default 6); AB_SECONDS (default 5)
#
# It serves build/bench-web, the files make bench writes: run make bench (BENCH_ONLY=capped is
# enough) once first. Root is needed for the cgroups.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
A=${A:-${1:-}}
B=${B:-${2:-}}
for server in "$A" "$B"; do
  if [ "$server" != nginx ] && [ "$server" != h2o ] && [ ! -x "$server" ]; then
    echo "usage: make bench-ab A=path/to/wavesites B=path/to/other/wavesites (or nginx, or h2o)" >&2
    exit 2
  fi
done
BW=$ROOT/build/bench-web
[ -f "$BW/manifest.json" ] || { echo "bench-ab: $BW is missing: run make bench once first" >&2; exit 2; }
QUOTA=${AB_QUOTA:-25}
CONNS=${AB_CONNS:-512}
RUNS=${AB_RUNS:-6}
SECONDS_EACH=${AB_SECONDS:-5}
# shellcheck source=scripts/bench-servers.sh
. "$ROOT/scripts/bench-servers.sh"
bench_paths "$BW"
header=()
case "${AB_PAYLOAD:-page-plain}" in
  page-plain) path=$PAGE_PATH ;;
  page-gzip)
    path=$PAGE_PATH
    header=(-H 'Accept-Encoding: gzip')
    ;;
  asset-2KB) path=$ASSET_PATH ;;
  /*) path=$AB_PAYLOAD ;;
  *) echo "bench-ab: unknown AB_PAYLOAD $AB_PAYLOAD" >&2; exit 2 ;;
esac
for g in cpu cpuacct; do
  if ! mkdir -p "/sys/fs/cgroup/$g/wavesites-ab-1" 2>/dev/null; then
    echo "bench-ab: cannot make a cgroup under /sys/fs/cgroup/$g (needs root and cgroup v1)" >&2
    exit 2
  fi
done
TMP=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for slot in 1 2; do rmdir "/sys/fs/cgroup/cpu/wavesites-ab-$slot" "/sys/fs/cgroup/cpuacct/wavesites-ab-$slot" 2>/dev/null || true; done
  rm -rf "$TMP"
}
trap cleanup EXIT
wavesites_config "$TMP/ws.toml"
ulimit -n 20000

# start SLOT SERVER: one server (a wavesites binary, nginx or h2o) in its slot's cgroup, on core
# 0, on port 18180 + SLOT; a peer's children (nginx's worker) follow it into the cgroup.
start() {
  local cpu=/sys/fs/cgroup/cpu/wavesites-ab-$1 acct=/sys/fs/cgroup/cpuacct/wavesites-ab-$1
  local port=$((18180 + $1)) dir=$TMP/slot-$1 cmd
  mkdir -p "$cpu" "$acct" "$dir"
  echo 10000 > "$cpu/cpu.cfs_period_us"
  echo $((QUOTA * 100)) > "$cpu/cpu.cfs_quota_us"
  case $2 in
    nginx | h2o)
      peer_configs "$dir" "$BW" "$port" "$port"
      cmd=("$2" -c "$dir/$2.conf")
      ;;
    *) cmd=("$2" serve --config "$TMP/ws.toml" --web "$BW" --listen "127.0.0.1:$port" --data "$dir/data") ;;
  esac
  (
    echo "$BASHPID" > "$cpu/cgroup.procs"
    echo "$BASHPID" > "$acct/cgroup.procs"
    exec taskset -c 0 "${cmd[@]}" > "$dir/log" 2>&1
  ) &
  pids+=($!)
}
usage_ns() { cat "/sys/fs/cgroup/cpuacct/wavesites-ab-$1/cpuacct.usage"; }
load() { # SLOT SECONDS OUT
  taskset -c 1 wrk -t1 "-c$CONNS" "-d$2s" "${header[@]}" "http://127.0.0.1:$((18180 + $1))$path" > "$3"
}
load_both() { # SECONDS OUT1 OUT2: both places loaded at once
  load 1 "$1" "$2" &
  local w=$!
  load 2 "$1" "$3"
  wait "$w"
}

echo "bench-ab: $(basename "$A") (A) against $(basename "$B") (B), ${AB_PAYLOAD:-page-plain} $path, $CONNS connections, $RUNS runs of ${SECONDS_EACH}s, each capped at $QUOTA% of core 0"
ratios=()
for run in $(seq "$RUNS"); do
  # place 1 and place 2: who has each, by name and as A or B
  if [ $((run % 2)) = 1 ]; then place=("$A" "$B") label=(A B); else place=("$B" "$A") label=(B A); fi
  pids=()
  start 1 "${place[0]}"
  start 2 "${place[1]}"
  for slot in 1 2; do
    for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$((18180 + slot))$path" && break; sleep 0.1; done
  done
  load_both 2 /dev/null /dev/null  # a warm-up
  u1=$(usage_ns 1) u2=$(usage_ns 2)
  load_both "$SECONDS_EACH" "$TMP/wrk-1" "$TMP/wrk-2"
  u1=$(($(usage_ns 1) - u1)) u2=$(($(usage_ns 2) - u2))
  n1=$(awk '/ requests in / {print $1}' "$TMP/wrk-1")
  n2=$(awk '/ requests in / {print $1}' "$TMP/wrk-2")
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait "${pids[@]}" 2>/dev/null || true
  if [ "${label[0]}" = A ]; then na=$n1 nb=$n2; else na=$n2 nb=$n1; fi
  r=$(awk -v a="$na" -v b="$nb" 'BEGIN {printf "%.3f", b / a}')
  ratios+=("$r")
  awk -v run="$run" -v l1="${label[0]}" -v l2="${label[1]}" -v n1="$n1" -v n2="$n2" -v u1="$u1" -v u2="$u2" -v r="$r" 'BEGIN {
    printf "run %d: %s %d answers, %.2f us CPU each | %s %d answers, %.2f us each | B/A %s\n", run, l1, n1, u1 / 1000 / n1, l2, n2, u2 / 1000 / n2, r }'
done
printf '%s\n' "${ratios[@]}" | awk '{s += $1; n++} END {printf "B/A answers per second: mean %.3f over %d runs (the places swap each run)\n", s / n, n}'
