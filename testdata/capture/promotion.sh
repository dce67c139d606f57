#!/usr/bin/env bash
# Captures WAL that crosses two real standby promotions (timelines 1 -> 2 -> 3), with PostgreSQL's own oracle.
#
#   promotion.sh [--keep] [--out DIR] [--scale N] [--version 15|19]
#
# Three servers of one version (15: Debian's postgresql-15; 19: Debian's 19rc1 of prereqs.sh --sid) on loopback ports, run as the unprivileged user as capture.sh runs them:
#   A  the primary of timeline 1;
#   B  a streaming standby of A (pg_basebackup -X stream -R);
#   C  a cascading standby of B (cloned from A, streaming from B).
# Setup (testdata/workloads/promotion_setup.sql) runs on A before the standbys are cloned. Then the measured range:
# phase 1 of testdata/workloads/promotion.sql on A; A stops (fast), B is promoted (pg_ctl promote): timeline 2,
# which C follows; phase 2 on B; B stops, C is promoted: timeline 3; phase 3 on C; pg_switch_wal() ends the range.
# C's pg_wal then holds the segments of all three timelines and 00000002.history, 00000003.history.
#
# Stored in testdata/timelines/VERSION/promotion (default; not in manifest.tsv: the corpus's tests read one timeline):
#   wal/                      every file of C's pg_wal from the range's first segment to its last, of any timeline
#                             (segments gzip -9 -n), and the .history files
#   records.tsv, stats.tsv    pg_walinspect on C over [start, end): its reader follows the timeline history as
#                             recovery does (XLogReadDetermineTimeline), so the rows cross both switches
#   waldump-tli{1,2,3}.txt    pg_waldump of that version -t N over the part of the range on timeline N (switch points from
#   waldump-tli{1,2,3}-stats-record.txt   00000003.history), plain and --stats=record
#   waldump-tli2-cross.txt    pg_waldump -t 2 from the first record of the segment holding the first switch: the
#                             new timeline's copy of that segment, old records, the switch, new records
#   capture.meta, measured.log
# Servers stop when the tool exits, whatever happens (a trap).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

BIN=/usr/lib/postgresql/15/bin
keep= out= scale=1 version=15
while (($#)); do
  case "$1" in
    --keep) keep=1; shift ;;
    --out) out="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --version) version="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
out="${out:-$TESTDATA_DIR/timelines/$version/promotion}"
[[ $scale =~ ^[0-9]+$ ]] || die "--scale must be a whole number"

case "$version" in
  15) "$(dirname "$0")/prereqs.sh"
      provenance_server="Debian postgresql-15 $(dpkg-query -W -f='${Version}' postgresql-15)" ;;
  19) "$(dirname "$0")/prereqs.sh" --sid
      BIN="$CACHE_DIR/pg-sid/usr/lib/postgresql/19/bin"
      provenance_server="$(cat "$CACHE_DIR/pg-sid/VERSION-19")" ;;
  *) die "--version must be 15 or 19" ;;
esac
if [[ $EUID -eq 0 ]]; then
  id -u "$CAPTURE_USER" >/dev/null 2>&1 || { log "no unprivileged user $CAPTURE_USER to run the servers"; exit 77; }
  as_user() { runuser -u "$CAPTURE_USER" -- "$@"; }
else
  as_user() { "$@"; }
fi

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
free_port() { local p; for _ in $(seq 50); do p=$((20000 + RANDOM % 20000)); port_in_use "$p" || { echo "$p"; return; }; done; die "no free port"; }
pa=$(free_port); pb=$(free_port); pc=$(free_port)
[[ $pa != "$pb" && $pb != "$pc" && $pa != "$pc" ]] || die "port clash, run again"

scratch=$(mktemp -d /var/tmp/walprism-promotion.XXXXXX)
chmod 755 "$scratch"
[[ $EUID -eq 0 ]] && chown "$CAPTURE_USER" "$scratch"
cleanup() {
  local rc=$? d
  for d in a b c; do
    if [[ -f "$scratch/$d/postmaster.pid" ]]; then as_user "$BIN/pg_ctl" -D "$scratch/$d" -m immediate -w stop >/dev/null 2>&1 || true; fi
  done
  if [[ -n $keep ]]; then log "scratch kept: $scratch"; else rm -rf "$scratch"; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

export PGHOST=127.0.0.1 PGUSER=postgres PGDATABASE=postgres PGCONNECT_TIMEOUT=10
q() { # PORT SQL
  "$BIN/psql" -p "$1" -X -A -t -F $'\t' -v ON_ERROR_STOP=1 -c "$2" 2>"$scratch/q.err" || die "query on port $1 failed: $(head -1 "$scratch/q.err")"
}
run_sql() { # PORT FILE PHASE
  (cd "$TESTDATA_DIR" && "$BIN/psql" -p "$1" -X -v ON_ERROR_STOP=1 -v scale="$scale" -v phase="$3" -f "workloads/$2") >>"$scratch/measured.log" 2>&1 \
    || die "SQL error in workloads/$2: $(grep -m1 -E 'ERROR|FATAL' "$scratch/measured.log" || tail -1 "$scratch/measured.log")"
}
start_server() { # NAME PORT
  { echo "port = $2"; echo "unix_socket_directories = '$scratch'"; } | as_user tee -a "$scratch/$1/postgresql.conf" >/dev/null
  as_user "$BIN/pg_ctl" -D "$scratch/$1" -l "$scratch/$1.log" -w -t 60 start >/dev/null 2>&1 || {
    tail -5 "$scratch/$1.log" >&2 2>/dev/null || true; die "server $1 did not start (log above)"; }
}
wait_replayed() { # PORT LSN: the standby on PORT has replayed up to LSN
  local i
  for i in $(seq 600); do
    [[ $(q "$1" "SELECT pg_last_wal_replay_lsn() >= '$2'") == t ]] && return 0
    sleep 0.1
  done
  die "the standby on port $1 did not replay up to $2 within 60 s"
}
wait_primary() { # PORT: promotion finished, the server accepts writes
  local i
  for i in $(seq 600); do
    [[ $(q "$1" "SELECT NOT pg_is_in_recovery()") == t ]] && return 0
    sleep 0.1
  done
  die "the server on port $1 was not promoted within 60 s"
}

log "PostgreSQL $version (Debian): primary A :$pa, standby B :$pb, cascading standby C :$pc -> ${out#"$TESTDATA_DIR"/}"
as_user "$BIN/initdb" -D "$scratch/a" -U postgres -A trust -E UTF8 --locale=C --no-sync --wal-segsize=1 \
  >"$scratch/initdb.log" 2>&1 || { tail -5 "$scratch/initdb.log" >&2; die "initdb failed"; }
settings=(fsync=off autovacuum=off wal_compression=off)
{
  echo "listen_addresses = '127.0.0.1'"
  echo "wal_keep_size = '8GB'   # keep every segment of the range (primaries and standbys)"
  for s in "${settings[@]}"; do echo "${s%%=*} = '${s#*=}'"; done
} | as_user tee -a "$scratch/a/postgresql.conf" >/dev/null
start_server a "$pa"
: >"$scratch/measured.log"
run_sql "$pa" promotion_setup.sql 0
for d in b c; do
  as_user "$BIN/pg_basebackup" -h 127.0.0.1 -p "$pa" -U postgres -D "$scratch/$d" -X stream -R --no-sync \
    >"$scratch/basebackup-$d.log" 2>&1 || { tail -5 "$scratch/basebackup-$d.log" >&2; die "pg_basebackup of $d failed"; }
done
# C streams from B (cascading); recovery_target_timeline is 'latest' by default, so it follows B's promotion
echo "primary_conninfo = 'host=127.0.0.1 port=$pb user=postgres application_name=c'" \
  | as_user tee -a "$scratch/c/postgresql.auto.conf" >/dev/null
start_server b "$pb"
start_server c "$pc"
wait_replayed "$pb" "$(q "$pa" "SELECT pg_current_wal_flush_lsn()")"
wait_replayed "$pc" "$(q "$pa" "SELECT pg_current_wal_flush_lsn()")"

start=$(q "$pa" "SELECT pg_current_wal_insert_lsn()")
run_sql "$pa" promotion.sql 1
as_user "$BIN/pg_ctl" -D "$scratch/a" -m fast -w stop >/dev/null 2>&1 || die "A did not stop"
# A's shutdown checkpoint reached B before A stopped (walsenders send everything at shutdown)
last_a=$(as_user "$BIN/pg_controldata" -D "$scratch/a" | sed -n 's/^Latest checkpoint location: *//p')
wait_replayed "$pb" "$last_a"
wait_replayed "$pc" "$last_a"
as_user "$BIN/pg_ctl" -D "$scratch/b" -w promote >/dev/null 2>&1 || die "promoting B failed"
wait_primary "$pb"
run_sql "$pb" promotion.sql 2
wait_replayed "$pc" "$(q "$pb" "SELECT pg_current_wal_flush_lsn()")"
as_user "$BIN/pg_ctl" -D "$scratch/b" -m fast -w stop >/dev/null 2>&1 || die "B did not stop"
last_b=$(as_user "$BIN/pg_controldata" -D "$scratch/b" | sed -n 's/^Latest checkpoint location: *//p')
wait_replayed "$pc" "$last_b"
as_user "$BIN/pg_ctl" -D "$scratch/c" -w promote >/dev/null 2>&1 || die "promoting C failed"
wait_primary "$pc"
run_sql "$pc" promotion.sql 3
insert=$(q "$pc" "SELECT pg_current_wal_insert_lsn()")
q "$pc" "SELECT pg_switch_wal()" >/dev/null
tli=$(q "$pc" "SELECT timeline_id FROM pg_control_checkpoint()")
[[ -f "$scratch/c/pg_wal/00000003.history" ]] || die "C has no 00000003.history after its promotion (timeline $tli)"
end=$(q "$pc" "SELECT min(start_lsn) FROM pg_get_wal_records_info('$insert', pg_current_wal_flush_lsn()) WHERE record_type = 'SWITCH'")
[[ -n $end ]] || die "no XLOG_SWITCH found after $insert"

# --- the oracle: pg_walinspect on C over [start, end), across both switches
stage="$scratch/out"; mkdir -p "$stage/wal"
q "$pc" "SELECT \"resource_manager/record_type\", count, record_size, fpi_size, combined_size
   FROM pg_get_wal_stats('$start', '$end', true) WHERE count > 0 ORDER BY \"resource_manager/record_type\" COLLATE \"C\"" >"$stage/stats.tsv"
q "$pc" "SELECT start_lsn, end_lsn, prev_lsn, xid, resource_manager, record_type, record_length, main_data_length,
          fpi_length, description, block_ref FROM pg_get_wal_records_info('$start', '$end')" >"$stage/records.tsv"
server_version=$(q "$pc" "SHOW server_version")
as_user "$BIN/pg_ctl" -D "$scratch/c" -m fast -w stop >/dev/null 2>&1 || die "C did not stop"

# --- the files of C's pg_wal from the range's first segment to its last, of every timeline, and the histories
lsn_num() { local hi="${1%/*}" lo="${1#*/}"; echo $(((16#$hi << 32) | 16#$lo)); }
segbytes=1048576
first_seg=$(($(lsn_num "$start") / segbytes))
last_seg=$(($(lsn_num "$end") / segbytes))
for f in "$scratch/c/pg_wal"/*; do
  n=$(basename "$f")
  if [[ $n =~ ^[0-9A-F]{8}\.history$ ]]; then cp "$f" "$stage/wal/"; continue; fi
  [[ $n =~ ^[0-9A-F]{24}(\.partial)?$ ]] || continue
  s=$(( (16#${n:8:8} << 8) | 16#${n:16:8} ))   # 1 MB segments: 256 per xlogid
  ((s >= first_seg && s <= last_seg)) && cp "$f" "$stage/wal/"
done
# the switch points, from the newest history (tli <TAB> switchpoint <TAB> reason)
switch1=$(awk -F'\t' '$1 == 1 {print $2}' "$stage/wal/00000003.history")
switch2=$(awk -F'\t' '$1 == 2 {print $2}' "$stage/wal/00000003.history")
[[ -n $switch1 && -n $switch2 ]] || die "00000003.history does not name both switch points"

# --- the oracle: pg_waldump of the servers' version per timeline (it reads the files of one timeline: -t), .partial segments named plain
wd="$scratch/waldump-wal"; mkdir -p "$wd"
for f in "$stage/wal"/*; do n=$(basename "$f"); [[ $n == *.history ]] || ln -sf "$f" "$wd/${n%.partial}"; done
dump() { # FILE ARGS...
  local f="$1"; shift
  "$BIN/pg_waldump" -p "$wd" "$@" >"$stage/$f" 2>"$scratch/waldump.err" || true
  [[ -s "$stage/$f" ]] || { cat "$scratch/waldump.err" >&2; die "pg_waldump printed nothing for $f ($*)"; }
}
dump waldump-tli1.txt -t 1 -s "$start" -e "$switch1"
dump waldump-tli1-stats-record.txt -t 1 -s "$start" -e "$switch1" --stats=record
dump waldump-tli2.txt -t 2 -s "$switch1" -e "$switch2"
dump waldump-tli2-stats-record.txt -t 2 -s "$switch1" -e "$switch2" --stats=record
dump waldump-tli3.txt -t 3 -s "$switch2" -e "$end"
dump waldump-tli3-stats-record.txt -t 3 -s "$switch2" -e "$end" --stats=record
cross_from=$(printf '%X/%08X' $(( ($(lsn_num "$switch1") / segbytes * segbytes) >> 32 )) $(( ($(lsn_num "$switch1") / segbytes * segbytes) & 0xFFFFFFFF )))
dump waldump-tli2-cross.txt -t 2 -s "$cross_from" -e "$switch2"
cp "$scratch/measured.log" "$stage/measured.log"

# --- store
rm -rf "$out"; mkdir -p "$out/wal"
for f in "$stage"/wal/*; do
  n=$(basename "$f")
  if [[ $n == *.history ]]; then cp "$f" "$out/wal/"; chmod 644 "$out/wal/$n"; else store_file "$f" "$out/wal" "$n" gz; fi
done
for f in "$stage"/*; do [[ -f $f ]] && store_file "$f" "$out"; done
prov="captured $(date -u +%Y-%m-%d) by testdata/capture/promotion.sh; servers PostgreSQL $server_version from $provenance_server; pg_walinspect of the last promoted server; $("$BIN/pg_waldump" --version)"
set_list=$(IFS=';'; echo "${settings[*]}")
write_meta "$out" version "$version" workload promotion segment_size "$segbytes" start_lsn "$start" end_lsn "$end" \
  timeline 3 switch_1 "$switch1" switch_2 "$switch2" initdb_options "--wal-segsize=1" settings "$set_list" \
  provenance "$prov"
log "done: ${out#"$TESTDATA_DIR"/} $start..$end, switches at $switch1 (1 -> 2) and $switch2 (2 -> 3), $(ls "$out/wal" | wc -l) files in wal/, $(wc -l <"$stage/records.tsv") records, $(du -sh "$out" | cut -f1)"
