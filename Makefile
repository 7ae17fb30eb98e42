# wavesites: the two commands are `make run` and `make test` (see README.md).
SHELL := /bin/bash
.DEFAULT_GOAL := run

BUILD      := build
BIN        := $(BUILD)/bin/wavesites
CMAKE_DIR  := $(BUILD)/cmake-release
WEB_OUT    := $(BUILD)/web
LISTEN     ?= 127.0.0.1:8080
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

.PHONY: run preview test build bench bench-ab load deps deps-test deps-bench server web lint format test-unit test-web test-integration test-browser test-fuzz fuzz clean

## make run: install what is missing, build, say where to open each site, serve them on http://$(LISTEN)
# The URLs come from the config's *.localhost hosts (wavesites urls), before the server's log.
run: deps build
	@mkdir -p data
	@$(BIN) urls --listen $(LISTEN)
	exec $(BIN) serve --listen $(LISTEN)

## make preview: the writer's loop (content/README.md): every site, drafts and scheduled articles included (each with its band), on <site>.localhost as make run; a save under content/ or web/src rebuilds what it touches and reloads the open tab
# It builds into build/preview/ and its own data directory there: nothing of it is published.
preview: deps server
	@cd web && LISTEN=$(LISTEN) node scripts/preview.mjs

## make build: the server binary and the prerendered web bundle
build: server web

server:
	@cd server && cmake --preset release >/dev/null && cmake --build --preset release
web:
	@cd web && npm run --silent build

deps:
	@scripts/ensure-deps.sh run
deps-test:
	@scripts/ensure-deps.sh test
deps-bench:
	@scripts/ensure-deps.sh bench

## make test: every test suite; non-zero on any failure
test: deps-test  # scripts/test.sh builds, lints all but clang-tidy (make lint), runs the suites
	@scripts/test.sh
	@echo "make test: all suites passed"

## make lint: the habits, any finding fails: shellcheck on the shell scripts, ESLint and Prettier on the integration tests and scripts/*.mjs (web/'s own code is test-web's), clang-format, the layer order and clang-tidy on the C++ sources; make format fixes the formatting
lint:
	@scripts/lint-shell.sh
	@scripts/lint-js.sh
	@scripts/lint-cpp.sh
format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format-14 -i
	@web/node_modules/.bin/prettier --write --log-level warn eslint.config.js 'tests/integration/**/*.mjs' 'scripts/**/*.mjs'

# A test per core: each is a process of its own, with its own directory or PostgreSQL schema
# (22 s one at a time, 12 s two at a time on two cores).
test-unit:
	@scripts/with-postgres.sh bash -c 'cd server && ctest --preset release -j "$$(nproc)"'
test-web:
	@cd web && npm run --silent typecheck && npm run --silent lint && npm run --silent format:check && npx vitest run
# Three files at a time: node's default on two cores is one, and the files spend most of their
# time waiting on sockets, timers and child servers (each has its own ports, data directory and
# PostgreSQL schema). Measured: 298 s one at a time, 175 s three at a time.
test-integration:
	@scripts/with-postgres.sh node --test --test-concurrency=3 tests/integration/
test-browser:
	@cd web && npx playwright test
## libFuzzer on every target (request reader, config, multipart parser, lead validator), 20 s each
test-fuzz:
	@FUZZ_SECONDS=$${FUZZ_SECONDS:-20} scripts/fuzz.sh

## make fuzz: the long run (not part of make test): every target for FUZZ_RUNS executions (default 10 million; FUZZ_SECONDS caps each one's time too, FUZZ_TARGETS picks some)
fuzz:
	@FUZZ_RUNS=$${FUZZ_RUNS:-10000000} scripts/fuzz.sh

## make bench: wavesites against nginx and h2o on the same prerendered files (not a test)
bench: deps-bench build
	@scripts/bench.sh

## make bench-ab A=one/wavesites B=another/wavesites: two builds side by side under one CPU cap (not a test)
bench-ab: deps-bench
	@scripts/bench-ab.sh "$(A)" "$(B)"

## make load: 60 s of pages at 512 connections, a lead stream at the rate limit and 2,000 slow connections at once (not a test)
load: deps-bench build
	@node scripts/load-test.mjs

clean:
	rm -rf $(BUILD)
