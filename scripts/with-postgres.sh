#!/usr/bin/env bash
# scripts/with-postgres.sh COMMAND...
#
# Runs COMMAND beside a throwaway PostgreSQL server and exits with COMMAND's status. The server is a
# fresh cluster (initdb) in a new temporary directory, run by an unprivileged user (the Debian
# `postgres` user when we are root: PostgreSQL refuses to run as root), listening on 127.0.0.1 only,
# on a free port, with its unix socket inside that directory and fsync on. COMMAND sees
#   WAVESITES_TEST_PG_URL=postgresql://wavesites:PASSWORD@127.0.0.1:PORT/wavesites_test
# The server is stopped and the directory removed however COMMAND ends (trap), also on Ctrl-C.
# Installs nothing: `make deps-test` (scripts/ensure-deps.sh) installs the postgresql package.
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: scripts/with-postgres.sh COMMAND [ARG...]" >&2
  exit 2
fi

PG_BIN=${PG_BIN:-/usr/lib/postgresql/15/bin}
for tool in initdb pg_ctl psql; do
  if [ ! -x "$PG_BIN/$tool" ]; then
    echo "with-postgres: $PG_BIN/$tool not found; install the Debian package postgresql (make deps-test)" >&2
    exit 1
  fi
done

# The server's user: ourselves, unless we are root.
if [ "$(id -u)" -eq 0 ]; then
  PG_USER=postgres
  if ! id "$PG_USER" >/dev/null 2>&1; then
    echo "with-postgres: running as root but there is no '$PG_USER' user (it comes with the postgresql package)" >&2
    exit 1
  fi
  as_pg() { runuser -u "$PG_USER" -- "$@"; }
else
  PG_USER=$(id -un)
  as_pg() { "$@"; }
fi

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# /tmp rather than $TMPDIR: the postgres user must be able to reach it, and $TMPDIR may sit under
# a home directory it cannot enter.
tmp=$(mktemp -d /tmp/wavesites-pg.XXXXXXXX)
data="$tmp/data"
sock="$tmp/sock"
log="$tmp/server.log"
started=0

# shellcheck disable=SC2317  # reached through the trap
cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$started" -eq 1 ]; then
    local t0
    t0=$(now)
    # immediate: the data is about to be deleted, so skip the shutdown checkpoint (seconds of fsync
    # after a test run); fall back to fast should immediate not answer in time.
    if ! (cd "$tmp" && as_pg "$PG_BIN/pg_ctl" -D "$data" -m immediate -w -t 30 stop >/dev/null 2>&1); then
      (cd "$tmp" && as_pg "$PG_BIN/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1) || true
    fi
    echo "with-postgres: PostgreSQL stopped in $(elapsed "$t0") s" >&2
  fi
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if [ "$PG_USER" = postgres ]; then chown postgres: "$tmp"; fi
chmod 700 "$tmp"

t0=$(now)
pwfile="$tmp/superuser.pw"
head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >"$pwfile"
if [ "$PG_USER" = postgres ]; then chown postgres: "$pwfile"; fi
# Commands run from inside the directory: the postgres user may not be allowed into ours.
if ! (cd "$tmp" && as_pg "$PG_BIN/initdb" -D "$data" -U postgres --pwfile="$pwfile" -E UTF8 --no-locale \
  --auth-local=trust --auth-host=scram-sha-256 --no-sync --no-instructions >"$tmp/initdb.log" 2>&1); then
  echo "with-postgres: initdb failed:" >&2
  cat "$tmp/initdb.log" >&2
  exit 1
fi
(cd "$tmp" && as_pg mkdir -m 700 "$sock")
cat >>"$data/postgresql.conf" <<EOF

# scripts/with-postgres.sh
listen_addresses = '127.0.0.1'
unix_socket_directories = '$sock'
fsync = on
synchronous_commit = on
full_page_writes = on
max_connections = 200
EOF

free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'
}

# Another process may take the port between our probe and the server's bind: try a few.
started=1  # from here on, cleanup stops the server: pg_ctl may time out on one that did start
for attempt in 1 2 3 4 5; do
  port=$(free_port)
  if (cd "$tmp" && as_pg "$PG_BIN/pg_ctl" -D "$data" -l "$log" -o "-p $port" -w -t 60 start >/dev/null 2>&1); then
    break
  fi
  if [ "$attempt" -eq 5 ]; then
    echo "with-postgres: the server did not start; its log:" >&2
    cat "$log" >&2 2>/dev/null || true
    exit 1
  fi
done

password=$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')
(cd "$tmp" && as_pg "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$sock" -p "$port" -U postgres -d postgres \
  -c "CREATE ROLE wavesites LOGIN PASSWORD '$password'" \
  -c "CREATE DATABASE wavesites_test OWNER wavesites" >/dev/null)
echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') ready on 127.0.0.1:$port in $(elapsed "$t0") s" >&2

export WAVESITES_TEST_PG_URL="postgresql://wavesites:$password@127.0.0.1:$port/wavesites_test"
# In the background with `wait`, because bash runs no trap while a foreground command runs: a
# SIGTERM sent to this script alone is passed on to the command at once, and the server stopped
# once the command is gone. `<&0` keeps stdin, which a background command would otherwise lose.
"$@" <&0 &
child=$!
trap 'kill -TERM "$child" 2>/dev/null || true' TERM
trap 'kill -INT "$child" 2>/dev/null || true' INT
while kill -0 "$child" 2>/dev/null; do wait "$child" || true; done
status=0
wait "$child" || status=$?
exit "$status"
