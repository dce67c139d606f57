#!/usr/bin/env bash
# walprism sql's copies of the Spark job's tables against the job itself, on one WAL directory.
#
#   sql/fleet-vs-spark.sh [--bucket BYTES|DURATION] [-t TLI] WALDIR
#   sql/fleet-vs-spark.sh --diff WALDIR_A WALDIR_B
#
# Runs spark/'s WalFleetJob in a local Spark (master local[2], JDK 17, the spark module's test class path: Spark is
# a provided dependency, so no spark-submit is needed) with --format json --bucket B over WALDIR, then
# `bin/walprism sql -p WALDIR --bucket B` and compares every row of stats, categories, buckets and ranges (cluster
# and path aside: the job names the root as given, sql after -p's file name) with EXCEPT ALL both ways. Prints the
# row counts and the rows only one side has (0 and 0 when they agree); exit 1 when they differ. -t TLI is the job's
# --timeline and sql's -t; without it the two choose differently where several timelines are present (the job the
# newest, following its history; sql pg_waldump's default), so give it there.
#
# --diff: `walprism export --bucket 1h --parquet` of each directory (their file names, which must differ, are the
# clusters), their TABLE/ files copied into one directory, the job's `diff --format csv A B` over it against
# `walprism diff --format csv WALDIR_A WALDIR_B`; exit 1 when the two outputs differ.
#
# Needs: mvn package (bin/walprism sql), a JDK 17 at /usr/lib/jvm/java-17-openjdk-amd64 or $JAVA17_HOME, Maven's
# cache holding the spark module's dependencies (the build's). Not part of the test suite: it starts Spark.
set -euo pipefail
cd "$(dirname "$0")/.."
die() { echo "fleet-vs-spark: $*" >&2; exit 2; }
bucket=1048576 tli=() diff=
while (($#)); do
  case "$1" in
    --bucket) bucket="$2"; shift 2 ;;
    -t) tli=("$2"); shift 2 ;;
    --diff) diff=1; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    -*) die "unknown option $1 (see --help)" ;;
    *) break ;;
  esac
done
java17=${JAVA17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}/bin/java
[[ -x $java17 ]] || die "no JDK 17 at $java17 (set JAVA17_HOME)"
work=$(mktemp -d /tmp/fleet-vs-spark.XXXXXX)
trap 'rm -rf "$work"' EXIT
mvn -B -ntp -q -o -pl spark -am compile dependency:build-classpath -Dmdep.outputFile="$work/cp" \
  -Dmdep.includeScope=test -Dmaven.javadoc.skip >"$work/mvn.log" 2>&1 || { tail -5 "$work/mvn.log" >&2; die "mvn failed"; }
# the spark module's own JVM options for Spark on JDK 17 (its surefire argLine)
opts=$(sed -n '/<argLine>/,/<\/argLine>/p' spark/pom.xml | sed 's/<\/\?argLine>//g' | tr '\n' ' ')
if [[ -n $diff ]]; then
  (($# == 2)) || die "usage: sql/fleet-vs-spark.sh --diff WALDIR_A WALDIR_B"
  a=$(cd "$1" && pwd) b=$(cd "$2" && pwd)
  [[ $(basename "$a") != "$(basename "$b")" ]] || die "the two directories need different names (the clusters)"
  for w in "$a" "$b"; do
    bin/walprism export -p "$w" --bucket 1h --parquet "$work/x-$(basename "$w")" 2>>"$work/export.err" \
      || { cat "$work/export.err" >&2; die "export of $w failed"; }
  done
  for t in stats categories buckets ranges; do
    mkdir -p "$work/out/$t"
    cp "$work"/x-*/"$t"/*.parquet "$work/out/$t/"
  done
  # shellcheck disable=SC2086
  "$java17" $opts -Dspark.master='local[2]' -cp "spark/target/classes:$(cat "$work/cp")" org.walprism.spark.WalFleetJob \
    diff --out "$work/out" --format csv "$(basename "$a")" "$(basename "$b")" >"$work/job.csv" 2>"$work/job.log" \
    || { tail -5 "$work/job.log" >&2; die "the job's diff failed"; }
  bin/walprism diff --format csv "$a" "$b" >"$work/cli.csv" 2>"$work/cli.err" || { cat "$work/cli.err" >&2; die "walprism diff failed"; }
  if cmp -s "$work/job.csv" "$work/cli.csv"; then
    echo "the job's diff over the two exports equals walprism diff ($(wc -l <"$work/cli.csv") lines)"
    exit 0
  fi
  diff "$work/cli.csv" "$work/job.csv" | head -20
  exit 1
fi
(($# == 1)) || die "usage: sql/fleet-vs-spark.sh [--bucket B] [-t TLI] WALDIR"
wal=$(cd "$1" && pwd)
# shellcheck disable=SC2086
"$java17" $opts -Dspark.master='local[2]' -cp "spark/target/classes:$(cat "$work/cp")" org.walprism.spark.WalFleetJob \
  --out "$work/job" --format json --bucket "$bucket" ${tli[@]/#/--timeline } "$wal" >"$work/job.log" 2>&1 || { tail -5 "$work/job.log" >&2; die "the job failed"; }
j="$work/job"
cat >"$work/cmp.sql" <<EOF
CREATE TEMP TABLE js AS SELECT * FROM read_json('$j/stats/*.json', columns = {cluster: 'VARCHAR', system_identifier: 'VARCHAR', timeline: 'INTEGER', bucket_start: 'BIGINT', bucket_start_lsn: 'VARCHAR', name: 'VARCHAR', count: 'BIGINT', record_size: 'BIGINT', fpi_size: 'BIGINT', combined_size: 'BIGINT', bucket_time: 'TIMESTAMPTZ'});
CREATE TEMP TABLE jc AS SELECT * FROM read_json('$j/categories/*.json', columns = {cluster: 'VARCHAR', system_identifier: 'VARCHAR', timeline: 'INTEGER', bucket_start: 'BIGINT', bucket_start_lsn: 'VARCHAR', section: 'VARCHAR', name: 'VARCHAR', metric: 'VARCHAR', value: 'BIGINT', bucket_time: 'TIMESTAMPTZ', row_order: 'INTEGER'});
CREATE TEMP TABLE jb AS SELECT * FROM read_json('$j/buckets/*.json', columns = {cluster: 'VARCHAR', system_identifier: 'VARCHAR', timeline: 'INTEGER', bucket_start: 'BIGINT', bucket_start_lsn: 'VARCHAR', bucket_time: 'TIMESTAMPTZ', version: 'VARCHAR', first_record: 'BIGINT', "end": 'BIGINT', first_lsn: 'VARCHAR', end_lsn: 'VARCHAR', first_time: 'TIMESTAMPTZ', last_time: 'TIMESTAMPTZ', records: 'BIGINT'});
CREATE TEMP TABLE jr AS SELECT * FROM read_json('$j/ranges/*.json', columns = {cluster: 'VARCHAR', path: 'VARCHAR', system_identifier: 'VARCHAR', timeline: 'INTEGER', version: 'VARCHAR', first_lsn: 'VARCHAR', end_lsn: 'VARCHAR', records: 'BIGINT', tasks: 'INTEGER', tasks_used: 'INTEGER', notices: 'VARCHAR[]', untimed_records: 'BIGINT', history: 'VARCHAR'});
SELECT 'stats' AS "table", (SELECT count(*) FROM js) AS job, (SELECT count(*) FROM stats) AS sql,
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster) FROM js EXCEPT ALL SELECT * EXCLUDE (cluster) FROM stats)) AS job_only,
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster) FROM stats EXCEPT ALL SELECT * EXCLUDE (cluster) FROM js)) AS sql_only
UNION ALL SELECT 'categories', (SELECT count(*) FROM jc), (SELECT count(*) FROM categories),
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster) FROM jc EXCEPT ALL SELECT * EXCLUDE (cluster) FROM categories)),
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster) FROM categories EXCEPT ALL SELECT * EXCLUDE (cluster) FROM jc))
UNION ALL SELECT 'buckets', (SELECT count(*) FROM jb), (SELECT count(*) FROM buckets),
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster) FROM jb EXCEPT ALL SELECT * EXCLUDE (cluster) FROM buckets)),
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster) FROM buckets EXCEPT ALL SELECT * EXCLUDE (cluster) FROM jb))
UNION ALL SELECT 'ranges', (SELECT count(*) FROM jr), (SELECT count(*) FROM ranges),
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster, path) FROM jr EXCEPT ALL SELECT * EXCLUDE (cluster, path) FROM ranges)),
  (SELECT count(*) FROM (SELECT * EXCLUDE (cluster, path) FROM ranges EXCEPT ALL SELECT * EXCLUDE (cluster, path) FROM jr));
EOF
bin/walprism sql -p "$wal" ${tli[@]/#/-t } --bucket "$bucket" --format csv -f "$work/cmp.sql" 2>"$work/sql.err" | tee "$work/out.csv" \
  || { cat "$work/sql.err" >&2; die "walprism sql failed"; }
# every table: the same number of rows on both sides, none on one side only
awk -F, 'NR > 1 && ($2 != $3 || $4 != 0 || $5 != 0) {bad = 1} END {exit bad}' "$work/out.csv"
