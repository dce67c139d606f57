#!/usr/bin/env bash
# walprism sql against pg_walinspect: the same query text, side by side in one run, on the same WAL range.
#
#   bench/sql-vs-walinspect.sh [--scale N] [--transactions N] [--runs N] [--server-bin DIR] [--jfr]
#
# A throw-away PostgreSQL server (testdata/capture/server.sh: Debian's postgresql-15, whose contrib has
# pg_walinspect; --server-bin DIR: the server binaries in DIR, e.g. /var/cache/walprism/pg/18.1.0/bin, a zonky
# build capture.sh fetches, or /var/cache/walprism/pg-sid/usr/lib/postgresql/19/bin, 19rc1) runs
# `pgbench -i -s SCALE` and `pgbench -n -t TRANSACTIONS`; the range is the server's WAL from
# before the initialisation to after the run. Each query below runs on the server through psql (pg_walinspect reads
# the server's own pg_wal) and through `bin/walprism sql -p DATA/pg_wal -s START -e END` (embedded DuckDB, no
# server); its output is compared first (row counts must agree), then timed RUNS times: wall time and CPU seconds
# (user+sys; medians) and walprism's peak RSS (/usr/bin/time %M). The server's CPU for a query is that of the
# backend psql connected to, which the postmaster has reaped (its cutime+cstime in /proc, before and after).
# Printed as a table with the ratios walprism / pg_walinspect; also written to bench/out/sql-vs-walinspect-DATE.md.
# --jfr: after the timed runs, one more walprism run per query with a JFR recording (settings=profile), its hot
# methods (`jfr view hot-methods`) written beside the table as bench/out/sql-vs-walinspect-DATE-QUERY.txt.
# No test asserts on these figures: they are a measurement.
#
# pg_get_wal_block_info came with 16: on a 15 server the block query is left out.
# Needs: mvn package (cli/target/walprism.jar, sql/target/walprism-sql.jar), Debian's postgresql-15, pgbench,
# /usr/bin/time; as root the server runs as the capture tool's unprivileged user.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
ROOT=$PWD
die() { echo "sql-vs-walinspect: $*" >&2; exit 1; }
say() { echo "sql-vs-walinspect: $*" >&2; }

scale=10 transactions=20000 runs=3 jfr=
while (($#)); do
  case "$1" in
    --scale) scale="$2"; shift 2 ;;
    --transactions) transactions="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --server-bin) export WALPRISM_SERVER_BIN="$2"; shift 2 ;;
    --jfr) jfr=1; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
[[ -f sql/target/walprism-sql.jar && -f cli/target/walprism.jar ]] || die "run mvn -B -ntp -q package -DskipTests first"
[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing"
BIN=/usr/lib/postgresql/15/bin
PSQL=$BIN/psql; [[ -x $PSQL ]] || PSQL=$(command -v psql)
PGBENCH=$BIN/pgbench; [[ -x $PGBENCH ]] || PGBENCH=$(command -v pgbench)

work=$(mktemp -d /tmp/sql-vs-walinspect.XXXXXX)
chmod 755 "$work"
trap 'testdata/capture/server.sh stop "$work/srv" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
port=$(testdata/capture/server.sh start "$work/srv") || die "no server (testdata/capture/server.sh)"
q() { "$PSQL" -X -q -At -h 127.0.0.1 -p "$port" -U postgres -d postgres -c "$1"; }
q "CREATE EXTENSION pg_walinspect" >/dev/null || die "the server has no pg_walinspect"
pm=$(head -1 "$work/srv/data/postmaster.pid")
hz=$(getconf CLK_TCK)
# the postmaster's reaped children's CPU, in milliseconds (fields 16 and 17 of /proc/PID/stat, in clock ticks)
children_ms() { awk -v hz="$hz" '{print int(($16 + $17) * 1000 / hz)}' "/proc/$pm/stat"; }
start=$(q "SELECT pg_current_wal_insert_lsn()")
say "pgbench -i -s $scale, then -t $transactions"
"$PGBENCH" -h 127.0.0.1 -p "$port" -U postgres -i -s "$scale" -q postgres >/dev/null 2>&1 || die "pgbench -i failed"
"$PGBENCH" -h 127.0.0.1 -p "$port" -U postgres -n -t "$transactions" postgres >/dev/null 2>&1 || die "pgbench failed"
q "CHECKPOINT" >/dev/null
end=$(q "SELECT pg_current_wal_flush_lsn()")
records=$(q "SELECT count(*) FROM pg_get_wal_records_info('$start', '$end')")
wal=$work/srv/data/pg_wal
say "range $start..$end, $records records"

queries=(
  "stats per record|SELECT * FROM pg_get_wal_stats('$start', '$end', true) WHERE count > 0"
  "records per type|SELECT resource_manager, record_type, count(*), sum(record_length) FROM pg_get_wal_records_info('$start', '$end') GROUP BY 1, 2 ORDER BY 4 DESC"
  "image bytes per resource manager|SELECT resource_manager, count(*), sum(fpi_length) FROM pg_get_wal_records_info('$start', '$end') WHERE fpi_length > 0 GROUP BY 1 ORDER BY 3 DESC"
)
# pg_get_wal_block_info came with PostgreSQL 16's pg_walinspect
if (($(q "SHOW server_version_num") >= 160000)); then
  queries+=("top relations by image bytes|SELECT relfilenode, count(*), sum(block_fpi_length) FROM pg_get_wal_block_info('$start', '$end', false) WHERE block_fpi_length > 0 GROUP BY 1 ORDER BY 3 DESC LIMIT 10")
fi

now() { date +%s%N; }
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
walprism() { "$ROOT/bin/walprism" sql -p "$wal" -s "$start" -e "$end" --format csv "$1"; }

out=bench/out/sql-vs-walinspect-$(date -u +%Y%m%d-%H%M%S).md
mkdir -p bench/out
{
  echo "# walprism sql vs pg_walinspect ($(date -u '+%Y-%m-%d %H:%M UTC'))"
  echo
  echo "PostgreSQL $(q 'SHOW server_version'), pgbench -s $scale -t $transactions: $start..$end, $records records;"
  echo "$(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), $runs runs (median wall seconds)."
  echo
  echo "| query | pg_walinspect s | walprism sql s | ratio | pg_walinspect CPU s | walprism CPU s | CPU ratio | walprism RSS MB |"
  echo "|---|---:|---:|---:|---:|---:|---:|---:|"
} >"$out"
for entry in "${queries[@]}"; do
  name=${entry%%|*} sql=${entry#*|}
  a=$(q "$sql" | wc -l)
  b=$(($(walprism "$sql" | wc -l) - 1))
  [[ $a == "$b" ]] || die "$name: pg_walinspect $a rows, walprism $b"
  tp=() tw=() cp=() cw=() rss=0
  for ((i = 0; i < runs; i++)); do
    c0=$(children_ms); t0=$(now); q "$sql" >/dev/null; t1=$(now); sleep 0.2; c1=$(children_ms)
    tp+=($(((t1 - t0) / 1000000))) cp+=($((c1 - c0)))
    t0=$(now); m=$( { /usr/bin/time -f '%M %U %S' "$ROOT/bin/walprism" sql -p "$wal" -s "$start" -e "$end" --format csv "$sql" >/dev/null; } 2>&1 | tail -1); t1=$(now)
    tw+=($(((t1 - t0) / 1000000)))
    read -r kb us ss <<<"$m"
    cw+=($(echo "($us + $ss) * 1000 / 1" | bc))
    ((kb > rss)) && rss=$kb
  done
  p=$(printf '%s\n' "${tp[@]}" | median) w=$(printf '%s\n' "${tw[@]}" | median)
  pc=$(printf '%s\n' "${cp[@]}" | median) wc=$(printf '%s\n' "${cw[@]}" | median)
  if [[ -n $jfr ]]; then
    base=${out%.md}-$(echo "$name" | tr ' ' '-')
    WALPRISM_JAVA_OPTS="-XX:StartFlightRecording=filename=$base.jfr,settings=profile" walprism "$sql" >/dev/null 2>&1
    jfrbin=
    for c in "${JAVA_HOME:-/nonexistent}/bin/jfr" /usr/lib/jvm/*/bin/jfr; do  # `jfr view` came with JDK 21
      [[ -x $c ]] && "$c" help view >/dev/null 2>&1 && { jfrbin=$c; break; }
    done
    { "$jfrbin" view --width 160 hot-methods "$base.jfr"; "$jfrbin" view --width 160 allocation-by-class "$base.jfr"; } >"$base.txt" 2>&1 || true
    say "$name: JFR hot methods in $base.txt"
  fi
  printf '| %s | %.2f | %.2f | %.2f | %.2f | %.2f | %.2f | %d |\n' "$name" "$(echo "$p / 1000" | bc -l)" \
    "$(echo "$w / 1000" | bc -l)" "$(echo "$w / $p" | bc -l)" "$(echo "$pc / 1000" | bc -l)" \
    "$(echo "$wc / 1000" | bc -l)" "$(echo "$wc / ($pc + ($pc == 0))" | bc -l)" $((rss / 1024)) >>"$out"
done
cat "$out"
