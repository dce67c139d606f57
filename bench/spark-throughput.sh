#!/usr/bin/env bash
# Times the Spark job (spark/, WalFleetJob) against walprism's own `stats` on the same WAL files (issue 12):
# whole processes, wall and CPU seconds (user+sys, from /usr/bin/time), peak RSS.
#
#   bench/spark-throughput.sh [--runs N] [--root DIR] [--per-task N]
#
#   --runs N      timed rounds per row (default 1); the table shows each round
#   --root DIR    WAL directory (default testdata/large/15/pgbench_tpcb/wal, range from its capture.meta)
#   --per-task N  segments per Spark task (default 16)
#
# Rows: walprism stats --stats=record and stats --categories, -j 1 and -j 2 (bin/walprism, the CLI jar; the job
# computes both in one pass), the job over a 2 MB capture (its fixed cost), then the job with local[1] and
# local[2] (java -cp spark/target/walprism-spark.jar plus Spark's jars from the local Maven repository: no Spark
# distribution is installed here, so this is the job's main class in local mode, not spark-submit). The job computes
# more than `stats` (the --categories view and per-bucket rows too) and writes Parquet to a temporary directory.
# Before timing, the job's whole-range Total row is compared with `walprism stats`' Total line.
# Needs: mvn -B -ntp -q -o package -DskipTests (cli/target/walprism.jar, spark/target/walprism-spark.jar).
# The machine is shared: the figures are noisy; CPU seconds are the steadier measure.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=1
root=testdata/large/15/pgbench_tpcb/wal
per_task=16
while [ $# -gt 0 ]; do
  case $1 in
    --runs) runs=$2; shift 2 ;;
    --root) root=$2; shift 2 ;;
    --per-task) per_task=$2; shift 2 ;;
    *) echo "unknown option $1" >&2; exit 2 ;;
  esac
done
meta=$(dirname "$root")/capture.meta
range=()
if [ -f "$meta" ]; then
  range=(--start "$(awk -F'\t' '$1=="start_lsn"{print $2}' "$meta")" --end "$(awk -F'\t' '$1=="end_lsn"{print $2}' "$meta")")
fi
jar=spark/target/walprism-spark.jar
[ -f "$jar" ] && [ -f cli/target/walprism.jar ] || { echo "build first: mvn -B -ntp -q -o package -DskipTests" >&2; exit 1; }
cp_file=$(mktemp)
out=$(mktemp -d)
trap 'rm -rf "$cp_file" "$out"' EXIT
mvn -B -ntp -q -o compile dependency:build-classpath -pl spark -am -Dmdep.includeScope=provided \
  -Dmdep.outputFile="$cp_file" >/dev/null
# what Spark's launcher adds on Java 17
opens="-XX:+IgnoreUnrecognizedVMOptions"
for p in java.lang java.lang.invoke java.lang.reflect java.io java.net java.nio java.util java.util.concurrent \
    java.util.concurrent.atomic jdk.internal.ref sun.nio.ch sun.nio.cs sun.security.action sun.util.calendar; do
  opens="$opens --add-opens=java.base/$p=ALL-UNNAMED"
done
opens="$opens -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true"
bytes=$(du -sbL "$root" | cut -f1)
export SPARK_LOCAL_IP=127.0.0.1 # local mode: loopback only

jobcmd() { # cores format root-spec [range options]: the job's command line, one word a line
  local cores=$1 format=$2 spec=$3
  shift 3
  # shellcheck disable=SC2086
  printf '%s\n' java -Xmx4g $opens -Dspark.master="local[$cores]" -Dspark.ui.enabled=false \
    -Dspark.driver.host=127.0.0.1 -Dspark.driver.bindAddress=127.0.0.1 -Dspark.sql.shuffle.partitions=8 -cp "$jar:$(cat "$cp_file")" org.walprism.spark.WalFleetJob --out "$out/job" \
    --format "$format" --segments-per-task "$per_task" "$@" "$spec"
}
mapfile -t job1 < <(jobcmd 1 parquet "bench=$root" "${range[@]}")
mapfile -t job2 < <(jobcmd 2 parquet "bench=$root" "${range[@]}")
mapfile -t jobjson < <(jobcmd 2 json "bench=$root" "${range[@]}")
# the job's fixed cost (JVM, Spark session, planning, writing): over one small bundled capture (two 1 MB segments)
mapfile -t jobsmall < <(jobcmd 1 parquet small=testdata/corpus/15/pgbench_oltp/wal)

# correctness first: the job's whole-range Total equals walprism stats' Total
want=$(bin/walprism stats --stats=record "${range[@]}" "$root" | awk '$1=="Total"{print $2, $3, $5}')
"${jobjson[@]}" 2>"$out/job.err" || { cat "$out/job.err" >&2; exit 1; }
got=$(python3 -c '
import json, sys, glob
for f in glob.glob(sys.argv[1] + "/part-*.json"):
    for line in open(f):
        r = json.loads(line)
        if r["name"] == "Total" and "bucket_start" not in r:
            print(r["count"], r["record_size"], r["fpi_size"])
' "$out/job/stats")
echo "walprism stats Total (count record_size fpi_size): $want"
echo "job whole-range Total                           : $got"
[ "$want" = "$got" ] || { echo "MISMATCH" >&2; exit 1; }

printf '%-34s %8s %8s %8s %9s %8s\n' run wall_s cpu_s rss_MB MB/s_wall MB/s_cpu
row() { # label command...
  local label=$1; shift
  local t0 t1 res
  t0=$(date +%s.%N)
  /usr/bin/time -f '%U %S %M' -o "$out/time" "$@" >/dev/null 2>"$out/err" || { cat "$out/err" >&2; exit 1; }
  t1=$(date +%s.%N)
  read -r u s m < "$out/time"
  awk -v l="$label" -v w="$(echo "$t1 - $t0" | bc)" -v u="$u" -v s="$s" -v m="$m" -v b="$bytes" \
    'BEGIN{c=u+s; printf "%-34s %8.1f %8.1f %8d %9.1f %8.1f\n", l, w, c, m/1024, b/1e6/w, b/1e6/c}'
}
for ((i = 0; i < runs; i++)); do
  row "walprism stats -j 1" bin/walprism stats --stats=record -j 1 "${range[@]}" "$root"
  row "walprism stats -j 2" bin/walprism stats --stats=record -j 2 "${range[@]}" "$root"
  row "walprism stats --categories -j 1" bin/walprism stats --categories -j 1 "${range[@]}" "$root"
  row "walprism stats --categories -j 2" bin/walprism stats --categories -j 2 "${range[@]}" "$root"
  row "spark job local[1], 2 MB" "${jobsmall[@]}"
  row "spark job local[1]" "${job1[@]}"
  row "spark job local[2]" "${job2[@]}"
done
echo "input: $root, $((bytes / 1000000)) MB; nproc $(nproc); load: $(cut -d' ' -f1-3 /proc/loadavg)"
