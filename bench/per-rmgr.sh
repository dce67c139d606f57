#!/usr/bin/env bash
# Per-record CPU, per resource manager: walprism's read + validate + count (JMH, bench/jmh RmgrScanBenchmark, warm
# JVM) against pg_waldump --stats=record on the same files (process CPU time over the record count), so that a
# regression in one resource manager shows up by name.
#
#   bench/per-rmgr.sh [--major N | --from CAPTURE] [--rmgrs LIST] [--quick] [--no-build]
#
#   --major N      PostgreSQL major whose corpus (testdata/corpus/N) gives the records (default 18)
#   --from CAPTURE a capture folder made by the capture tool (capture.meta and wal/), e.g. testdata/large/18/index_mix
#                  or testdata/large/18/pgbench_short: the records come from its range instead of the corpus (the
#                  first 200,000 of each resource manager in WAL order, repeated only where the range has fewer),
#                  the major from its capture.meta
#   --rmgrs LIST   comma-separated pg_waldump names (default: XLOG,Transaction,Storage,Standby,Heap2,Heap,Btree,
#                  Hash,Gin,Gist,Sequence,SPGist,BRIN; with --from: those with at least 1,000 records in the range)
#   --quick        JMH: 1 warm-up and 2 measured iterations of 1 s; pg_waldump: 3 runs (checks it works)
#   --no-build     use bench/jmh/target/benchmarks.jar as it is
#
# Inputs: for each resource manager, WAL made of that resource manager's records only (every one of them in the
# corpus captures of the major, appended again and again by walprism's WalWriter, which chains xl_prev and
# recomputes the CRC) until there are 200,000; kept in bench/out/rmgr-wal/MAJOR/RMGR (git-ignored), made on first
# use (with --from: bench/out/rmgr-wal/MAJOR-NAME/RMGR, NAME the capture folder's name). pg_waldump first reads
# each range once and must agree on the record count (its --stats Total line).
#
# Figures: walprism = JMH average time per record (ns), one fork, Serial GC with a 16 MB young generation as the
# launcher runs it. pg_waldump = (CPU seconds, user + system, of `pg_waldump --stats=record` over the range minus
# those of the same command stopping after one record, -n 1: start-up) / (records - 1), the median of the runs
# (each process's own rusage, microseconds). Ratio = walprism / pg_waldump (below 1: walprism spends less). The
# load average is printed with the table: the machine may be shared. No test asserts on these figures.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
ROOT=$PWD
die() { echo "per-rmgr: $*" >&2; exit 1; }

major=18 rmgrs= quick= build=1 from=
while (($#)); do
  case "$1" in
    --major) major="$2"; shift 2 ;;
    --from) from="$2"; shift 2 ;;
    --rmgrs) rmgrs="$2"; shift 2 ;;
    --quick) quick=1; shift ;;
    --no-build) build=; shift ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
if [[ -n $from ]]; then
  [[ -f $from/capture.meta && -d $from/wal ]] || die "--from $from: no capture.meta and wal/ there (make it with testdata/capture/capture.sh --large ...)"
  from_arg=$from from=$(cd "$from" && pwd -P)
  major=$(awk -F'\t' '$1=="version" {print $2}' "$from/capture.meta")
fi
[[ $major =~ ^[0-9]+$ ]] || die "--major must be a number"
set_name=$major; [[ -n $from ]] && set_name=$major-$(basename "$from")
case $major in
  15) PGW=/usr/lib/postgresql/15/bin/pg_waldump ;;
  19) PGW=/var/cache/walprism/pg-sid/usr/lib/postgresql/19/bin/pg_waldump ;;
  *) PGW=/var/cache/walprism/waldump/$major/pg_waldump ;;
esac
[[ -x $PGW ]] || die "no pg_waldump $major at $PGW (testdata/capture/prereqs.sh --waldump $major)"
[[ -n $from || -d testdata/corpus/$major ]] || die "no corpus testdata/corpus/$major"
command -v python3 >/dev/null || die "python3 is needed (it reads each process's CPU time)"

JAR=bench/jmh/target/benchmarks.jar
if [[ -n $build ]]; then
  echo "per-rmgr: building $JAR (mvn -Pjmh -pl bench/jmh -am package) ..." >&2
  mvn -B -ntp -q -Pjmh -pl bench/jmh -am package -DskipTests -Dmaven.javadoc.skip=true \
    -Dwalprism.jvmcache.skip=true >&2 || die "the build failed"
fi
[[ -f $JAR ]] || die "$JAR is missing (run without --no-build)"
JAVA=${JAVA_HOME:+$JAVA_HOME/bin/}java
OUT=bench/out/rmgr-wal
if [[ -z $rmgrs && -n $from ]]; then
  meta() { awk -F'\t' -v k="$1" '$1==k {print $2}' "$from/capture.meta"; }
  rmgrs=$("$PGW" --stats -p "$from/wal" -s "$(meta start_lsn)" -e "$(meta end_lsn)" \
    | awk '$2 ~ /^[0-9]+$/ && $2 >= 1000 && $1 != "Total" {printf "%s%s", sep, $1; sep=","}')
  [[ -n $rmgrs ]] || die "no resource manager has 1,000 records in $from"
fi
rmgrs=${rmgrs:-XLOG,Transaction,Storage,Standby,Heap2,Heap,Btree,Hash,Gin,Gist,Sequence,SPGist,BRIN}
IFS=, read -r -a RM <<<"$rmgrs"
records=200000
for rm in "${RM[@]}"; do
  d=$OUT/$set_name/$rm
  if [[ ! -f $d/range.tsv ]] || [[ $(cut -f3 "$d/range.tsv") != "$records" ]]; then
    echo "per-rmgr: writing $d ..." >&2
    rm -rf "$d"
    "$JAVA" -Dwalprism.testdata="$ROOT/testdata" -cp "$JAR" org.walprism.bench.RmgrWal "$major" "$rm" "$records" "$d" \
      ${from:+"$from"} || die "could not write the $rm range"
  fi
done

# --- pg_waldump: CPU per record
runs=7; [[ -n $quick ]] && runs=3
declare -A PG
for rm in "${RM[@]}"; do
  d=$OUT/$set_name/$rm
  IFS=$'\t' read -r s e n distinct <"$d/range.tsv"
  total=$("$PGW" --stats=record -p "$d" -s "$s" -e "$e" | awk '/^Total/ {print $2; exit}')
  [[ $total == "$n" ]] || die "pg_waldump counts $total records in $d, walprism wrote $n"
  PG[$rm]=$(python3 - "$PGW" "$d" "$s" "$e" "$n" "$runs" <<'PY'
import os, subprocess, sys, statistics
pgw, d, s, e, n, runs = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
def cpu(extra):
    p = subprocess.Popen([pgw, "--stats=record", "-p", d, "-s", s, "-e", e] + extra, stdout=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    assert status == 0, status
    return ru.ru_utime + ru.ru_stime
full = statistics.median(cpu([]) for _ in range(runs))
one = statistics.median(cpu(["-n", "1"]) for _ in range(runs))
print("%.1f" % ((full - one) * 1e9 / (n - 1)))
PY
)
done

# --- walprism: JMH
csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
jmh=(-p major="$major" ${from:+-p from="$from"} -p rmgr="$rmgrs" -p dir="$ROOT/$OUT" -rf csv -rff "$csv" -jvmArgsAppend "-Dwalprism.testdata=$ROOT/testdata")
[[ -n $quick ]] && jmh+=(-wi 1 -i 2)
"$JAVA" -jar "$JAR" RmgrScanBenchmark "${jmh[@]}" >&2 || die "JMH failed"

load=$(cut -d' ' -f1-3 /proc/loadavg)
{
  src="PostgreSQL $major corpus records"; [[ -n $from ]] && src="records of $from_arg (PostgreSQL $major)"
  echo "per-record CPU, $src, $records records per resource manager; load average $load, $(nproc) CPUs"
  echo "walprism: JMH RmgrScanBenchmark (read + validate + count, warm JVM, thread CPU time over records; wall in"
  echo "  brackets), $("$JAVA" -version 2>&1 | head -1)"
  echo "pg_waldump: $PGW --stats=record, process CPU (user+sys) minus that of -n 1, median of $runs"
  echo
  printf '| %-12s | %8s | %22s | %17s | %19s |\n' rmgr distinct "walprism ns/rec (wall)" "pg_waldump ns/rec" "walprism/pg_waldump"
  printf '|%s|%s|%s|%s|%s|\n' -------------- ---------- ------------------------ ------------------- ---------------------
  for rm in "${RM[@]}"; do
    distinct=$(cut -f4 "$OUT/$set_name/$rm/range.tsv")
    python3 - "$csv" "$rm" "$distinct" "${PG[$rm]}" <<'PY'
import csv, sys
path, rm, distinct, pg = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
rows = [r for r in csv.DictReader(open(path)) if r.get("Param: rmgr") == rm]
score = {r["Benchmark"].rsplit(":", 1)[-1] if ":" in r["Benchmark"] else "wall": float(r["Score"]) for r in rows}
cpu = score["cpuNanos"] / score["records"] if score.get("records") else float("nan")
print("| %-12s | %8s | %13.1f (%6.1f) | %17.1f | %19.2f |" % (rm, distinct, cpu, score.get("wall", float("nan")),
                                                            pg, cpu / pg if pg > 0 else float("nan")))
PY
  done
} | tee "bench/out/per-rmgr-$set_name-$(date -u +%Y%m%dT%H%M%SZ).md"
