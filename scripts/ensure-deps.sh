#!/usr/bin/env bash
# Installs what `make run` / `make test` / `make bench` need and is missing, and nothing else:
# Debian packages with apt (only when one is missing) and the web packages with `npm ci`
# (only when package-lock.json changed since the last install). Fast when all is present.
set -euo pipefail
cd "$(dirname "$0")/.."

run_pkgs=(g++ cmake ninja-build pkg-config python3 libboost1.74-dev nlohmann-json3-dev libtomlplusplus-dev libcli11-dev
  libbrotli-dev zlib1g-dev libssl-dev libsqlite3-dev libpq-dev libcurl4-openssl-dev libsodium-dev iso-codes fonts-dejavu-core)
test_pkgs=(libgtest-dev chromium postgresql clang-14 libclang-rt-14-dev clang-format-14 clang-tidy-14 shellcheck python3-feedparser libxml2-utils
  python3-aiosmtpd prometheus caddy fonts-dejavu-extra fonts-noto-cjk)
bench_pkgs=(nginx-light h2o wrk util-linux)

want=("${run_pkgs[@]}")
for arg in "$@"; do
  case "$arg" in
    test) want+=("${test_pkgs[@]}") ;;
    bench) want+=("${bench_pkgs[@]}") ;;
    run) ;;
    *) echo "ensure-deps: unknown set '$arg'" >&2; exit 2 ;;
  esac
done

missing=()
for p in "${want[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then missing+=("$p"); fi
done
if ((${#missing[@]})); then
  echo "Installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v node >/dev/null || ! node -e 'process.exit(+process.versions.node.split(".")[0] >= 20 ? 0 : 1)'; then
  echo "ensure-deps: Node.js 20 or newer is required (found: $(node --version 2>/dev/null || echo none))" >&2
  exit 1
fi

# npm ci when node_modules is missing or older than the lock file.
stamp=web/node_modules/.wavesites-installed
if [ ! -f "$stamp" ] || [ web/package-lock.json -nt "$stamp" ]; then
  echo "Installing web packages (npm ci)"
  (cd web && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
  touch "$stamp"
fi
