#!/usr/bin/env bash
# ESLint and Prettier on the JavaScript outside web/: the integration tests and these scripts,
# with web/'s installed tools, its rules for Node code (eslint.config.js) and the one Prettier
# style (.prettierrc.json, web/'s too). Any finding fails; `make format` applies Prettier.
# web/'s own code is checked by `make test-web`.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=web/node_modules/.bin

# Prettier takes globs, not the folders: tests/integration/fixtures holds Markdown that is test
# input, whose bytes matter. (git's '*' crosses '/' like Prettier's '**'.)
mapfile -t files < <(git ls-files eslint.config.js 'tests/integration/*.mjs' 'scripts/*.mjs')
echo "lint: eslint and prettier on ${#files[@]} files"
"$BIN/eslint" --max-warnings=0 eslint.config.js tests/integration scripts
"$BIN/prettier" --check --log-level warn eslint.config.js 'tests/integration/**/*.mjs' 'scripts/**/*.mjs'
