#!/usr/bin/env bash
# make test: the build, the quick habits of `make lint`, then every suite, stopping at the first
# that fails. clang-tidy is not among them: it is some 11 minutes of pure CPU, and on a two-core
# machine, even at nice 19 beside the suites, it kept a fresh clone's run 150-230 s past the last
# suite, over the 20 minutes a run may take. `make lint` runs it; run that before a commit that
# touches C++.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each step says how long it took, and the run its total: the figures to watch against that budget.
step() {
  local started=$SECONDS
  "$@"
  echo "make test: $* took $((SECONDS - started)) s"
}

step make --no-print-directory server
step make --no-print-directory web
step scripts/lint-shell.sh
step scripts/lint-js.sh
step scripts/lint-cpp.sh --no-tidy
for suite in test-unit test-web test-integration test-browser test-fuzz; do
  step make --no-print-directory "$suite"
done
echo "make test: $SECONDS s from the build on"
