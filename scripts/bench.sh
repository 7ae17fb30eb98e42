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

# The files: a ~30 KB page made of real prerendered article pages (the site's own pages are
# smaller), and the real hashed asset closest to 2 KB, each with its .gz (and .br) beside it.
# Both servers serve this same directory.
BW=$ROOT/build/bench-web
rm -rf "$BW"
mkdir -p "$BW/pages" "$BW/assets"
node - "$WEB" "$BW" <<'NODE'
const fs = require('fs'), path = require('path'), zlib = require('zlib');
const [web, out] = process.argv.slice(2);
const m = JSON.parse(fs.readFileSync(path.join(web, 'manifest.json'), 'utf8'));
const files = Object.values(m.pages).flatMap((p) => (p.file ? [p.file] : Object.values(p.langs)))
  .filter((f) => f.includes('/article/')).sort();
let html = '';
for (const f of files) { if (html.length >= 30000) break; html += fs.readFileSync(path.join(web, f), 'utf8'); }
let asset = null;
for (const s of m.static) {
  if (!s.immutable) continue;
  const size = fs.statSync(path.join(web, s.file)).size;
  if (!asset || Math.abs(size - 2048) < Math.abs(asset.size - 2048)) asset = { ...s, size };
}
const write = (rel, data) => {
  fs.writeFileSync(path.join(out, rel), data);
  fs.writeFileSync(path.join(out, rel + '.gz'), zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(path.join(out, rel + '.br'), zlib.brotliCompressSync(data));
};
write('pages/page.html', Buffer.from(html));
write(asset.file, fs.readFileSync(path.join(web, asset.file)));
fs.writeFileSync(path.join(out, 'manifest.json'), JSON.stringify({
  version: 2,
  route_sets: { prefixed: { routes: { '/bench/page': 'page' }, details: [], not_found: 'page' } },
  pages: { page: { file: 'pages/page.html' } },
  static: [{ path: asset.path, file: asset.file, immutable: true }],
}));
NODE
PAGE_PATH=/bench/page
PAGE_FILE=pages/page.html
ASSET_PATH=/$(cd "$BW" && ls assets/* | grep -v '\.\(gz\|br\)$' | head -1)
WEB=$BW

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
    location /assets/ { expires max; add_header Cache-Control "public, max-age=31536000, immutable"; }
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

run_wrk() {  # port path [header] -> "rps p99_ms"
  local port=$1 path=$2 header=${3:-}
  local args=(-t1 -c"$CONN" -d"${DUR}s" --latency)
  [ -n "$header" ] && args+=(-H "$header")
  local out
  out=$(taskset -c 1 wrk "${args[@]}" "http://127.0.0.1:$port$path")
  local rps p99
  rps=$(awk '/^Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  echo "$rps $p99"
}
median() { tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END {print (NR % 2 ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2)}'; }

size_of() { curl -s -o /dev/null -w '%{size_download}' ${2:+-H "$2"} "http://127.0.0.1:$WS_PORT$1"; }

ROUNDS=${BENCH_ROUNDS:-3}
printf '\nwavesites vs nginx, one worker each on core 0, wrk -t1 -c%s on core 1;\n' "$CONN"
printf 'median of %s alternating rounds of %ss each (this VM is noisy: single runs vary by 10-20%%)\n' "$ROUNDS" "$DUR"
printf 'page: %s B of prerendered article HTML; asset %s\n\n' "$(stat -c %s "$BW/$PAGE_FILE")" "$ASSET_PATH"
printf '%-12s %7s %14s %9s %14s %9s %7s\n' payload bytes "wavesites r/s" "p99 ms" "nginx r/s" "p99 ms" ratio
for spec in "page-plain|$PAGE_PATH|" "page-gzip|$PAGE_PATH|Accept-Encoding: gzip" "asset-2KB|$ASSET_PATH|"; do
  IFS='|' read -r name path header <<<"$spec"
  bytes=$(size_of "$path" "$header")
  taskset -c 1 wrk -t1 -c"$CONN" -d1s ${header:+-H "$header"} "http://127.0.0.1:$WS_PORT$path" >/dev/null   # warm-up
  taskset -c 1 wrk -t1 -c"$CONN" -d1s ${header:+-H "$header"} "http://127.0.0.1:$NGX_PORT$path" >/dev/null
  ws_r=() ws_p=() ng_r=() ng_p=()
  for _ in $(seq "$ROUNDS"); do
    read -r r p < <(run_wrk $WS_PORT "$path" "$header"); ws_r+=("$r"); ws_p+=("$p")
    read -r r p < <(run_wrk $NGX_PORT "$path" "$header"); ng_r+=("$r"); ng_p+=("$p")
  done
  ws_rps=$(echo "${ws_r[*]}" | median); ng_rps=$(echo "${ng_r[*]}" | median)
  ws_p99=$(echo "${ws_p[*]}" | median); ng_p99=$(echo "${ng_p[*]}" | median)
  ratio=$(awk -v a="$ws_rps" -v b="$ng_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
  printf '%-12s %7s %14.0f %9s %14.0f %9s %6sx\n' "$name" "$bytes" "$ws_rps" "$ws_p99" "$ng_rps" "$ng_p99" "$ratio"
done

# The intake: leads per second with durability on, and memory under 20 concurrent 10 MiB uploads.
kill $(jobs -p) 2>/dev/null || true
echo
node "$ROOT/scripts/bench-intake.mjs"
