#!/usr/bin/env bash
# The C++ habits `make lint` enforces (`make test` all but clang-tidy): clang-format (the
# repository's .clang-format), the include direction of server/src's layers
# (scripts/check-layers.py) and a small clang-tidy check set (.clang-tidy) on every tracked C++
# file. Any finding fails. clang-tidy reads the compile commands of a configure of its own
# (CMake preset "tidy", seconds, nothing built): the release build compiles the unit tests eight
# files at a time, which leaves no command for each. `make format` applies clang-format.
#   scripts/lint-cpp.sh              all three
#   scripts/lint-cpp.sh --no-tidy    clang-format and the layer order (seconds)
#   scripts/lint-cpp.sh --tidy-only  clang-tidy (some 11 CPU-minutes: make lint, not make test)
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-all}
case $mode in
  all | --no-tidy | --tidy-only) ;;
  *)
    echo "usage: scripts/lint-cpp.sh [--no-tidy | --tidy-only]" >&2
    exit 2
    ;;
esac
FORMAT=clang-format-14
TIDY=clang-tidy-14

if [[ $mode != --tidy-only ]]; then
  mapfile -t all < <(git ls-files '*.cpp' '*.hpp')
  echo "lint: clang-format on ${#all[@]} files"
  "$FORMAT" --dry-run --Werror "${all[@]}"
  scripts/check-layers.py
fi
[[ $mode != --no-tidy ]] || exit 0

# The fuzz targets build with clang alone and are not in that database.
mapfile -t units < <(git ls-files 'server/src/*.cpp' 'server/tests/*.cpp')
echo "lint: clang-tidy on ${#units[@]} files"
# The preset names the database's directory; cmake says where it wrote it.
DB=$(cd server && cmake --preset tidy | sed -n 's/^-- Build files have been written to: //p')
[[ -n $DB ]] || { echo "lint: cmake --preset tidy did not say where it wrote" >&2; exit 1; }
# Boost 1.74 enables coroutines for clang only with the Coroutines TS; clang 14 has C++20 ones.
printf '%s\n' "${units[@]}" | xargs -P "$(nproc)" -n 2 "$TIDY" -p "$DB" --quiet \
  --extra-arg=-Wno-unknown-warning-option --extra-arg=-DBOOST_ASIO_HAS_CO_AWAIT \
  --extra-arg=-DBOOST_ASIO_HAS_STD_COROUTINE 2>/dev/null
echo "lint: no findings"
