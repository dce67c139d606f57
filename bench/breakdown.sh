#!/usr/bin/env bash
# Where walprism's time goes (issue 9): whole-process CPU seconds, what the JVM loads and compiles, the phases of
# one run, and the parts of the stats scan timed one by one, beside pg_waldump's CPU seconds for the same work.
#
#   bench/breakdown.sh [--runs N] [--jar JAR] [--sizes LIST] [--sections LIST]
#
#   --runs N         runs per process row (default 7); the table shows medians
#   --jar JAR        the walprism jar to measure (default cli/target/walprism.jar); run through bin/walprism with
#                    WALPRISM_JAR, so with the JVM cache made beside that jar (build another one with
#                    mvn -B -ntp -q -o package -DskipTests -DbuildDirName=target-base to compare two builds)
#   --sizes LIST     inputs for the scan rows: 350M, 5G (default 350M; the inputs of bench/vs-pg_waldump.sh,
#                    which makes them)
#   --sections LIST  process, classes, phases, scan (default: all)
#
# process: user+sys CPU seconds, wall seconds and peak RSS (/usr/bin/time), medians of N runs, for a bare JVM
#          (`java -version` with the JDK's own CDS archive), `walprism --version`, `stats` of one 16 MB segment,
#          `stats --stats=record` and `dump` over each input, and pg_waldump doing the same. CPU seconds are the figure
#          to compare on a shared machine: wall time there depends on the other users, CPU time much less.
# classes: classes the JVM loaded (-Xlog:class+load), by where from: the JVM cache (AOT cache / CDS archive), the
#          jar, the JDK's runtime image, or generated at run time (annotation proxies, lambda forms, hidden classes:
#          never in a cache, each one parsed, verified and often compiled).
# phases:  one run with -Dwalprism.phases=true: JVM uptime at main, after the picocli model is built, when the
#          command starts, after the scan, after printing, at exit; JIT milliseconds (compiler threads, beside the
#          main thread), GCs, bytes allocated.
# scan:    org.walprism.cli.ScanBreakdown on one thread in one JVM: reading the segments, reading plus CRC-32C over
#          every byte, the reader, the reader plus Heap2 payload checks, the stats scan (-j 1 and -j 2), formatting;
#          cold (first round: interpreter and JIT, what a short process pays) and best (warm) milliseconds, and MB/s.
#          pg_waldump's MB per CPU second on the same range is printed below it.
# No test asserts on these figures; they are a measurement.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
ROOT=$PWD

runs=7 jar=$ROOT/cli/target/walprism.jar sizes=350M sections=process,classes,phases,scan
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --jar) jar=$(readlink -f "$2"); shift 2 ;;
    --sizes) sizes="$2"; shift 2 ;;
    --sections) sections="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) echo "breakdown: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
want() { [[ ",$sections," == *",$1,"* ]]; }
[[ -f $jar ]] || { echo "breakdown: $jar is missing (mvn -B -ntp -q -o package -DskipTests)" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "breakdown: /usr/bin/time is missing (apt-get install time)" >&2; exit 1; }
export WALPRISM_JAR=$jar
WP=("$ROOT/bin/walprism")

declare -A CAP=([350M]=18/vacuum_noindex [5G]=15/pgbench_tpcb)
declare -A WALDUMP=([18]=/var/cache/walprism/waldump/18/pg_waldump [15]=/usr/lib/postgresql/15/bin/pg_waldump)
meta() { awk -F'\t' -v k="$2" '$1==k {print $2}' "$1/capture.meta"; }
IFS=, read -r -a SIZES <<<"$sizes"
for z in "${SIZES[@]}"; do
  d=testdata/large/${CAP[$z]:?unknown size $z}
  [[ -f $d/capture.meta ]] || { echo "breakdown: $d is missing: run bench/vs-pg_waldump.sh once to make it" >&2; exit 1; }
done

# the JDK the launcher picks (as it does: JAVA_HOME, else the newest under /usr/lib/jvm)
java_bin=$("${WP[@]}" --version >/dev/null 2>&1 & p=$!; for _ in $(seq 200); do
  e=$(readlink "/proc/$p/exe" 2>/dev/null || true); [[ $e == */bin/java ]] && { echo "$e"; break; }; sleep 0.005; done; wait $p || true)
[[ -n $java_bin ]] || java_bin=$(readlink -f "$(command -v java)")
echo "breakdown: $(date -u '+%Y-%m-%d %H:%M UTC'), jar $jar ($(stat -c %y "$jar" | cut -d. -f1)), JDK $java_bin"
echo "machine: $(nproc) cores, $(awk -F': ' '/model name/ {print $2; exit}' /proc/cpuinfo), load $(cut -d' ' -f1-3 /proc/loadavg)"

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# row NAME CMD...: median CPU (user+sys), wall and largest RSS of $runs runs, stdout to /dev/null
row() {
  local name=$1 i; shift
  : >"$tmp/t"
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f '%e %U %S %M' -a -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" || { echo "breakdown: $* failed: $(head -2 "$tmp/err")" >&2; exit 1; }
  done
  awk -v n="$name" '{w[NR]=$1; c[NR]=$2+$3; if ($4>m) m=$4}
    function med(a, k, i, j, t) { for (i=1;i<=k;i++) for (j=i+1;j<=k;j++) if (a[j]<a[i]) {t=a[i];a[i]=a[j];a[j]=t}
      return k%2 ? a[(k+1)/2] : (a[k/2]+a[k/2+1])/2 }
    END {printf "| %-44s | %7.3f | %7.3f | %6.1f |\n", n, med(c, NR), med(w, NR), m/1024}' "$tmp/t"
}
range_args() { local d=testdata/large/${CAP[$1]}; R=(-p "$ROOT/$d/wal" -s "$(meta "$d" start_lsn)" -e "$(meta "$d" end_lsn)"); }
d0=testdata/large/${CAP[${SIZES[0]}]}
mapfile -t segs < <(ls "$d0/wal")
seg=$ROOT/$d0/wal/${segs[$((${#segs[@]} / 2))]}
PGW0=${WALDUMP[$(meta "$d0" version)]}

if want process; then
  echo; echo "## Whole processes: medians of $runs runs"; echo
  echo "| command | CPU s (user+sys) | wall s | max RSS MB |"; echo "|---|---|---|---|"
  row "bare JVM: java -version" "$java_bin" -Xshare:auto -version
  row "walprism --version" "${WP[@]}" --version
  row "walprism stats SEG (16 MB)" "${WP[@]}" stats "$seg"
  row "pg_waldump --stats SEG" "$PGW0" --stats "$seg"
  for z in "${SIZES[@]}"; do
    range_args "$z"; pgw=${WALDUMP[$(meta "testdata/large/${CAP[$z]}" version)]}
    row "walprism stats --stats=record $z" "${WP[@]}" stats "${R[@]}" --stats=record
    row "walprism stats --stats=record -j 1 $z" "${WP[@]}" stats "${R[@]}" --stats=record -j 1
    row "pg_waldump --stats=record $z" "$pgw" "${R[@]}" --stats=record
    [[ $z == 5G ]] && continue   # the 5 GB dump takes long; vs-pg_waldump.sh times it
    row "walprism dump $z" "${WP[@]}" dump "${R[@]}"
    row "pg_waldump $z" "$pgw" "${R[@]}"
  done
fi

if want classes; then
  echo; echo "## Classes loaded (-Xlog:class+load)"; echo
  echo "| command | all | JVM cache | jar | JDK image | generated |"; echo "|---|---|---|---|---|---|"
  classes() {
    local name=$1; shift
    WALPRISM_JAVA_OPTS="-Xlog:class+load=info:file=$tmp/cl" "${WP[@]}" "$@" >/dev/null 2>&1 || true
    awk -v n="$name" '/ source: / {a++; if (/shared objects file/) c++; else if (/source: (file|jar):/) j++;
        else if (/source: jrt:/) r++; else g++}
      END {printf "| %-34s | %5d | %5d | %4d | %4d | %4d |\n", n, a, c, j, r, g}' "$tmp/cl"
  }
  classes "--version" --version
  classes "stats SEG" stats "$seg"
  range_args "${SIZES[0]}"
  classes "stats --stats=record ${SIZES[0]}" stats "${R[@]}" --stats=record
  classes "dump ${SIZES[0]}" dump "${R[@]}"
fi

if want phases; then
  echo; echo "## Phases of one run (-Dwalprism.phases=true; ms of JVM uptime, +ms since the mark before)"; echo
  phases() {
    echo "- $1:"; shift
    WALPRISM_JAVA_OPTS="-Dwalprism.phases=true" "${WP[@]}" "$@" 2>&1 >/dev/null | grep '^walprism \(phases\|jvm\)' | sed 's/^walprism /  /'
  }
  phases "--version" --version
  phases "stats SEG" stats "$seg"
  for z in "${SIZES[@]}"; do
    range_args "$z"
    phases "stats --stats=record $z" stats "${R[@]}" --stats=record
  done
fi

if want scan; then
  for z in "${SIZES[@]}"; do
    d=testdata/large/${CAP[$z]} pgw=${WALDUMP[$(meta "testdata/large/${CAP[$z]}" version)]}
    s=$(meta "$d" start_lsn) e=$(meta "$d" end_lsn)
    echo; echo "## Parts of the stats scan, $z ($d), one JVM (ScanBreakdown)"; echo
    r=5; [[ $z == 5G ]] && r=2
    # shellcheck disable=SC2086
    "$java_bin" -XX:+UseSerialGC -Xmn16m $( [[ $("$java_bin" -version 2>&1) == *'"25'* ]] && echo --sun-misc-unsafe-memory-access=allow -Dio.netty.noUnsafe=false) \
      -cp "$jar" org.walprism.cli.ScanBreakdown "$ROOT/$d/wal" "$s" "$e" "$r" | sed 's/^/    /'
    /usr/bin/time -f '%e %U %S' -o "$tmp/t" "$pgw" -p "$ROOT/$d/wal" -s "$s" -e "$e" --stats=record >/dev/null
    bytes=$(( ((16#${e%/*} << 32) | 16#${e#*/}) - ((16#${s%/*} << 32) | 16#${s#*/}) ))
    awk -v bytes="$bytes" '{printf "\npg_waldump --stats=record on the same range: %.3f CPU s (%.3f user, %.3f sys), %.0f MB per CPU second\n",
          $2 + $3, $2, $3, bytes / 1e6 / ($2 + $3)}' "$tmp/t"
  done
fi
