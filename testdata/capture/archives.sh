#!/usr/bin/env bash
# Makes WAL archives with PostgreSQL's own tools, for the input-forms test: a real server (Debian's
# postgresql-15, built with lz4 and zstd) runs pgbench while pg_receivewal streams its WAL compressed, and
# pg_basebackup -Ft writes tar backups, plain and compressed; the server's pg_wal is copied last (the oracle's
# input: pg_waldump reads plain files only).
#
#   archives.sh OUT
#
# OUT/pg_wal/           the server's segments after it stopped (plain)
# OUT/receivewal-gzip/  pg_receivewal --compress=gzip   (NAME.gz, the newest NAME.gz.partial)
# OUT/receivewal-lz4/   pg_receivewal --compress=lz4    (NAME.lz4, NAME.lz4.partial)
# OUT/ft/               pg_basebackup -Ft -X stream                            (base.tar, pg_wal.tar)
# OUT/ft-gzip/          pg_basebackup -Ft -X stream --compress=gzip            (base.tar.gz, pg_wal.tar.gz)
# OUT/ft-lz4/           pg_basebackup -Ft -X stream --compress=client-lz4      (base.tar.lz4, pg_wal.tar)
# OUT/ft-zstd-fetch/    pg_basebackup -Ft -X fetch --compress=client-zstd      (base.tar.zst with pg_wal/ inside)
# OUT/segments.tsv      per backup directory: its WAL range (backup_manifest's Start-LSN, End-LSN) and the first
#                       and last segment of that range
#
# Exit status 77 when no unprivileged user can run the server (callers skip). The server stops whatever happens.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(($# == 1)) || die "usage: archives.sh OUT"
out="$1"
BIN=/usr/lib/postgresql/15/bin

"$(dirname "$0")/prereqs.sh"
if [[ $EUID -eq 0 ]]; then
  id -u "$CAPTURE_USER" >/dev/null 2>&1 || { log "no unprivileged user $CAPTURE_USER to run the server"; exit 77; }
  as_user() { runuser -u "$CAPTURE_USER" -- "$@"; }
else
  as_user() { "$@"; }
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for _ in $(seq 50); do port=$((20000 + RANDOM % 20000)); port_in_use "$port" || break; done

scratch=$(mktemp -d /var/tmp/walprism-archives.XXXXXX)
chmod 755 "$scratch"
[[ $EUID -eq 0 ]] && chown "$CAPTURE_USER" "$scratch"
data="$scratch/data"
stop_receivers() { # SIGNAL: pg_receivewal stops cleanly on SIGINT, leaving its segment in progress as .partial
  local f
  for f in "$scratch"/receivewal-*.pid; do
    [[ -f $f ]] || continue
    kill "-$1" "$(cat "$f")" 2>/dev/null || true
  done
  wait 2>/dev/null || true
  rm -f "$scratch"/receivewal-*.pid
}
cleanup() {
  local rc=$?
  stop_receivers TERM
  if [[ -f "$data/postmaster.pid" ]]; then as_user "$BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$scratch"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "PostgreSQL 15 (Debian) archives -> $out, port $port"
as_user "$BIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C --no-sync --wal-segsize=1 \
  >"$scratch/initdb.log" 2>&1 || { tail -5 "$scratch/initdb.log" >&2; die "initdb failed"; }
{
  echo "listen_addresses = '127.0.0.1'"
  echo "port = $port"
  echo "unix_socket_directories = '$scratch'"
  echo "fsync = off"
  echo "autovacuum = off"
  echo "wal_keep_size = '1GB'"
} | as_user tee -a "$data/postgresql.conf" >/dev/null
as_user "$BIN/pg_ctl" -D "$data" -l "$scratch/server.log" -w -t 60 start >/dev/null 2>&1 || {
  tail -5 "$scratch/server.log" >&2 2>/dev/null || true
  die "the server did not start (log above)"
}
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres PGCONNECT_TIMEOUT=10
q() { "$BIN/psql" -X -A -t -v ON_ERROR_STOP=1 -c "$1"; }

stage="$scratch/out"
mkdir -p "$stage"
chown "$CAPTURE_USER" "$stage" 2>/dev/null || true
for method in gzip lz4; do
  as_user mkdir -p "$stage/receivewal-$method"
  # the pid file holds pg_receivewal's own pid (exec keeps it), whoever runs it
  as_user sh -c 'echo $$ > "$1"; shift; exec "$@"' sh "$scratch/receivewal-$method.pid" "$BIN/pg_receivewal" \
    -D "$stage/receivewal-$method" --compress="$method" --no-loop >"$scratch/receivewal-$method.log" 2>&1 &
done
"$BIN/pgbench" -i -s 2 -q >"$scratch/pgbench-init.log" 2>&1 || die "pgbench -i failed"
"$BIN/pgbench" -n -t 300 >"$scratch/pgbench-1.log" 2>&1 || die "pgbench failed"
backup() { # DIR ARGS...
  local d="$1"; shift
  as_user "$BIN/pg_basebackup" -D "$stage/$d" -Ft -c fast "$@" >"$scratch/$d.log" 2>&1 \
    || { tail -3 "$scratch/$d.log" >&2; die "pg_basebackup $* failed"; }
}
backup ft -X stream
"$BIN/pgbench" -n -t 100 >"$scratch/pgbench-2.log" 2>&1 || die "pgbench failed"
backup ft-gzip -X stream --compress=gzip
backup ft-lz4 -X stream --compress=client-lz4
"$BIN/pgbench" -n -t 100 >"$scratch/pgbench-3.log" 2>&1 || die "pgbench failed"
backup ft-zstd-fetch -X fetch --compress=client-zstd
q "SELECT pg_switch_wal()" >/dev/null
"$BIN/pgbench" -n -t 50 >"$scratch/pgbench-4.log" 2>&1 || die "pgbench failed"
sleep 1
stop_receivers INT
as_user "$BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || die "the server did not stop"
mkdir -p "$stage/pg_wal"
cp "$data"/pg_wal/[0-9A-F]*[0-9A-F] "$stage/pg_wal/"

# the segments each backup's WAL covers, from its backup_manifest (WAL-Ranges: Start-LSN, End-LSN)
lsn_seg() { local hi="${1%/*}" lo="${1#*/}" n; n=$(( ((16#$hi << 32) | 16#$lo) / 1048576 )); printf '00000001%08X%08X' $((n / 4096)) $((n % 4096)); }
: >"$stage/segments.tsv"
for d in ft ft-gzip ft-lz4 ft-zstd-fetch; do
  m="$stage/$d/backup_manifest"
  s=$(sed -n 's/.*"Start-LSN": "\([0-9A-F]*\/[0-9A-F]*\)".*/\1/p' "$m")
  e=$(sed -n 's/.*"End-LSN": "\([0-9A-F]*\/[0-9A-F]*\)".*/\1/p' "$m")
  [[ -n $s && -n $e ]] || die "no WAL-Ranges in $m"
  printf '%s\t%s\t%s\t%s\t%s\n' "$d" "$s" "$e" "$(lsn_seg "$s")" "$(lsn_seg "$e")" >>"$stage/segments.tsv"
done
rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$stage" "$out"
log "done: $(ls "$out" | tr '\n' ' ')"
