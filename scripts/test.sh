#!/usr/bin/env bash
# make test: the build, then every suite, stopping at the first that fails. clang-tidy is most of
# `make lint`'s time (some 11 minutes of pure CPU) while the web build and the integration and
# browser suites spend much of theirs on one core or waiting on sockets and timers; so clang-tidy
# runs beside them at the lowest priority (nice 19), from the moment the server's build has
# written its compile database, where it takes only the CPU they leave and their timings hold,
# and its verdict is awaited at the end. Started after the web build instead, it was still
# running 204 s after the last suite of a 25-minute run. `make lint` still runs it in the
# foreground.
set -euo pipefail
cd "$(dirname "$0")/.."

make --no-print-directory server

tidy_log=$(mktemp)
# A process group of its own (job control for this one job), so that a failing suite stops every
# clang-tidy with it. Not setsid: a new session is a new scheduler autogroup, which gets an equal
# share of the CPU whatever its nice value (measured: it slowed the integration suite by 45%).
set -m
nice -n 19 scripts/lint-cpp.sh --tidy-only >"$tidy_log" 2>&1 &
tidy=$!
set +m
stop_tidy() {
  kill -- "-$tidy" 2>/dev/null || true
  rm -f "$tidy_log"
}
trap stop_tidy EXIT

make --no-print-directory web
scripts/lint-shell.sh
scripts/lint-js.sh
scripts/lint-cpp.sh --no-tidy

for suite in test-unit test-web test-integration test-browser test-fuzz; do
  make --no-print-directory "$suite"
done

status=0
wait "$tidy" || status=$?
cat "$tidy_log"
trap - EXIT
rm -f "$tidy_log"
if ((status != 0)); then
  echo "make test: clang-tidy found problems (above)" >&2
  exit "$status"
fi
