#!/usr/bin/env bash
# Runs the job jar as built (spark/target/walprism-spark.jar) under spark-submit's own code paths, with Spark's
# jars from the local Maven repository laid out as a distribution (issue 12, item 3). No Spark distribution can be
# installed here, but spark-submit is a shell wrapper: bin/spark-class runs org.apache.spark.launcher.Main, which
# prints the java command line (class path SPARK_HOME/jars/*, the --add-opens flags of Java 17), then runs that
# command: org.apache.spark.deploy.SparkSubmit. This script does the same with the same classes:
#
#   1. SPARK_HOME: a temporary directory with RELEASE and jars/ (links to the jars of spark/dist/pom.xml, i.e.
#      spark-sql_2.13 4.0.1 and its runtime dependencies, from `mvn dependency:build-classpath`): Spark's jars
#      only, so the job's own classes and libraries come from the job jar;
#   2. spark-submit --master local[2] --class org.walprism.spark.WalFleetJob walprism-spark.jar ...;
#   3. a standalone cluster from the same jars (org.apache.spark.deploy.master.Master and worker.Worker on
#      loopback, 2 cores) and spark-submit --master spark://...: the executors are JVMs the worker starts, which
#      fetch the job jar from the driver and load the shaded codec from it;
#
# with roots on local disk and on HDFS (an in-process MiniDFSCluster run as its own process), and checks, for each
# run, that the job's whole-range Total of every root equals `walprism stats`' Total line on the same WAL.
#
#   spark/spark-submit-check.sh [--no-cluster]
#
# Needs: mvn -B -ntp -q -o package -DskipTests (spark/target/walprism-spark.jar, cli/target/walprism.jar).
# Starts (and stops on exit) one HDFS, one Master, one Worker and their executors: their PIDs only.
set -euo pipefail
cd "$(dirname "$0")/.."
cluster=1
[ "${1:-}" = "--no-cluster" ] && cluster=0
jar=$PWD/spark/target/walprism-spark.jar
[ -f "$jar" ] && [ -f cli/target/walprism.jar ] || { echo "build first: mvn -B -ntp -q -o package -DskipTests" >&2; exit 1; }
tmp=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

# 1. a SPARK_HOME of Spark's jars
export SPARK_HOME=$tmp/spark-home SPARK_SCALA_VERSION=2.13 SPARK_LOCAL_IP=127.0.0.1
mkdir -p "$SPARK_HOME/jars" "$SPARK_HOME/conf"
touch "$SPARK_HOME/RELEASE" # a distribution's marker: the launcher then takes its class path from jars/
mvn -B -ntp -q -f spark/dist/pom.xml dependency:build-classpath -Dmdep.outputFile="$tmp/dist.cp" >/dev/null
tr ":" "\n" < "$tmp/dist.cp" | while read -r j || [ -n "$j" ]; do ln -s "$j" "$SPARK_HOME/jars/"; done
echo "SPARK_HOME: $(ls "$SPARK_HOME/jars" | wc -l) jars (spark-core $(ls "$SPARK_HOME/jars" | sed -n 's/^spark-core_2.13-\(.*\)\.jar$/\1/p'))"

# bin/spark-class: the launcher prints the command (NUL-separated) that is then run
spark_class() {
  local cmd=() a
  while IFS= read -r -d '' a; do
    a=${a#$'\n'}
    [ -n "$a" ] && cmd+=("$a")
  done < <(java -Xmx128m -cp "$SPARK_HOME/jars/*" org.apache.spark.launcher.Main "$@")
  exec "${cmd[@]}"
}
spark_submit() { (spark_class org.apache.spark.deploy.SparkSubmit "$@"); }

# an HDFS to read a root from: a MiniDFSCluster as a process (Hadoop's MiniDFSClusterManager, from
# hadoop-client-minicluster 3.4.1, the Hadoop client version of Spark 4.0.1), one datanode, on loopback
mvn -B -ntp -q -f spark/dist/pom.xml -Phdfs dependency:build-classpath -Dmdep.outputFile="$tmp/hdfs.cp" >/dev/null
mkdir -p "$tmp/hadoop-conf"
printf '<?xml version="1.0"?>\n<configuration/>\n' > "$tmp/hadoop-conf/core-site.xml"
hadoop_cp="$tmp/hadoop-conf:$(cat "$tmp/hdfs.cp")"
(cd "$tmp" && exec java -Dtest.build.data="$tmp/hdfs" -cp "$hadoop_cp" org.apache.hadoop.test.MiniDFSClusterManager \
  -format -writeDetails "$tmp/hdfs.json") >"$tmp/hdfs.log" 2>&1 &
pids+=($!)
for _ in $(seq 120); do [ -s "$tmp/hdfs.json" ] && break; sleep 0.5; done
[ -s "$tmp/hdfs.json" ] || { tail -20 "$tmp/hdfs.log" >&2; exit 1; }
hdfs="hdfs://127.0.0.1:$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["namenode_port"])' "$tmp/hdfs.json")"
hdfs_put() { java -cp "$hadoop_cp" org.apache.hadoop.fs.FsShell -fs "$hdfs" -D dfs.replication=1 -put "$@" 2>>"$tmp/hdfs.log"; }
echo "HDFS: $hdfs"

# roots (name, what the job reads, the same WAL on local disk for walprism stats): gzip-compressed 1 MB segments
# (PostgreSQL 16) on local disk and on HDFS, plain 16 MB segments (PostgreSQL 17) on local disk. Absolute local
# paths: executors run in their own working directories (on a real cluster: paths every node sees, or hdfs:// /
# s3a:// roots)
mp=$PWD/testdata/corpus/16/vacuum_indexed_multipass/wal
mkdir -p "$tmp/seg16"
for f in testdata/corpus/17/hot_updates_seg16/wal/*; do
  case $f in *.gz) gzip -dc "$f" > "$tmp/seg16/$(basename "$f" .gz)" ;; *) cp "$f" "$tmp/seg16/" ;; esac
done
hdfs_put "$mp" /mp
hdfs_put "$tmp/seg16" /seg16
# hdfs:///seg16 names no namenode: it is the default file system of the job's Hadoop configuration
# (--conf spark.hadoop.fs.defaultFS below), which travels with the tasks to the executors
names=(mp seg16 hdfs-mp hdfs-seg16)
roots=("mp=$mp" "seg16=$tmp/seg16" "hdfs-mp=$hdfs/mp" "hdfs-seg16=hdfs:///seg16")
locals=("$mp" "$tmp/seg16" "$mp" "$tmp/seg16")

check() { # label out-dir: every root's whole-range Total equals walprism stats' Total
  local label=$1 out=$2 i want got
  for i in "${!names[@]}"; do
    want=$(bin/walprism stats --stats=record "${locals[$i]}" 2>/dev/null | awk '$1=="Total"{print $2, $3, $5}')
    got=$(python3 -c '
import json, sys, glob
for f in glob.glob(sys.argv[1] + "/stats/part-*.json"):
    for line in open(f):
        r = json.loads(line)
        if r["cluster"] == sys.argv[2] and r["name"] == "Total" and "bucket_start" not in r:
            print(r["count"], r["record_size"], r["fpi_size"])
' "$out" "${names[$i]}")
    echo "$label ${roots[$i]}: walprism stats Total $want, job Total $got"
    [ -n "$want" ] && [ "$want" = "$got" ] || { echo "MISMATCH" >&2; tail -5 "$out.err" >&2; exit 1; }
  done
}

# (output to file://: with fs.defaultFS set, a path without a scheme is on HDFS, as for any Spark job)
common=(--class org.walprism.spark.WalFleetJob --conf spark.ui.enabled=false --conf spark.driver.host=127.0.0.1
  --conf spark.driver.bindAddress=127.0.0.1 --conf spark.sql.shuffle.partitions=4 --conf "spark.hadoop.fs.defaultFS=$hdfs")

# 2. spark-submit --master local[2]
spark_submit --master 'local[2]' "${common[@]}" "$jar" --out "file://$tmp/local" --format json --segments-per-task 3 \
  "${roots[@]}" 2>"$tmp/local.err" || { tail -30 "$tmp/local.err" >&2; exit 1; }
check "spark-submit --master local[2]:" "$tmp/local"

[ $cluster = 1 ] || exit 0

# 3. a standalone cluster: Master and Worker from the same jars, executors in their own JVMs
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
mport=$(free_port)
(spark_class org.apache.spark.deploy.master.Master --host 127.0.0.1 --port "$mport" --webui-port "$(free_port)") \
  >"$tmp/master.log" 2>&1 &
pids+=($!)
for _ in $(seq 120); do grep -q "I have been elected leader" "$tmp/master.log" && break; sleep 0.5; done
grep -q "I have been elected leader" "$tmp/master.log" || { tail -20 "$tmp/master.log" >&2; exit 1; }
mkdir -p "$tmp/work"
(spark_class org.apache.spark.deploy.worker.Worker --host 127.0.0.1 --cores 2 --memory 2g --work-dir "$tmp/work" \
  --webui-port "$(free_port)" "spark://127.0.0.1:$mport") >"$tmp/worker.log" 2>&1 &
pids+=($!)
for _ in $(seq 120); do grep -q "Successfully registered with master" "$tmp/worker.log" && break; sleep 0.5; done
grep -q "Successfully registered with master" "$tmp/worker.log" || { tail -20 "$tmp/worker.log" >&2; exit 1; }
echo "standalone cluster: master spark://127.0.0.1:$mport, one worker (2 cores)"

spark_submit --master "spark://127.0.0.1:$mport" --deploy-mode client --executor-cores 1 --total-executor-cores 2 \
  --executor-memory 768m "${common[@]}" "$jar" --out "file://$tmp/cluster" --format json --segments-per-task 3 \
  "${roots[@]}" 2>"$tmp/cluster.err" || { tail -30 "$tmp/cluster.err" >&2; exit 1; }
check "spark-submit --master spark://:" "$tmp/cluster"

# the executors: separate JVMs under the worker, each with the job jar fetched into its directory, that ran tasks
n=0
for d in "$tmp"/work/app-*/*/; do
  [ -f "$d/walprism-spark.jar" ] && grep -q "Finished task" "$d/stderr" && n=$((n + 1))
  echo "executor $(basename "$d"): $(grep -c "Finished task" "$d/stderr") tasks, jar $(ls "$d" | grep -c walprism-spark.jar)"
done
[ "$n" -ge 2 ] || { echo "expected 2 executors that ran tasks with the job jar, found $n" >&2; exit 1; }
echo "OK: the job jar as built runs under SparkSubmit, in local mode and on a standalone cluster ($n executor JVMs)"
