#!/usr/bin/env bash
# A throw-away PostgreSQL server for tests that talk to a live server (walprism --dbname).
#
#   server.sh start DIR    initdb DIR/data, start the server on a free loopback port; prints the port
#   server.sh stop DIR     stop it (immediate) and remove DIR
#
# Server: Debian's postgresql-15 (installed by prereqs.sh), or the binaries in $WALPRISM_SERVER_BIN (a bin directory
# with initdb, pg_ctl and postgres, e.g. a zonky build in /var/cache/walprism/pg/VERSION/bin or a sid one in
# /var/cache/walprism/pg-sid/usr/lib/postgresql/19/bin; from 18 on initdb runs with --no-data-checksums, as
# capture.sh does), fsync=off, autovacuum=off, trust authentication for
# user postgres on 127.0.0.1, wal_keep_size large enough that no segment of a test is recycled. As root the server
# runs as the unprivileged user $CAPTURE_USER (initdb refuses root). Exit status 77: no server can be started
# here (no binaries, no unprivileged user), with the reason on stderr: callers skip.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN=${WALPRISM_SERVER_BIN:-/usr/lib/postgresql/15/bin}
cmd="${1:-}" dir="${2:-}"
[[ -n $cmd && -n $dir ]] || die "usage: server.sh start|stop DIR"

if [[ $EUID -eq 0 ]]; then
  id -u "$CAPTURE_USER" >/dev/null 2>&1 || { log "no unprivileged user $CAPTURE_USER to run the server"; exit 77; }
  as_user() { runuser -u "$CAPTURE_USER" -- "$@"; }
else
  as_user() { "$@"; }
fi

case "$cmd" in
  start)
    [[ -x $BIN/initdb && -x $BIN/pg_ctl ]] || { log "no PostgreSQL server binaries in $BIN (testdata/capture/prereqs.sh installs them)"; exit 77; }
    initdb_opts=()
    major=$("$BIN/initdb" --version | sed -n 's/.* \([0-9][0-9]*\)[^0-9]*.*/\1/p' | head -1)
    [[ $major =~ ^[0-9]+$ ]] && ((major >= 18)) && initdb_opts+=(--no-data-checksums)
    port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
    for _ in $(seq 50); do port=$((20000 + RANDOM % 20000)); port_in_use "$port" || break; done
    mkdir -p "$dir"
    chmod 755 "$dir"
    [[ $EUID -eq 0 ]] && chown "$CAPTURE_USER" "$dir"
    as_user "$BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C --no-sync --wal-segsize=1 \
      "${initdb_opts[@]}" >"$dir/initdb.log" 2>&1 || { tail -5 "$dir/initdb.log" >&2; die "initdb failed"; }
    {
      echo "listen_addresses = '127.0.0.1'"
      echo "port = $port"
      echo "unix_socket_directories = '$dir'"
      echo "fsync = off"
      echo "autovacuum = off"
      echo "wal_keep_size = '1GB'"
    } | as_user tee -a "$dir/data/postgresql.conf" >/dev/null
    as_user "$BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 start >/dev/null 2>&1 || {
      tail -5 "$dir/server.log" >&2 2>/dev/null || true
      die "the server did not start (log above)"
    }
    echo "$port"
    ;;
  stop)
    if [[ -f "$dir/data/postmaster.pid" ]]; then
      as_user "$BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
    fi
    rm -rf "$dir"
    ;;
  *) die "usage: server.sh start|stop DIR" ;;
esac
