#!/usr/bin/env bash
# Every tracked shell script through ShellCheck: the *.sh files and any file whose first line
# runs sh or bash (.ci/run has no extension). Any finding fails.
set -euo pipefail
cd "$(dirname "$0")/.."

scripts=()
while IFS= read -r -d '' file; do
  first=""
  [[ $file == *.sh ]] || [ ! -f "$file" ] || IFS= read -r first <"$file" || true
  if [[ $file == *.sh || $first =~ ^#!.*[/\ ](ba|da|k)?sh([[:space:]]|$) ]]; then scripts+=("$file"); fi
done < <(git ls-files -z)
echo "lint: shellcheck on ${#scripts[@]} files"
shellcheck "${scripts[@]}"
