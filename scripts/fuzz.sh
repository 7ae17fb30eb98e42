#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset "fuzz", clang++-14) and runs each one for
# FUZZ_SECONDS (default 20) on a scratch copy of its seed corpus, so the committed corpus never
# grows. Fails on any crash, sanitizer report, leak or timeout; the input that caused it is kept
# in build/fuzz-artifacts/<target>/ (reproduce with: build/cmake-fuzz/fuzz/<target> <file>).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FUZZ_SECONDS=${FUZZ_SECONDS:-20}
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

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
failed=()
while read -r name corpus; do
  work=$TMP/$name
  mkdir -p "$work/corpus" "$ARTIFACTS/$name"
  if [[ -d $corpus ]]; then cp -R "$corpus/." "$work/corpus/"; fi
  echo "fuzz: $name for ${FUZZ_SECONDS}s ($(find "$work/corpus" -type f | wc -l) seeds)"
  if "$BIN_DIR/$name" -max_total_time="$FUZZ_SECONDS" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$ARTIFACTS/$name/" "$work/corpus" </dev/null >"$work/log" 2>&1; then
    # The last status line (coverage, features, corpus) and the totals.
    grep -E '^#[0-9]+' "$work/log" | tail -n 1 || true
    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)' "$work/log" | tr '\n' ' ' || true
    echo
  else
    tail -n 80 "$work/log" >&2
    echo "fuzz: $name FAILED; the input is in $ARTIFACTS/$name/" >&2
    failed+=("$name")
  fi
done <"$LIST"

if ((${#failed[@]})); then
  echo "fuzz: failures in ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: all targets ran ${FUZZ_SECONDS}s without findings"
