#!/usr/bin/env bash
# make bench: wavesites, nginx and h2o serve the same prerendered files on loopback, one server at
# a time, each pinned to core 0 with one worker, loaded by wrk (one thread) pinned to core 1.
# Prints requests/s and p99 latency per server, payload and concurrency, and the ratios
# wavesites/nginx and wavesites/h2o; then requests per second of each server's own CPU time (what
# one answer costs it, the comparison that holds where wrk's core is the limit); writes every run
# to build/bench/results.json. Then the intake figures (scripts/bench-intake.mjs). A benchmark,
# not a test.
#
# The payloads, from one directory (build/bench-web) that all three serve:
#   page-plain  a 40 KB page of real prerendered article HTML, no Accept-Encoding
#   page-gzip   the same page with Accept-Encoding: gzip: the prebuilt .gz file (gzip -9)
#   asset-2KB   the real hashed asset closest to 2 KB, no Accept-Encoding
#   go-302      a link out, /go/bench-shop: 302 to its destination (wavesites from its link
#               registry, recording the first 120 clicks of the hour like any; nginx `return 302`,
#               h2o `redirect`); it should cost no more than the small asset
# Before measuring, each server's answers are fetched with curl and compared with the files:
# the body bytes must be identical for every server (and page-gzip must say Content-Encoding:
# gzip), or the bench stops. Header sizes differ and are printed: wavesites adds its security
# headers (CSP, Permissions-Policy, ...) and an X-Request-Id to every answer, 270-440 bytes more
# than the others send; that costs wavesites, not them.
#
# The servers, each configured for the same work:
#   wavesites  [server] threads = 1 (one I/O thread; its other threads idle), access_log = false;
#              files held in memory, bodies >= its threshold sent with sendfile(2) from a locked
#              file; .gz/.br siblings chosen by Accept-Encoding; page Cache-Control: no-cache,
#              asset "public, max-age=31536000, immutable"; ETag; Vary: Accept-Encoding;
#              keep-alive.
#   nginx      worker_processes 1 (plus its idle master), access_log off, sendfile, tcp_nopush,
#              tcp_nodelay, gzip_static on (no brotli module in nginx-light), gzip_vary on,
#              open_file_cache (h2o and wavesites keep files open too), keepalive_requests
#              1000000, backlog 4096, the same Cache-Control values and text/html; charset=utf-8.
#   h2o        num-threads: 1 (plus its idle main thread and crash-report helper), no access-log,
#              file.send-compressed: ON (serves the .br and .gz siblings), keep-alive (HTTP/1.1
#              default), max-connections 4096, header.set for the same Cache-Control values,
#              text/html; charset=utf-8; its own ETag, Vary and file-descriptor cache. Runs as
#              nobody when started as root, like nginx's worker.
# Fairness: the servers run one after the other (each is started, measured on every payload and
# concurrency, and stopped before the next starts), the order rotating each round; every run is
# preceded by a warm-up; wrk is one thread on core 1, which holds 512 connections. Figures are
# medians over the rounds. Each run also records (in results.json) the CPU the server and wrk
# used and how busy cores 0 and 1 were; below the table the script says when wrk used over 90%
# of core 1 (the client is then the limit) and when core 0 was busy while the server had under
# 80% of it (other processes shared the core: the figures are then not comparable).
#
# Capped rounds (BENCH_QUOTA): on two cores, wrk on core 1 saturates before a fast server on
# core 0 does, so plain requests/s then measures wrk. The capped rounds run each server inside its
# own cgroup (v1: /sys/fs/cgroup/cpu and /sys/fs/cgroup/cpuacct, writable as root) with a CPU
# quota well under one core (cpu.cfs_period_us = 10000, cpu.cfs_quota_us = BENCH_QUOTA% of it),
# still pinned to core 0, wrk keeping all of core 1. Every server is then CPU-bound at its cap
# (the busy column, from cpuacct, shows it near 100% of the quota), wrk has headroom, and
# requests/s is what one server-CPU-second buys. The table gives requests/s, CPU microseconds per
# answer (cpuacct.usage over the requests), busy % of the quota and p99, for the three servers and
# for wavesites with its visit counts on (the page under its configured host, every answer a
# view), then the two ratios round by round, to show how far one round strays from the medians.
# Unlike the uncapped rounds, the four capped servers are started at once and wait side by side,
# each in its own cgroups, and each cell (payload, connections) is measured for all of them back
# to back, the order rotating each round: this machine's speed drifts over minutes (by 20-30%
# within half an hour), and measured server after server, one server's cells came minutes before
# another's, so the ratio carried the drift. Each server's run of a cell is split in two halves
# of half the duration, the second pass in the reverse order (A B C D, then D C B A): a drift
# within the cell then falls alike on every server (the first in line is also the last), and a
# server's figure is two samples of the machine, not one. The halves make one run: requests/s
# their mean, CPU µs per answer their total over their answers, p99 their mean. The noise of
# seconds stays (the ratio of two 7 s runs in turn went from 0.93 to 1.30): only rounds narrow
# it. An idle server takes no CPU from the loaded one.
# Where the cgroups cannot be written (not root, no cgroup v1), the capped rounds are
# skipped with the reason, and the bench goes on.
#
# Below them, core 0's interrupt time per answer in the capped runs (irq + softirq in /proc/stat):
# the kernel delivers each answer over loopback in a softirq on the sender's core, mostly inside
# the server's own send. Whether that time is also in cpuacct's µs and under the quota depends on
# the kernel, and the table says which it found: one built with IRQ_TIME_ACCOUNTING counts it in
# no task (neither in the µs nor under the quota); one without (this machine's 6.18) charges a
# softirq to the task it interrupts, so what runs inside the server's send is also in its µs and
# under its quota, and what runs while the quota holds it (ksoftirqd, the idle loop) is in no
# server's. Here core 0 was 45% busy for the server's 35%. It is alike for the three servers.
#
# Syscalls: after the capped rounds, each server answers each payload for a few seconds at the
# most connections, uncapped, under `perf stat` on the raw_syscalls:sys_enter and
# syscalls:sys_enter_epoll_wait tracepoints: how many kernel crossings one answer costs, and how
# many answers one epoll_wait wake-up serves (skipped with the reason where perf cannot count).
#
# Environment:
#   BENCH_QUOTA=35           the capped rounds' CPU quota, % of one core (0: no capped rounds)
#   BENCH_DURATION=10        seconds per measured run (a capped one: two halves of half of it)
#   BENCH_WARMUP=2           seconds of warm-up before each run
#   BENCH_ROUNDS=3           rounds; the table shows medians
#   BENCH_CONNECTIONS="50 512"  concurrencies (space or comma separated)
#   BENCH_PERF=1             also profile wavesites (page-plain, 512 connections) with perf
#                            record -g into build/bench/perf-512.{data,txt}; BENCH_PERF=only
#                            runs just that profile
#   BENCH_WEB=build/web      the prerendered bundle the payloads come from
#   BENCH_ONLY=stats         only the visit counts' cost (stats on vs off), not the comparison
#   BENCH_ONLY=capped        only the capped rounds of the comparison (then stops)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WEB=${BENCH_WEB:-$ROOT/build/web}
DUR=${BENCH_DURATION:-10}
WARMUP=${BENCH_WARMUP:-2}
ROUNDS=${BENCH_ROUNDS:-3}
conn_spec=${BENCH_CONNECTIONS:-50 512}
read -r -a CONNS <<<"${conn_spec//,/ }"
PERF=${BENCH_PERF:-0}
ONLY=${BENCH_ONLY:-}
QUOTA=${BENCH_QUOTA:-35}
CG_CPU=/sys/fs/cgroup/cpu/wavesites-bench
CG_ACCT=/sys/fs/cgroup/cpuacct/wavesites-bench
CAP=0  # 1 while a capped server runs (start_server puts it in the cgroups)
HALF=$(((DUR + 1) / 2))  # a capped run's halves (see the top)
PERF_CONN=512
OUT=$ROOT/build/bench
declare -A PORT=([wavesites]=18081 [nginx]=18082 [h2o]=18083 [stats-on]=18084)
declare -A PID=()  # the servers running, by label
SERVERS=(wavesites nginx h2o)

die() { echo "bench: $*" >&2; exit 1; }
for tool in wrk nginx h2o taskset curl node cmp; do
  command -v "$tool" >/dev/null || die "$tool is missing (make deps-bench installs it)"
done
[ "$PERF" = 0 ] || command -v perf >/dev/null || die "perf is missing (apt-get install linux-perf)"
{ [ -x "$ROOT/build/bin/wavesites" ] && [ -f "$WEB/manifest.json" ]; } || die "build first (make build)"
[ "$(nproc)" -ge 2 ] || die "needs two cores (server on core 0, wrk on core 1)"
((${#CONNS[@]})) || die "BENCH_CONNECTIONS is empty"
for c in "${CONNS[@]}"; do [[ $c =~ ^[1-9][0-9]*$ ]] || die "BENCH_CONNECTIONS: '$c' is not a count"; done
if ! [[ $QUOTA =~ ^[0-9]+$ ]] || ((QUOTA > 100)); then die "BENCH_QUOTA: '$QUOTA' is not a percentage from 0 to 100"; fi
for v in DURATION:$DUR WARMUP:$WARMUP ROUNDS:$ROUNDS; do
  [[ ${v#*:} =~ ^[1-9][0-9]*$ ]] || die "BENCH_${v%%:*}: '${v#*:}' is not a whole number of at least 1"
done

# Enough descriptors for the most connections in one process (wrk, or the server) plus spare.
max_conn=$PERF_CONN
for c in "${CONNS[@]}"; do ((c > max_conn)) && max_conn=$c; done
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
(($(ulimit -n) >= max_conn + 64)) || die "ulimit -n is $(ulimit -n), too low for $max_conn connections"

TMP=$(mktemp -d)
PARANOID_OLD=""
cleanup() {
  ((${#PID[@]} == 0)) || kill "${PID[@]}" 2>/dev/null || true
  local jobs_left
  mapfile -t jobs_left < <(jobs -p)
  ((${#jobs_left[@]} == 0)) || kill "${jobs_left[@]}" 2>/dev/null || true
  [ -z "$PARANOID_OLD" ] || sysctl -q -w kernel.perf_event_paranoid="$PARANOID_OLD" || true
  rmdir "$CG_CPU"/*/ "$CG_ACCT"/*/ "$CG_CPU" "$CG_ACCT" 2>/dev/null || true
  rm -rf "$TMP"
}
trap cleanup EXIT
mkdir -p "$OUT"

# The files: a 40 KB page of whole prerendered article pages, joined until 30,000 characters (the
# site's own pages are smaller), and the real hashed asset closest to 2 KB, each with its .gz
# (and .br) beside it.
# Every server serves this same directory.
BW=$ROOT/build/bench-web
rm -rf "$BW"
mkdir -p "$BW/pages" "$BW/assets"
node - "$WEB" "$BW" <<'NODE'
const fs = require('fs'), path = require('path'), zlib = require('zlib');
const [web, out] = process.argv.slice(2);
const m = JSON.parse(fs.readFileSync(path.join(web, 'manifest.json'), 'utf8'));
const files = Object.values(m.pages).flatMap((p) => (p.file ? [p.file] : Object.values(p.langs)))
  .filter((f) => f.includes('/article/')).sort();
let html = '';
for (const f of files) { if (html.length >= 30000) break; html += fs.readFileSync(path.join(web, f), 'utf8'); }
let asset = null;
for (const s of m.static) {
  if (!s.immutable) continue;
  const size = fs.statSync(path.join(web, s.file)).size;
  if (!asset || Math.abs(size - 2048) < Math.abs(asset.size - 2048)) asset = { ...s, size };
}
const write = (rel, data) => {
  fs.writeFileSync(path.join(out, rel), data);
  fs.writeFileSync(path.join(out, rel + '.gz'), zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(path.join(out, rel + '.br'), zlib.brotliCompressSync(data));
};
write('pages/page.html', Buffer.from(html));
write(asset.file, fs.readFileSync(path.join(web, asset.file)));
fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({
  version: 2,
  // prefixed: what the three servers are compared on (not counted, as any preview); bench: the
  // same page on a configured host, counted as a view, for the visit counts' cost below.
  route_sets: {
    prefixed: { routes: { '/bench/page': 'page' }, details: [], not_found: 'page' },
    bench: { routes: { '/bench/page': 'page' }, details: [], not_found: 'page' },
  },
  pages: { page: { file: 'pages/page.html' } },
  views: { 'pages/page.html': { path: '/bench/page' } },
  static: [{ path: asset.path, file: asset.file, immutable: true }],
  links: { 'bench-shop': { url: 'https://shop.example/deals?src=bench' } },
}));
NODE
# shellcheck source=scripts/bench-servers.sh
. "$ROOT/scripts/bench-servers.sh"
bench_paths "$BW"
# name|path|request header|file the body must equal|Content-Encoding it must carry
PAYLOADS=(
  "page-plain|$PAGE_PATH||$PAGE_FILE|"
  "page-gzip|$PAGE_PATH|Accept-Encoding: gzip|$PAGE_FILE.gz|gzip"
  "asset-2KB|$ASSET_PATH||$ASSET_FILE|"
  "go-302|$GO_PATH|||"
)

wavesites_config "$TMP/bench.toml"
# The visit counts' cost: the same server on the same page under its configured host (a view,
# counted), with [stats] on and off.
for mode in on off; do
  { cat "$TMP/bench.toml"; printf '[stats]\nenabled = %s\n' "$([ $mode = on ] && echo true || echo false)"; } >"$TMP/bench-stats-$mode.toml"
done

peer_configs "$TMP" "$BW" "${PORT[nginx]}" "${PORT[h2o]}"

up() { curl -s -o /dev/null "http://127.0.0.1:$1$ASSET_PATH"; }

# The capped rounds' cgroups, one per server label given; prints why not and fails when they
# cannot be made.
cgroup_setup() {
  if ((QUOTA == 0)); then
    echo "BENCH_QUOTA=0"
    return 1
  fi
  if ! [ -w /sys/fs/cgroup/cpu ] || ! [ -w /sys/fs/cgroup/cpuacct ]; then
    echo "/sys/fs/cgroup/cpu and /sys/fs/cgroup/cpuacct (cgroup v1) are not writable here"
    return 1
  fi
  local n
  for n in "$@"; do
    if ! { mkdir -p "$CG_CPU/$n" "$CG_ACCT/$n" && echo 10000 >"$CG_CPU/$n/cpu.cfs_period_us" &&
      echo $((QUOTA * 100)) >"$CG_CPU/$n/cpu.cfs_quota_us"; } 2>/dev/null; then
      echo "cannot make the cgroup $CG_CPU/$n with a quota"
      return 1
    fi
  done
}
# Runs a server (label, command): in its capped cgroups first (its threads and children follow).
launch() {
  if [ "$CAP" = 1 ]; then
    echo "$BASHPID" >"$CG_CPU/$1/cgroup.procs"
    echo "$BASHPID" >"$CG_ACCT/$1/cgroup.procs"
  fi
  shift
  exec "$@"
}

# label: starts it on core 0 and returns once it answers; PID[label] is its pid.
# stats-on is wavesites (with WS_CONFIG) on a port and data directory of its own.
start_server() {
  local label=$1 name=${1/#stats-on/wavesites} port=${PORT[$1]} data=$TMP/data
  [ "$label" = wavesites ] || data=$TMP/data-$label
  ! up "$port" || die "port $port already answers (another bench running?)"
  case $name in
    # As a shell starts it: SIGPIPE at its default, so a server that relied on an inherited
    # ignore would die here (wrk resets its connections at the end of every run).
    wavesites) (launch "$label" taskset -c 0 env --default-signal=PIPE "$ROOT/build/bin/wavesites" serve --config "${WS_CONFIG:-$TMP/bench.toml}" \
      --web "$BW" --listen "127.0.0.1:$port" --data "$data" 2>>"$TMP/wavesites.log") & ;;
    nginx) (launch "$label" taskset -c 0 nginx -c "$TMP/nginx.conf" 2>>"$TMP/nginx.log") & ;;
    h2o) (launch "$label" taskset -c 0 h2o -c "$TMP/h2o.conf" >>"$TMP/h2o.log" 2>&1) & ;;
  esac
  PID[$label]=$!
  for _ in $(seq 100); do
    up "$port" && return 0
    kill -0 "${PID[$label]}" 2>/dev/null || break
    sleep 0.1
  done
  tail -n 20 "$TMP/$name"*.log >&2 || true
  die "$name did not start"
}
stop_server() {  # label: wavesites must still be alive after its rounds, and stop with status 0
  local label=$1 status=0 pid=${PID[$1]}
  local name=${label/#stats-on/wavesites}
  unset "PID[$label]"
  if [ "$name" = wavesites ] && ! kill -0 "$pid" 2>/dev/null; then
    wait "$pid" || status=$?
    tail -n 20 "$TMP/wavesites.log" >&2 || true
    die "wavesites died during the bench (exit status $status)"
  fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || status=$?
  [ "$name" != wavesites ] || [ "$status" -eq 0 ] || die "wavesites exited with status $status at shutdown"
}

# CPU time (clock ticks) of the server process `pid` and its children (nginx's worker).
server_ticks() {
  local t=0 p
  for p in "$1" $(pgrep -P "$1" || true); do
    [ -r "/proc/$p/stat" ] || continue
    t=$((t + $(sed 's/.*) //' "/proc/$p/stat" | awk '{print $12 + $13}')))
  done
  echo "$t"
}
# Clock ticks of cores 0 and 1 (all, idle), then core 0's interrupt time (irq + softirq, see the
# top).
cpu_snap() {
  awk '$1=="cpu0" || $1=="cpu1" {print $2+$3+$4+$5+$6+$7+$8+$9, $5+$6} $1=="cpu0" {irq = $7 + $8} END {print irq}' /proc/stat | tr '\n' ' '
}
# How this kernel accounts interrupt time (see the top): apart, charged to the interrupted task,
# or unknown when its configuration cannot be read.
irq_accounting() {
  local cfg line
  for cfg in /proc/config.gz "/boot/config-$(uname -r)"; do
    [ -r "$cfg" ] || continue
    line=$(zcat -f "$cfg" | grep '^CONFIG_IRQ_TIME_ACCOUNTING=' || true)
    if [ "$line" = CONFIG_IRQ_TIME_ACCOUNTING=y ]; then echo apart; else echo charged; fi
    return
  done
  echo unknown
}
IRQ_ACCOUNTING=$(irq_accounting)
busy() { awk -v a="$1" -v b="$2" -v c="$3" -v d="$4" 'BEGIN { printf "%.3f", (c - a > 0 ? 1 - (d - b) / (c - a) : 0) }'; }

wrk_run() {  # port path header conns seconds -> wrk's output
  taskset -c 1 wrk -t1 -c"$4" -d"${5}s" --latency ${3:+-H "$3"} "http://127.0.0.1:$1$2"
}
measure() {  # name payload port path header conns round: warm-up, run, one line to runs.tsv
  local name=$1 payload=$2 port=$3 path=$4 header=$5 conns=$6 round=$7
  wrk_run "$port" "$path" "$header" "$conns" "$WARMUP" >/dev/null
  local hz t0 t1 c0 c1 wu ws TIMEFORMAT='%3U %3S'
  hz=$(getconf CLK_TCK)
  # The server of the row: its label's, or for the stats section's rows (stats-off, stats-on,
  # run under the label wavesites) wavesites'.
  local pid=${PID[$name]:-${PID[wavesites]}} a0=0 a1=0
  [ "$CAP" = 0 ] || a0=$(cat "$CG_ACCT/$name/cpuacct.usage")
  t0=$(server_ticks "$pid"); read -r -a c0 <<<"$(cpu_snap)"
  { time wrk_run "$port" "$path" "$header" "$conns" "$DUR" >"$TMP/wrk.out" 2>"$TMP/wrk.err"; } 2>"$TMP/wrk.time" \
    || die "wrk failed on $name $payload: $(cat "$TMP/wrk.err")"
  t1=$(server_ticks "$pid"); read -r -a c1 <<<"$(cpu_snap)"
  [ "$CAP" = 0 ] || a1=$(cat "$CG_ACCT/$name/cpuacct.usage")
  read -r wu ws <"$TMP/wrk.time"
  awk -v OFS='\t' -v name="$name" -v payload="$payload" -v conns="$conns" -v round="$round" \
    -v wrk_cpu="$(awk -v u="$wu" -v s="$ws" -v d="$DUR" 'BEGIN { printf "%.3f", (u + s) / d }')" \
    -v cpu="$(awk -v d=$((t1 - t0)) -v hz="$hz" -v s="$DUR" -v ns=$((a1 - a0)) \
      'BEGIN { printf "%.4f", (ns > 0 ? ns / 1e9 / s : d / hz / s) }')" -v quota="$([ "$CAP" = 0 ] && echo 0 || echo "$QUOTA")" -v dur="$DUR" \
    -v b0="$(busy "${c0[0]}" "${c0[1]}" "${c1[0]}" "${c1[1]}")" -v b1="$(busy "${c0[2]}" "${c0[3]}" "${c1[2]}" "${c1[3]}")" \
    -v irq_ticks=$((c1[4] - c0[4])) -v hz="$hz" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /m$/) return v * 60000; if (v ~ /s$/) return v * 1000; return v }
    /^Requests\/sec/ { rps = $2 }
    $1 == "99%" { p99 = ms($2) }
    / requests in / { reqs = $1 }
    /^ *Socket errors/ { gsub(/,/, ""); errs = $4 + $6 + $8 + $10 }
    /Non-2xx or 3xx/ { non2xx = $NF }
    END { print name, payload, conns, round, rps + 0, p99 + 0, reqs + 0, errs + 0, non2xx + 0, cpu, wrk_cpu, b0, b1,
      quota, (reqs > 0 ? sprintf("%.2f", cpu * dur * 1e6 / reqs) : 0), (reqs > 0 ? sprintf("%.2f", irq_ticks / hz * 1e6 / reqs) : 0) }
  ' "$TMP/wrk.out" >>"$OUT/${RUNS_FILE:-runs.tsv}"
}

# Profile wavesites at 512 connections on the page: perf record -g for the run's duration.
profile() {
  local port=${PORT[wavesites]}
  start_server wavesites
  if ! perf record -q -F 999 -g -p "${PID[wavesites]}" -o "$TMP/probe.data" -- sleep 0.2 >/dev/null 2>&1; then
    [ "$(id -u)" -eq 0 ] || die "perf cannot attach; try: sysctl -w kernel.perf_event_paranoid=-1"
    PARANOID_OLD=$(sysctl -n kernel.perf_event_paranoid)
    sysctl -q -w kernel.perf_event_paranoid=-1
    perf record -q -F 999 -g -p "${PID[wavesites]}" -o "$TMP/probe.data" -- sleep 0.2 >/dev/null 2>&1 \
      || die "perf record cannot attach to the server even with perf_event_paranoid=-1"
  fi
  wrk_run "$port" "$PAGE_PATH" "" "$PERF_CONN" "$WARMUP" >/dev/null
  perf record -q -F 999 -g -p "${PID[wavesites]}" -o "$OUT/perf-512.data" -- sleep "$DUR" 2>"$TMP/perf.log" &
  local perf_pid=$! rps
  sleep 0.2
  rps=$(wrk_run "$port" "$PAGE_PATH" "" "$PERF_CONN" "$DUR" | awk '/^Requests\/sec/ {print $2}')
  wait "$perf_pid" || { cat "$TMP/perf.log" >&2; die "perf record failed"; }
  stop_server wavesites
  {
    echo "# wavesites, page-plain, $PERF_CONN connections, ${DUR}s: $rps req/s while profiled (perf record -F 999 -g)"
    echo "# perf report --no-children --sort symbol (self time; top 30); full data: build/bench/perf-512.data"
    perf report -i "$OUT/perf-512.data" --no-children --sort symbol --stdio -g none >"$TMP/report.txt" 2>/dev/null
    awk '/^# Samples:/ { print; next } /^#/ || !NF { next }
      { s = substr($0, 1, 160); sub(/ +$/, "", s); print s; if (++n == 30) exit }' "$TMP/report.txt"
  } >"$OUT/perf-512.txt"
  echo
  cat "$OUT/perf-512.txt"
}

if [ "$PERF" = only ]; then
  profile
  exit 0
fi

if [ "$ONLY" != stats ]; then
# Same bytes from every server: each alone, each payload fetched once and compared with its file.
printf 'payload check, body+header bytes per answer (bodies must equal the files):\n'
: >"$OUT/check.tsv"
for name in "${SERVERS[@]}"; do
  start_server "$name"
  line=""
  for spec in "${PAYLOADS[@]}"; do
    IFS='|' read -r payload path header file enc <<<"$spec"
    read -r body hdr code < <(curl -s -o "$TMP/body" -D "$TMP/head" -w '%{size_download} %{size_header} %{http_code}\n' \
      ${header:+-H "$header"} "http://127.0.0.1:${PORT[$name]}$path")
    got_enc=$(awk -F': *' 'tolower($1)=="content-encoding" {gsub(/\r/, "", $2); print $2}' "$TMP/head")
    if [ "$payload" = go-302 ]; then  # a redirect: its status and Location, not a file
      location=$(awk 'tolower($1)=="location:" {gsub(/\r/, "", $2); print $2}' "$TMP/head")
      if [ "$code" != 302 ] || [ "$location" != "$GO_TO" ]; then die "$name $payload: status $code to '$location'"; fi
      line+=$(printf '  %s %s+%s' "$payload" "$body" "$hdr")
      printf '%s\t%s\t%s\t%s\t\n' "$name" "$payload" "$body" "$hdr" >>"$OUT/check.tsv"
      continue
    fi
    [ "$code" = 200 ] || die "$name $payload: status $code"
    [ "$got_enc" = "$enc" ] || die "$name $payload: Content-Encoding '${got_enc}', expected '${enc}'"
    cmp -s "$TMP/body" "$BW/$file" || die "$name $payload: body ($body B) differs from $file ($(stat -c %s "$BW/$file") B)"
    line+=$(printf '  %s %s+%s%s' "$payload" "$body" "$hdr" "${enc:+ ($enc)}")
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$payload" "$body" "$hdr" "$got_enc" >>"$OUT/check.tsv"
  done
  stop_server "$name"
  printf '  %-10s%s\n' "$name" "$line"
done

: >"$OUT/runs.tsv"
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
runs=$((ROUNDS * ${#SERVERS[@]} * ${#PAYLOADS[@]} * ${#CONNS[@]}))
[ "$ONLY" != capped ] || runs=0
((runs == 0)) || printf '\n%s runs of %ss (+%ss warm-up each), about %s min\n' "$runs" "$DUR" "$WARMUP" $(((runs * (DUR + WARMUP) + 59) / 60))
for round in $(seq "$((runs > 0 ? ROUNDS : 0))"); do
  for i in "${!SERVERS[@]}"; do  # the order rotates each round
    name=${SERVERS[$(((i + round - 1) % ${#SERVERS[@]}))]}
    start_server "$name"
    for spec in "${PAYLOADS[@]}"; do
      IFS='|' read -r payload path header _ _ <<<"$spec"
      for conns in "${CONNS[@]}"; do
        measure "$name" "$payload" "${PORT[$name]}" "$path" "$header" "$conns" "$round"
      done
    done
    stop_server "$name"
    printf '  round %s/%s: %s done\n' "$round" "$ROUNDS" "$name"
  done
done

# The capped rounds: each server in its cgroup at BENCH_QUOTA% of core 0; wavesites also with its
# visit counts on (the page under its configured host), whose row shows what counting costs.
: >"$OUT/runs-capped.tsv"
CAPPED=(wavesites nginx h2o stats-on)
if why=$(cgroup_setup "${CAPPED[@]}"); then
  runs=$((2 * ROUNDS * (3 * ${#PAYLOADS[@]} + 1) * ${#CONNS[@]}))
  printf '\ncapped rounds, %s%% of a core each: %s half runs of %ss, about %s min\n' "$QUOTA" "$runs" "$HALF" \
    $(((runs * (HALF + WARMUP) + 59) / 60))
  # side by side, each cell measured for all four back to back (see the top)
  for name in "${CAPPED[@]}"; do
    if [ "$name" = stats-on ]; then CAP=1 WS_CONFIG=$TMP/bench-stats-on.toml start_server stats-on; else CAP=1 start_server "$name"; fi
  done
  for round in $(seq "$ROUNDS"); do
    for spec in "${PAYLOADS[@]}"; do
      IFS='|' read -r payload path header _ _ <<<"$spec"
      for conns in "${CONNS[@]}"; do
        order=()
        for i in "${!CAPPED[@]}"; do order+=("${CAPPED[$(((i + round - 1) % ${#CAPPED[@]}))]}"); done  # rotates each round
        for ((i = ${#order[@]} - 1; i >= 0; i--)); do order+=("${order[i]}"); done  # and back (see the top)
        for name in "${order[@]}"; do
          if [ "$name" != stats-on ]; then
            DUR=$HALF CAP=1 RUNS_FILE=runs-capped.tsv measure "$name" "$payload" "${PORT[$name]}" "$path" "$header" "$conns" "$round"
          elif [ "$payload" = page-plain ]; then
            DUR=$HALF CAP=1 RUNS_FILE=runs-capped.tsv measure stats-on page-plain "${PORT[stats-on]}" "$PAGE_PATH" "Host: bench.test" "$conns" "$round"
          fi
        done
      done
    done
    printf '  capped round %s/%s done\n' "$round" "$ROUNDS"
  done
  for name in "${CAPPED[@]}"; do stop_server "$name"; done
else
  printf '\ncapped rounds skipped: %s\n' "$why"
fi

# Syscalls per answer and answers per wake-up (see the top of this file).
: >"$OUT/syscalls.tsv"
syscall_counts() {
  local conns=${CONNS[-1]} name spec payload path header pids
  for name in "${SERVERS[@]}"; do
    CAP=0 start_server "$name"
    pids=${PID[$name]}$(pgrep -P "${PID[$name]}" | sed 's/^/,/' | tr -d '\n')
    for spec in "${PAYLOADS[@]}"; do
      IFS='|' read -r payload path header _ _ <<<"$spec"
      wrk_run "${PORT[$name]}" "$path" "$header" "$conns" 1 >/dev/null
      perf stat -x, -e raw_syscalls:sys_enter,syscalls:sys_enter_epoll_wait -p "$pids" -o "$TMP/stat.csv" -- \
        taskset -c 1 wrk -t1 -c"$conns" -d3s ${header:+-H "$header"} "http://127.0.0.1:${PORT[$name]}$path" >"$TMP/wrk.out" 2>&1 ||
        return 1
      awk -F, -v OFS='\t' -v name="$name" -v payload="$payload" -v conns="$conns" \
        -v reqs="$(awk '/ requests in / {print $1}' "$TMP/wrk.out")" '
        $3 == "raw_syscalls:sys_enter" { all = $1 } $3 == "syscalls:sys_enter_epoll_wait" { waits = $1 }
        END { print name, payload, conns, reqs, all, waits }' "$TMP/stat.csv" >>"$OUT/syscalls.tsv"
    done
    stop_server "$name"
  done
}
if ! command -v perf >/dev/null; then
  printf '\nsyscall counts skipped: perf is missing (Debian package linux-perf)\n'
elif ! perf stat -e raw_syscalls:sys_enter -- true >/dev/null 2>&1; then
  printf '\nsyscall counts skipped: perf cannot count the raw_syscalls tracepoint here (root, or kernel.perf_event_paranoid=-1)\n'
else
  printf '\nsyscall counts at %s connections, uncapped, 3 s per payload and server\n' "${CONNS[-1]}"
  syscall_counts || { printf 'syscall counts failed: %s\n' "$(cat "$TMP/stat.csv" 2>/dev/null)"; : >"$OUT/syscalls.tsv"; }
fi
load_end=$(cut -d' ' -f1-3 /proc/loadavg)

node - "$OUT" "$TMP" <<NODE
const fs = require('fs'), path = require('path');
const [out, tmp] = process.argv.slice(2);
const tsv = (f) => fs.readFileSync(path.join(out, f), 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split('\t'));
const median = (a) => { const s = [...a].sort((x, y) => x - y), n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const servers = '${SERVERS[*]}'.split(' ');
const payloads = '$(printf '%s ' "${PAYLOADS[@]%%|*}")'.trim().split(' ');
const conns = '${CONNS[*]}'.split(' ').map(Number);
// server_cpu and wrk_cpu: CPU time each used during the run, as a fraction of one core;
// core0_busy and core1_busy: how busy the whole core was (the server's or wrk's, and anything else)
const parse = ([server, payload, c, round, rps, p99, requests, errors, non2xx, cpu, wcpu, b0, b1, quota, us, irq]) => ({
  server, payload, connections: +c, round: +round, rps: +rps, p99_ms: +p99, requests: +requests,
  socket_errors: +errors, non_2xx: +non2xx, server_cpu: +cpu, wrk_cpu: +wcpu, core0_busy: +b0, core1_busy: +b1,
  quota_percent: +quota, cpu_us_per_answer: +us, core0_interrupt_us_per_answer: +irq });
const runs = tsv('runs.tsv').map(parse);
const cappedHalves = fs.existsSync(path.join(out, 'runs-capped.tsv')) ? tsv('runs-capped.tsv').map(parse) : [];
// A capped run is its two halves (see the top), of equal length: rates and shares are their
// means, counts their sums, and what one answer cost is their total over their answers.
const byRun = new Map();
for (const r of cappedHalves) {
  const key = [r.server, r.payload, r.connections, r.round].join(' ');
  byRun.set(key, [...(byRun.get(key) ?? []), r]);
}
const capped = [...byRun.values()].map((rs) => {
  const sum = (f) => rs.reduce((n, r) => n + r[f], 0), mean = (f) => sum(f) / rs.length;
  const perAnswer = (f) => rs.reduce((n, r) => n + r[f] * r.requests, 0) / Math.max(sum('requests'), 1);
  return { ...rs[0], halves: rs.length, rps: mean('rps'), p99_ms: mean('p99_ms'), requests: sum('requests'),
    socket_errors: sum('socket_errors'), non_2xx: sum('non_2xx'), server_cpu: mean('server_cpu'), wrk_cpu: mean('wrk_cpu'),
    core0_busy: mean('core0_busy'), core1_busy: mean('core1_busy'), cpu_us_per_answer: perAnswer('cpu_us_per_answer'),
    core0_interrupt_us_per_answer: perAnswer('core0_interrupt_us_per_answer') };
});
const check = {};
for (const [server, payload, body, hdr, enc] of tsv('check.tsv'))
  (check[payload] ??= {})[server] = { body_bytes: +body, header_bytes: +hdr, content_encoding: enc || null };
const results = [];
if (runs.length) for (const payload of payloads) for (const c of conns) {
  const row = { payload, connections: c, servers: {} };
  for (const s of servers) {
    const rs = runs.filter((r) => r.server === s && r.payload === payload && r.connections === c);
    row.servers[s] = { rps: median(rs.map((r) => r.rps)), p99_ms: median(rs.map((r) => r.p99_ms)),
      server_cpu: median(rs.map((r) => r.server_cpu)), wrk_cpu: median(rs.map((r) => r.wrk_cpu)),
      // requests per second of server CPU: less sensitive to other load on core 0 than req/s
      rps_per_server_cpu: median(rs.map((r) => (r.server_cpu > 0 ? r.rps / r.server_cpu : 0))),
      // what reading one answer cost the client: equal for every server when the bytes are
      wrk_us_per_answer: median(rs.map((r) => (r.rps > 0 ? (r.wrk_cpu / r.rps) * 1e6 : 0))),
      errors: rs.reduce((n, r) => n + r.socket_errors + r.non_2xx, 0) };
  }
  const ws = row.servers.wavesites.rps;
  row.wavesites_over_nginx = ws / row.servers.nginx.rps;
  row.wavesites_over_h2o = ws / row.servers.h2o.rps;
  const per_cpu = (s) => row.servers[s].rps_per_server_cpu;
  row.per_server_cpu = { wavesites_over_nginx: per_cpu('wavesites') / per_cpu('nginx'), wavesites_over_h2o: per_cpu('wavesites') / per_cpu('h2o') };
  results.push(row);
}
const h = (s, w) => String(s).padStart(w);
const cols = servers.map((s) => h(s + ' r/s', 15) + h('p99 ms', 8)).join('');
if (runs.length) {
console.log('\nmedian of ${ROUNDS} rounds of ${DUR}s; one server at a time on core 0, wrk -t1 on core 1');
console.log('page: ' + check['page-plain'].wavesites.body_bytes + ' B of prerendered article HTML (gzip ' +
  check['page-gzip'].wavesites.body_bytes + ' B); asset: $ASSET_PATH, ' + check['asset-2KB'].wavesites.body_bytes + ' B\n');
console.log('payload'.padEnd(11) + h('conns', 6) + cols + h('ws/nginx', 10) + h('ws/h2o', 8));
for (const r of results) {
  const cells = servers.map((s) => h(Math.round(r.servers[s].rps), 15) + h(r.servers[s].p99_ms.toFixed(2), 8)).join('');
  console.log(r.payload.padEnd(11) + h(r.connections, 6) + cells + h(r.wavesites_over_nginx.toFixed(2) + 'x', 10) + h(r.wavesites_over_h2o.toFixed(2) + 'x', 8));
}
// The same runs per second of the server's own CPU time: what each server costs per answer, which
// is what is left to compare where wrk, not the server, set the pace.
console.log('\nrequests per second of server CPU (the cost of one answer; wrk plays no part):');
console.log('payload'.padEnd(11) + h('conns', 6) + servers.map((s) => h(s, 15) + h('cpu', 8)).join('') + h('ws/nginx', 10) + h('ws/h2o', 8));
for (const r of results) {
  const eff = (s) => r.servers[s].rps_per_server_cpu;
  const cells = servers.map((s) => h(Math.round(eff(s)), 15) + h(Math.round(r.servers[s].server_cpu * 100) + '%', 8)).join('');
  console.log(r.payload.padEnd(11) + h(r.connections, 6) + cells + h((eff('wavesites') / eff('nginx')).toFixed(2) + 'x', 10) +
    h((eff('wavesites') / eff('h2o')).toFixed(2) + 'x', 8));
}
}
// The capped rounds: requests/s is what the quota of one core buys each server.
const cappedResults = [];
if (capped.length) {
  const quota = capped[0].quota_percent;
  console.log('\ncapped at ' + quota + '% of core 0 (cgroup cpu.cfs_quota_us), median of ${ROUNDS} rounds, each cell run for the servers back to back in two halves of ${HALF}s, in turn and back: requests/s, CPU µs per answer (cpuacct), busy % of the quota, p99 ms');
  const who = [...servers, 'stats-on'];
  console.log('payload'.padEnd(11) + h('conns', 6) + who.map((s) => h(s, 13) + h('µs', 7) + h('busy', 6) + h('p99', 7)).join('') + h('ws/nginx', 10) + h('ws/h2o', 8));
  for (const payload of payloads) for (const c of conns) {
    const row = { payload, connections: c, servers: {} };
    for (const s of who) {
      const rs = capped.filter((r) => r.server === s && r.payload === payload && r.connections === c);
      if (!rs.length) continue;
      row.servers[s] = { rps: median(rs.map((r) => r.rps)), cpu_us_per_answer: median(rs.map((r) => r.cpu_us_per_answer)),
        core0_interrupt_us_per_answer: median(rs.map((r) => r.core0_interrupt_us_per_answer)),
        quota_busy: median(rs.map((r) => r.server_cpu / (quota / 100))), p99_ms: median(rs.map((r) => r.p99_ms)),
        wrk_cpu: median(rs.map((r) => r.wrk_cpu)), errors: rs.reduce((n, r) => n + r.socket_errors + r.non_2xx, 0) };
    }
    row.wavesites_over_nginx = row.servers.wavesites.rps / row.servers.nginx.rps;
    row.wavesites_over_h2o = row.servers.wavesites.rps / row.servers.h2o.rps;
    // The same ratios within each round, whose servers ran minutes apart: on a shared machine
    // one round can stray 10% or more, so a median near a target line can fall either side of it
    // in the next run.
    const inRound = (s, k) => capped.find((r) => r.server === s && r.payload === payload && r.connections === c && r.round === k);
    const byRound = (peer) => [...new Set(capped.map((r) => r.round))].sort((a, b) => a - b)
      .map((k) => (inRound('wavesites', k) && inRound(peer, k) ? inRound('wavesites', k).rps / inRound(peer, k).rps : null))
      .filter((x) => x !== null);
    row.rounds_over_nginx = byRound('nginx');
    row.rounds_over_h2o = byRound('h2o');
    cappedResults.push(row);
    const cells = who.map((s) => { const v = row.servers[s]; return v ? h(Math.round(v.rps), 13) + h(v.cpu_us_per_answer.toFixed(1), 7) +
      h(Math.round(v.quota_busy * 100) + '%', 6) + h(v.p99_ms.toFixed(1), 7) : h('', 33); }).join('');
    console.log(payload.padEnd(11) + h(c, 6) + cells + h(row.wavesites_over_nginx.toFixed(2) + 'x', 10) + h(row.wavesites_over_h2o.toFixed(2) + 'x', 8));
  }
}
if (cappedResults.length) {
  console.log('\nthe capped ratios in each round, ws/nginx | ws/h2o: how far one round strays from the medians above');
  const list = (a) => a.map((x) => x.toFixed(2)).join(' ');
  for (const r of cappedResults) {
    console.log(r.payload.padEnd(11) + h(r.connections, 6) + '   ' + list(r.rounds_over_nginx) + ' | ' + list(r.rounds_over_h2o));
  }
  // The kernel's delivery of the answers over loopback, in softirqs on core 0 (see the top).
  console.log('\ncore 0 interrupt time per answer in the capped runs, µs: irq + softirq in /proc/stat, mostly the kernel delivering');
  console.log('the answers over loopback; ' + {
    apart: 'this kernel accounts it apart (IRQ_TIME_ACCOUNTING), in no task: not in the µs above, not under the quota',
    charged: 'this kernel has no IRQ_TIME_ACCOUNTING: a softirq is charged to the task it interrupts, so what ran inside the server\'s sends is also in the µs above and the quota',
    unknown: 'whether this is part of the µs above depends on the kernel\'s IRQ_TIME_ACCOUNTING, whose setting could not be read',
  }['$IRQ_ACCOUNTING']);
  console.log('payload'.padEnd(11) + h('conns', 6) + servers.map((s) => h(s, 12)).join(''));
  for (const r of cappedResults) {
    console.log(r.payload.padEnd(11) + h(r.connections, 6) + servers.map((s) => h(r.servers[s].core0_interrupt_us_per_answer.toFixed(1), 12)).join(''));
  }
}
const syscalls = fs.readFileSync(path.join(out, 'syscalls.tsv'), 'utf8').trim().split('\n').filter(Boolean)
  .map((l) => l.split('\t')).map(([server, payload, c, answers, sys, waits]) => ({ server, payload, connections: +c,
    answers: +answers, syscalls: +sys, epoll_waits: +waits, syscalls_per_answer: +sys / +answers, answers_per_wait: +answers / +waits }));
if (syscalls.length) {
  console.log('\nsyscalls per answer / answers per epoll_wait, ' + syscalls[0].connections + ' connections, uncapped (perf stat)');
  console.log('payload'.padEnd(11) + servers.map((s) => h(s, 20)).join(''));
  for (const payload of payloads) console.log(payload.padEnd(11) + servers.map((s) => {
    const v = syscalls.find((r) => r.server === s && r.payload === payload);
    return h(v ? v.syscalls_per_answer.toFixed(2) + ' / ' + v.answers_per_wait.toFixed(0) : '-', 20);
  }).join(''));
}
const notes = [];
for (const r of cappedResults) for (const [s, v] of Object.entries(r.servers)) {
  if (v.errors) notes.push('capped ' + s + ' ' + r.payload + ' c' + r.connections + ': ' + v.errors + ' socket errors or non-2xx answers');
  if (v.quota_busy < 0.9) notes.push('capped ' + s + ' ' + r.payload + ' c' + r.connections + ': only ' + Math.round(v.quota_busy * 100) +
    '% of its quota used, so it was not the bottleneck (wrk used ' + Math.round(v.wrk_cpu * 100) + '% of core 1)');
}
for (const r of results) for (const s of servers) {
  const v = r.servers[s];
  if (v.errors) notes.push(s + ' ' + r.payload + ' c' + r.connections + ': ' + v.errors + ' socket errors or non-2xx answers');
  if (v.wrk_cpu > 0.9) notes.push(s + ' ' + r.payload + ' c' + r.connections + ': wrk used ' + Math.round(v.wrk_cpu * 100) +
    '% of core 1 (' + v.wrk_us_per_answer.toFixed(1) + ' µs per answer), the client may be the limit');
}
const shared = runs.filter((r) => r.core0_busy > 0.95 && r.server_cpu < 0.8);
if (shared.length) notes.push(shared.length + ' of ' + runs.length + ' runs: core 0 was busy but the server had under 80% of it (median ' +
  Math.round(median(shared.map((r) => r.server_cpu)) * 100) + '%): other processes ran there, so those figures are not comparable');
if (notes.length) console.log('\n' + notes.join('\n'));
const result = {
  generated: new Date().toISOString(),
  commit: '$(git rev-parse HEAD 2>/dev/null || echo unknown)$(git diff --quiet HEAD 2>/dev/null || echo -dirty)',
  machine: { cores: $(nproc), kernel: '$(uname -r)', irq_time_accounting: '$IRQ_ACCOUNTING', loadavg_start: '$load_start', loadavg_end: '$load_end' },
  settings: { duration_s: $DUR, warmup_s: $WARMUP, rounds: $ROUNDS, connections: conns, wrk: 'wrk -t1 --latency, taskset -c 1', server_core: 0 },
  versions: { wavesites: '$("$ROOT/build/bin/wavesites" --version 2>&1 | head -1)', nginx: '$(nginx -v 2>&1 | sed 's/^nginx version: //')',
    h2o: '$(h2o --version 2>&1 | head -1)', wrk: '$(wrk -v 2>&1 | head -1 | cut -d' ' -f1-2)' },
  configs: { wavesites: fs.readFileSync(path.join(tmp, 'bench.toml'), 'utf8'),
    nginx: fs.readFileSync(path.join(tmp, 'nginx.conf'), 'utf8'), h2o: fs.readFileSync(path.join(tmp, 'h2o.conf'), 'utf8') },
  payloads: Object.fromEntries(payloads.map((p) => [p, check[p]])),
  results,
  capped: cappedResults.length ? { quota_percent: capped[0].quota_percent, cfs_period_us: 10000, results: cappedResults, runs: capped, halves: cappedHalves } : null,
  syscalls,
  runs,
};
fs.writeFileSync(path.join(out, 'results.json'), JSON.stringify(result, null, 2) + '\n');
console.log('\nraw results: build/bench/results.json');
NODE

[ "$PERF" = 0 ] || profile
fi
[ "$ONLY" != capped ] || exit 0

# Visit counts on and off: wavesites alone, the page under its configured host (each request a
# view: counted, hashed, flushed every 10 s), the two modes alternating round by round. Both
# requests per second and requests per second of server CPU are compared: where wrk's core sets
# the pace, the second shows what counting costs. Then the flush figures from /metrics and the
# store's size per million views (the day's rows are few: one per page, referrer, campaign...,
# plus the day's visitor hashes, which go after two days).
echo
echo "visit counts: [stats] enabled = true vs false, page-plain on its configured host, ${ROUNDS} rounds of ${DUR}s"
: >"$OUT/stats-runs.tsv"
RUNS_FILE=stats-load.tsv
: >"$OUT/$RUNS_FILE"
rm -rf "$TMP/data"
for round in $(seq "$ROUNDS"); do
  order=(on off); ((round % 2)) || order=(off on)
  for mode in "${order[@]}"; do
    WS_CONFIG=$TMP/bench-stats-$mode.toml start_server wavesites
    for conns in "${CONNS[@]}"; do
      measure "stats-$mode" page-plain "${PORT[wavesites]}" "$PAGE_PATH" "Host: bench.test" "$conns" "$round"
    done
    if [ "$mode" = on ]; then
      sleep 11  # one more flush, so the metrics hold every view of the run
      curl -s "http://127.0.0.1:${PORT[wavesites]}/metrics" | awk -v r="$round" '/^wavesites_stats_(flushes|flush_seconds|rows_written)_total /{print r "\t" $1 "\t" $2}' >>"$OUT/stats-runs.tsv"
    fi
    stop_server wavesites
  done
done
views=$(WS_CONFIG='' "$ROOT/build/bin/wavesites" stats --format json --site bench --config "$TMP/bench-stats-on.toml" --data "$TMP/data" --web "$BW" \
  | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).sites.bench.views))')
bytes=$(du -cb "$TMP/data"/wavesites.db* | tail -1 | cut -f1)
node - "$OUT" "$views" "$bytes" <<'NODE'
const fs = require('fs'), path = require('path');
const [out, views, bytes] = process.argv.slice(2);
const runs = fs.readFileSync(path.join(out, 'stats-load.tsv'), 'utf8').trim().split('\n').map((l) => l.split('\t'))
  .filter((r) => r[0].startsWith('stats-'));
const metrics = fs.readFileSync(path.join(out, 'stats-runs.tsv'), 'utf8').trim().split('\n').filter(Boolean).map((l) => l.split('\t'));
const median = (a) => { const s = [...a].sort((x, y) => x - y), n = s.length; return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2; };
const conns = [...new Set(runs.map((r) => +r[2]))];
const rows = [];
for (const c of conns) {
  const of = (mode) => runs.filter((r) => r[0] === 'stats-' + mode && +r[2] === c);
  const rps = (mode) => median(of(mode).map((r) => +r[4]));
  const eff = (mode) => median(of(mode).map((r) => (+r[9] > 0 ? +r[4] / +r[9] : 0)));
  rows.push({ connections: c, on_rps: Math.round(rps('on')), off_rps: Math.round(rps('off')), 'on/off': (rps('on') / rps('off')).toFixed(3),
    'on r/s per cpu': Math.round(eff('on')), 'off r/s per cpu': Math.round(eff('off')), 'per cpu on/off': (eff('on') / eff('off')).toFixed(3) });
}
console.table(rows);
const sum = (name) => metrics.filter((m) => m[1] === name).reduce((n, m) => n + +m[2], 0);
const flushes = sum('wavesites_stats_flushes_total'), seconds = sum('wavesites_stats_flush_seconds_total'), written = sum('wavesites_stats_rows_written_total');
console.log(`flushes: ${flushes}, ${(seconds / Math.max(flushes, 1) * 1000).toFixed(2)} ms each on average, ${Math.round(written / Math.max(flushes, 1))} rows each`);
console.log(`store: ${views} views counted, SQLite files ${(bytes / 1024).toFixed(0)} KiB in all (schema, leads and clicks tables included): ` +
  `${(bytes / 1024 / (views / 1e6)).toFixed(1)} KiB per million views`);
fs.writeFileSync(path.join(out, 'stats.json'), JSON.stringify({ rows, flushes, flush_seconds: seconds, rows_written: written, views: +views, store_bytes: +bytes }, null, 2) + '\n');
NODE
[ "$ONLY" != stats ] || exit 0

# The intake: leads per second with durability on, and memory under 20 concurrent 10 MiB uploads.
echo
node "$ROOT/scripts/bench-intake.mjs"
