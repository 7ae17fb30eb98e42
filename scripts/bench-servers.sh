#!/usr/bin/env bash
# What make bench (bench.sh) and make bench-ab (bench-ab.sh) both serve: the bench files' paths
# in build/bench-web, and each server's configuration for them. Sourced, not run.
# shellcheck disable=SC2034  # the paths are for the script that sources this

# bench_paths WEB: sets PAGE_PATH, PAGE_FILE, ASSET_FILE, ASSET_PATH, GO_PATH and GO_TO for the
# files bench.sh wrote into WEB.
bench_paths() {
  PAGE_PATH=/bench/page
  PAGE_FILE=pages/page.html
  ASSET_FILE=""
  local f
  for f in "$1"/assets/*; do
    case "$f" in *.gz | *.br) ;; *) ASSET_FILE=assets/${f##*/}; break ;; esac
  done
  ASSET_PATH=/$ASSET_FILE
  GO_PATH=/go/bench-shop
  GO_TO='https://shop.example/deals?src=bench'
}

# wavesites_config FILE: one I/O thread, no access log, a short shutdown; bench.test as a
# configured host (the visit counts' rows), every other host on the prefixed route set.
wavesites_config() {
  cat >"$1" <<TOML
[hosts]
bench = ["bench.test"]
[server]
threads = 1
access_log = false
shutdown_grace_seconds = 1
TOML
}

# peer_configs DIR WEB NGINX_PORT H2O_PORT: DIR/nginx.conf and DIR/h2o.conf, each serving WEB as
# wavesites does (the same Cache-Control values, precompressed siblings, keep-alive), after
# bench_paths.
peer_configs() {
  local TMP=$1 BW=$2 nginx_port=$3 h2o_port=$4
  cat >"$TMP/nginx.conf" <<NGINX
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
  open_file_cache max=1000 inactive=60s;
  open_file_cache_valid 60s;
  etag on;
  gzip_static on;
  gzip_vary on;
  client_body_temp_path $TMP; proxy_temp_path $TMP; fastcgi_temp_path $TMP; uwsgi_temp_path $TMP; scgi_temp_path $TMP;
  server {
    listen 127.0.0.1:$nginx_port reuseport backlog=4096;
    root $BW;
    location = $PAGE_PATH {
      types { }
      default_type "text/html; charset=utf-8";
      add_header Cache-Control "no-cache";
      try_files /$PAGE_FILE =404;
    }
    location /assets/ { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location = $GO_PATH {
      add_header Cache-Control "private, no-store" always;
      add_header X-Robots-Tag "noindex, nofollow" always;
      return 302 $GO_TO;
    }
    location / { }
  }
}
NGINX

  cat >"$TMP/h2o.conf" <<H2O
num-threads: 1
max-connections: 4096
listen:
  host: 127.0.0.1
  port: $h2o_port
file.send-compressed: ON
file.mime.addtypes:
  "text/html; charset=utf-8": .html
hosts:
  default:
    paths:
      $PAGE_PATH:
        file.file: $BW/$PAGE_FILE
        header.set: "Cache-Control: no-cache"
      /assets:
        file.dir: $BW/assets
        header.set: "Cache-Control: public, max-age=31536000, immutable"
      $GO_PATH:
        redirect:
          url: $GO_TO
          status: 302
        header.set: "Cache-Control: private, no-store"
      /:
        file.dir: $BW
H2O
}
