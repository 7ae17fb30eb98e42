#!/usr/bin/env bash
# make bench: wavesites and nginx serve the same prerendered files, one after the other, each
# pinned to core 0 with one worker, loaded by wrk pinned to core 1 on loopback.
# Prints requests/s and p99 latency for both and the ratio. A benchmark, not a test.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WEB=${BENCH_WEB:-$ROOT/build/web}
DUR=${BENCH_DURATION:-10}
CONN=${BENCH_CONNECTIONS:-50}
WS_PORT=18081
NGX_PORT=18082
TMP=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$TMP"' EXIT

# The page: the prerendered HTML file closest to 30 KB; the asset: the hashed file closest to 2 KB.
read -r PAGE_FILE PAGE_PATH < <(node -e '
const m = require(process.argv[1] + "/manifest.json"), fs = require("fs");
const routes = [];
for (const v of Object.values(m.variants)) for (const [p, id] of Object.entries(v.routes)) routes.push([p, id, v]);
let best = null;
for (const [p, id] of routes) {
  if (m.variants.test.routes[p] !== id) continue;              // reachable on any host
  const pg = m.pages[id]; const f = pg.file || pg.langs[pg.default_lang];
  const size = fs.statSync(process.argv[1] + "/" + f).size;
  if (!best || Math.abs(size - 30000) < Math.abs(best[2] - 30000)) best = [f, p, size];
}
console.log(best[0], best[1]);' "$WEB")
read -r ASSET_FILE ASSET_PATH < <(node -e '
const m = require(process.argv[1] + "/manifest.json"), fs = require("fs");
let best = null;
for (const s of m.static) { if (!s.immutable) continue;
  const size = fs.statSync(process.argv[1] + "/" + s.file).size;
  if (!best || Math.abs(size - 2048) < Math.abs(best[2] - 2048)) best = [s.file, s.path, size]; }
console.log(best[0], best[1]);' "$WEB")

cat > "$TMP/bench.toml" <<TOML
[hosts]
[server]
threads = 1
access_log = false
TOML

cat > "$TMP/nginx.conf" <<NGINX
worker_processes 1;
daemon off;
pid $TMP/nginx.pid;
error_log $TMP/nginx-error.log;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_requests 1000000;
  etag on;
  gzip_static on;
  client_body_temp_path $TMP; proxy_temp_path $TMP; fastcgi_temp_path $TMP; uwsgi_temp_path $TMP; scgi_temp_path $TMP;
  server {
    listen 127.0.0.1:$NGX_PORT reuseport;
    root $WEB;
    location = $PAGE_PATH { default_type "text/html; charset=utf-8"; try_files /$PAGE_FILE =404; }
    location / { }
  }
}
NGINX

taskset -c 0 "$ROOT/build/bin/wavesites" serve --config "$TMP/bench.toml" --web "$WEB" --listen 127.0.0.1:$WS_PORT \
  --data "$TMP/data" 2>"$TMP/ws.log" &
taskset -c 0 nginx -c "$TMP/nginx.conf" &
for port in $WS_PORT $NGX_PORT; do
  for _ in $(seq 50); do curl -s -o /dev/null "http://127.0.0.1:$port$ASSET_PATH" && break; sleep 0.1; done
done

run_wrk() {  # port path [header] -> "rps p99_ms bytes"
  local port=$1 path=$2 header=${3:-}
  local args=(-t1 -c"$CONN" -d"${DUR}s" --latency)
  [ -n "$header" ] && args+=(-H "$header")
  taskset -c 1 wrk "${args[@]}" "http://127.0.0.1:$port$path" >/dev/null 2>&1 || true   # warm-up discarded below
  local out
  out=$(taskset -c 1 wrk "${args[@]}" "http://127.0.0.1:$port$path")
  local rps p99
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  echo "$rps $p99"
}

size_of() { curl -s -o /dev/null -w '%{size_download}' ${2:+-H "$2"} "http://127.0.0.1:$WS_PORT$1"; }

printf '\nwavesites vs nginx, one worker each on core 0, wrk -t1 -c%s -d%ss on core 1\n' "$CONN" "$DUR"
printf 'page %s (%s), asset %s\n\n' "$PAGE_PATH" "$PAGE_FILE" "$ASSET_PATH"
printf '%-26s %9s %14s %10s %14s %10s %7s\n' payload bytes "wavesites r/s" "p99 ms" "nginx r/s" "p99 ms" ratio
for spec in "page-plain|$PAGE_PATH|/$PAGE_FILE|" "page-gzip|$PAGE_PATH|/$PAGE_FILE|Accept-Encoding: gzip" \
            "asset-2KB|$ASSET_PATH|$ASSET_PATH|"; do
  IFS='|' read -r name ws_path ngx_path header <<<"$spec"
  bytes=$(size_of "$ws_path" "$header")
  read -r ws_rps ws_p99 < <(run_wrk $WS_PORT "$ws_path" "$header")
  [ "$name" = page-plain ] || [ "$name" = page-gzip ] && ngx_path=$PAGE_PATH
  read -r ng_rps ng_p99 < <(run_wrk $NGX_PORT "$ngx_path" "$header")
  ratio=$(awk -v a="$ws_rps" -v b="$ng_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  printf '%-26s %9s %14s %10s %14s %10s %6sx\n' "$name" "$bytes" "$ws_rps" "$ws_p99" "$ng_rps" "$ng_p99" "$ratio"
done
