#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset "fuzz", clang++-14) and runs each one on a scratch
# copy of its seed corpus, so the committed corpus never grows: for FUZZ_SECONDS (default 20), or
# for FUZZ_RUNS executions (libFuzzer -runs; then FUZZ_SECONDS, if given, caps the time as well).
# FUZZ_TARGETS="fuzz_request fuzz_config" runs only those. One process per target, no -jobs: the
# machine this runs on may have two cores. Fails on any crash, sanitizer report, leak, timeout or
# memory over 2 GB; the input that caused it is kept in build/fuzz-artifacts/<target>/
# (reproduce with: build/cmake-fuzz/fuzz/<target> <file>). Prints each target's executions,
# executions per second, seconds, peak memory and coverage, and a table of them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FUZZ_RUNS=${FUZZ_RUNS:-}
if [[ -n $FUZZ_RUNS ]]; then FUZZ_SECONDS=${FUZZ_SECONDS:-0}; else FUZZ_SECONDS=${FUZZ_SECONDS:-20}; fi
FUZZ_TARGETS=${FUZZ_TARGETS:-}
BIN_DIR=$ROOT/build/cmake-fuzz/fuzz
ARTIFACTS=$ROOT/build/fuzz-artifacts

if ! command -v clang++-14 >/dev/null; then
  echo "fuzz: clang++-14 is missing (apt-get install clang-14 libclang-rt-14-dev)" >&2
  exit 1
fi
(cd server && cmake --preset fuzz >/dev/null && cmake --build --preset fuzz --target wavesites_fuzzers)

LIST=$BIN_DIR/fuzzers.txt
if [[ ! -s $LIST ]]; then
  echo "fuzz: no targets listed in $LIST" >&2
  exit 1
fi

limits=(-max_total_time="$FUZZ_SECONDS")
budget="${FUZZ_SECONDS}s"
if [[ -n $FUZZ_RUNS ]]; then
  limits+=(-runs="$FUZZ_RUNS")
  budget="$FUZZ_RUNS runs"
  if ((FUZZ_SECONDS > 0)); then budget+=" or ${FUZZ_SECONDS}s"; fi
fi

# A libFuzzer total from the log: final_stat number_of_executed_units
final_stat() { grep -E "^stat::$1:" "$work/log" | awk '{print $2}'; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# One target, its output kept in $TMP/<name>/ (log, report, row or failed) and shown once all are done.
run_target() {
  local name=$1 corpus=$2 work=$TMP/$1
  mkdir -p "$work/corpus" "$ARTIFACTS/$name"
  if [[ -d $corpus ]]; then cp -R "$corpus/." "$work/corpus/"; fi
  local seeds started=$SECONDS
  seeds=$(find "$work/corpus" -type f | wc -l)
  if "$BIN_DIR/$name" "${limits[@]}" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$ARTIFACTS/$name/" "$work/corpus" </dev/null >"$work/log" 2>&1; then
    local took=$((SECONDS - started)) last cov
    # The last status line (coverage, features, corpus) and the totals.
    last=$(grep -E '^#[0-9]+' "$work/log" | tail -n 1 || true)
    {
      echo "fuzz: $name for $budget ($seeds seeds)"
      echo "$last"
      grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$work/log" | tr '\n' ' ' || true
      echo "seconds: $took"
    } >"$work/report"
    cov=$(sed -nE 's/.* cov: ([0-9]+) ft: ([0-9]+) corp: ([0-9]+).*/\1 \2 \3/p' <<<"$last")
    printf '%-20s %12s %8s %7s %8s  %s\n' "$name" "$(final_stat number_of_executed_units)" \
      "$(final_stat average_exec_per_sec)" "$took" "$(final_stat peak_rss_mb)" "${cov:-? ? ?}" >"$work/row"
  else
    touch "$work/failed"
  fi
}

# The targets run side by side, one per core: each is one process on one core.
JOBS=$(nproc)
names=()
while read -r name corpus; do
  if [[ -n $FUZZ_TARGETS && " $FUZZ_TARGETS " != *" $name "* ]]; then continue; fi
  names+=("$name")
  while (($(jobs -rp | wc -l) >= JOBS)); do wait -n || true; done
  run_target "$name" "$corpus" &
done <"$LIST"
wait

failed=()
table=()
ran=${#names[@]}
for name in "${names[@]}"; do
  work=$TMP/$name
  if [[ -e $work/failed || ! -e $work/row ]]; then
    tail -n 80 "$work/log" >&2
    echo "fuzz: $name FAILED; the input is in $ARTIFACTS/$name/" >&2
    failed+=("$name")
  else
    cat "$work/report"
    table+=("$(cat "$work/row")")
  fi
done

if ((ran == 0)); then
  echo "fuzz: no target matches FUZZ_TARGETS=$FUZZ_TARGETS" >&2
  exit 1
fi
if ((${#table[@]})); then
  printf '%-20s %12s %8s %7s %8s  %s\n' target executions exec/s seconds rss_mb "cov ft corpus"
  printf '%s\n' "${table[@]}"
fi
if ((${#failed[@]})); then
  echo "fuzz: failures in ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: every target ran $budget without findings"
