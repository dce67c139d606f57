#!/usr/bin/env bash
# Makes WAL archives with the backup tools themselves, for the input-forms test: a real server (Debian's
# postgresql-15) archives each completed segment through archive_command into pgBackRest repositories
# (archive-push, one repository per compress-type) and into barman's incoming directories (then
# `barman archive-wal` files them under wals/<16 hex>/, compressed under the plain name). The server's own
# pg_wal is copied last (the oracle's input: pg_waldump reads plain files only).
#
#   backup-tools.sh OUT
#
# OUT/pg_wal/               the server's segments after it stopped (plain)
# OUT/pgbackrest-TYPE/      a pgBackRest repository (stanza walprism), compress-type TYPE: gz lz4 zst bz2
# OUT/barman-TYPE/          a barman home with one server (pg), compression TYPE: gzip bzip2
# OUT/archived.txt          the segments the server archived, one a line, in order
# OUT/versions.txt          the tools' versions
#
# Only the tools that are installed are used (pgbackrest, barman); with neither, exit status 78.
# Exit status 77 when no unprivileged user can run the server (callers skip). The server stops whatever happens.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
(($# == 1)) || die "usage: backup-tools.sh OUT"
out="$1"
BIN=/usr/lib/postgresql/15/bin

"$(dirname "$0")/prereqs.sh"
if [[ $EUID -eq 0 ]]; then
  id -u "$CAPTURE_USER" >/dev/null 2>&1 || { log "no unprivileged user $CAPTURE_USER to run the server"; exit 77; }
  as_user() { runuser -u "$CAPTURE_USER" -- "$@"; }
  run_user="$CAPTURE_USER"
else
  as_user() { "$@"; }
  run_user="$(id -un)"
fi
PGBACKREST_TYPES=() BARMAN_TYPES=()
command -v pgbackrest >/dev/null && PGBACKREST_TYPES=(gz lz4 zst bz2)
command -v barman >/dev/null && BARMAN_TYPES=(gzip bzip2)
((${#PGBACKREST_TYPES[@]} + ${#BARMAN_TYPES[@]})) || { log "neither pgbackrest nor barman is installed"; exit 78; }

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for _ in $(seq 50); do port=$((20000 + RANDOM % 20000)); port_in_use "$port" || break; done

scratch=$(mktemp -d /var/tmp/walprism-backup-tools.XXXXXX)
chmod 755 "$scratch"
[[ $EUID -eq 0 ]] && chown "$CAPTURE_USER" "$scratch"
data="$scratch/data"
cleanup() {
  local rc=$?
  if [[ -f "$data/postmaster.pid" ]]; then as_user "$BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  rm -rf "$scratch"
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log "PostgreSQL 15 (Debian) -> pgBackRest (${PGBACKREST_TYPES[*]:-none}) and barman (${BARMAN_TYPES[*]:-none}) archives in $out, port $port"
as_user "$BIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C --no-sync --wal-segsize=1 \
  >"$scratch/initdb.log" 2>&1 || { tail -5 "$scratch/initdb.log" >&2; die "initdb failed"; }

# archive_command: every repository and incoming directory in turn; a failure makes the server retry the segment
archive_command=""
add_archive() { archive_command+="${archive_command:+ && }$1"; }
for t in "${PGBACKREST_TYPES[@]}"; do
  conf="$scratch/pgbackrest-$t.conf"
  as_user tee "$conf" >/dev/null <<EOF
[global]
repo1-path=$scratch/pgbackrest-$t
log-path=$scratch/pgbackrest-log
lock-path=$scratch/pgbackrest-lock-$t
spool-path=$scratch/pgbackrest-spool-$t
log-level-console=warn
log-level-stderr=warn
log-level-file=off
compress-type=$t

[walprism]
pg1-path=$data
pg1-port=$port
pg1-socket-path=$scratch
pg1-user=postgres
EOF
  as_user mkdir -p "$scratch/pgbackrest-$t" "$scratch/pgbackrest-log"
  as_user pgbackrest --config="$conf" --stanza=walprism --no-online stanza-create >"$scratch/stanza-$t.log" 2>&1 \
    || { cat "$scratch/stanza-$t.log" >&2; die "pgbackrest stanza-create ($t) failed"; }
  add_archive "pgbackrest --config=$conf --stanza=walprism archive-push %p"
done
for t in "${BARMAN_TYPES[@]}"; do
  home="$scratch/barman-$t"
  as_user mkdir -p "$home/pg/incoming"
  as_user tee "$scratch/barman-$t.conf" >/dev/null <<EOF
[barman]
barman_home = $home
barman_user = $run_user
log_file = $scratch/barman-$t.log
log_level = INFO

[pg]
description = walprism test server
conninfo = host=$scratch port=$port user=postgres dbname=postgres
backup_method = postgres
archiver = on
streaming_archiver = off
incoming_wals_directory = $home/pg/incoming
compression = $t
EOF
  add_archive "cp %p $home/pg/incoming/%f"
done

{
  echo "listen_addresses = '127.0.0.1'"
  echo "port = $port"
  echo "unix_socket_directories = '$scratch'"
  echo "fsync = off"
  echo "autovacuum = off"
  echo "wal_keep_size = '1GB'"
  echo "archive_mode = on"
  echo "archive_command = '$archive_command'"
} | as_user tee -a "$data/postgresql.conf" >/dev/null
as_user "$BIN/pg_ctl" -D "$data" -l "$scratch/server.log" -w -t 60 start >/dev/null 2>&1 || {
  tail -5 "$scratch/server.log" >&2 2>/dev/null || true
  die "the server did not start (log above)"
}
export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres PGCONNECT_TIMEOUT=10
q() { "$BIN/psql" -X -A -t -q -v ON_ERROR_STOP=1 -c "$1"; }

# a small workload: inserts, updates (HOT and not), an index, a delete and a vacuum; a segment switch after each
q "CREATE TABLE t (id int PRIMARY KEY, v text, n int)" >/dev/null
q "INSERT INTO t SELECT g, md5(g::text), 0 FROM generate_series(1, 6000) g" >/dev/null
q "SELECT pg_switch_wal()" >/dev/null
q "UPDATE t SET n = n + 1 WHERE id % 3 = 0" >/dev/null
q "CREATE INDEX t_v ON t (v)" >/dev/null
q "SELECT pg_switch_wal()" >/dev/null
q "UPDATE t SET v = v || 'x' WHERE id % 5 = 0" >/dev/null
q "CHECKPOINT" >/dev/null
q "DELETE FROM t WHERE id % 7 = 0" >/dev/null
q "VACUUM t" >/dev/null
q "SELECT pg_switch_wal()" >/dev/null
q "INSERT INTO t SELECT g, 'late', 1 FROM generate_series(6001, 7000) g" >/dev/null
last=$(q "SELECT pg_walfile_name(pg_switch_wal())")
# wait until the server has archived the last switched segment (archive_command ran for every tool)
for _ in $(seq 120); do
  st=$(q "SELECT coalesce(last_archived_wal, '') || ' ' || failed_count FROM pg_stat_archiver")
  [[ ${st% *} == "$last" ]] && break
  if [[ ${st#* } != 0 ]]; then
    tail -5 "$scratch/server.log" >&2
    die "archive_command failed (server log above)"
  fi
  sleep 0.5
done
[[ ${st% *} == "$last" ]] || die "the server did not archive $last in 60 s ($st)"
as_user "$BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || die "the server did not stop"

for t in "${BARMAN_TYPES[@]}"; do
  as_user barman -q -c "$scratch/barman-$t.conf" archive-wal pg >"$scratch/archive-wal-$t.log" 2>&1 \
    || { cat "$scratch/archive-wal-$t.log" >&2; die "barman archive-wal ($t) failed"; }
  left=$(ls "$scratch/barman-$t/pg/incoming")
  [[ -z $left ]] || die "barman archive-wal ($t) left in incoming: $left"
done

stage="$scratch/out"
mkdir -p "$stage/pg_wal"
cp "$data"/pg_wal/[0-9A-F]*[0-9A-F] "$stage/pg_wal/"
ls "$data/pg_wal/archive_status" | sed -n 's/\.done$//p' | sort >"$stage/archived.txt"
for t in "${PGBACKREST_TYPES[@]}"; do cp -r "$scratch/pgbackrest-$t" "$stage/"; done
for t in "${BARMAN_TYPES[@]}"; do cp -r "$scratch/barman-$t" "$stage/"; done
{
  echo "postgres $("$BIN/postgres" --version)"
  ((${#PGBACKREST_TYPES[@]})) && echo "pgbackrest $(pgbackrest version)"
  ((${#BARMAN_TYPES[@]})) && echo "barman $(barman -v 2>&1 | head -1)"
} >"$stage/versions.txt"
rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$stage" "$out"
log "done: $(ls "$out" | tr '\n' ' ')"
