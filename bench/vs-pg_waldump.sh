#!/usr/bin/env bash
# Times walprism against PostgreSQL's own pg_waldump, whole processes, on the same WAL files and range, and
# prints one table: command x size -> pg_waldump seconds, walprism seconds, ratio, both peak RSS (issue 9).
#
#   bench/vs-pg_waldump.sh [--runs N] [--quick] [--sections LIST] [--sizes LIST] [--java PATH]
#
#   --runs N         timed rounds per row (default 5); each round runs both sides once, alternating which
#                    goes first; the table shows medians
#   --quick          one round per row (checks that everything works; the figures mean little)
#   --sections LIST  comma-separated subset of: startup, stats, dump, categories, vacuums, jobs (default: all)
#   --sizes LIST     comma-separated subset of: 350M, 5G, index, short (default: 350M, 5G)
#   --java PATH      the java to run walprism with (e.g. /usr/lib/jvm/temurin-25-jdk-amd64/bin/java);
#                    default: $JAVA_HOME/bin/java, else `java` on PATH. With the launcher bin/walprism the
#                    choice is passed as JAVA_HOME; without --java or JAVA_HOME the launcher picks its own.
#
# Inputs (made on first use with the capture tool, git-ignored under testdata/large/, kept for later runs):
#   350M  testdata/large/18/vacuum_noindex: VACUUM (FREEZE) on PostgreSQL 18 (zonky 18.1.0), ~380 MB of WAL
#         (capture.sh --large 18 vacuum_noindex; ~15 s), read by pg_waldump 18 built by
#         testdata/capture/prereqs.sh --waldump 18
#   5G    testdata/large/15/pgbench_tpcb: Debian's PostgreSQL 15, measured: `pgbench -i -s 150`, VACUUM (FREEZE),
#         then 90 s of `pgbench -c 4 -j 2`, with PostgreSQL's default max_wal_size (1GB: checkpoints, so
#         full-page images) instead of --large's 8GB; >= 5 GB of WAL (capture.sh --large --server debian
#         --scale 150 --set max_wal_size=1GB --set wal_keep_size=16GB 15 pgbench_tpcb; ~2.5 min), read by
#         Debian's pg_waldump 15
#   index record-heavy: testdata/large/18/index_mix, PostgreSQL 18 (zonky 18.1.0), single-row inserts into a table
#         under B-tree, hash, GIN, GiST, SP-GiST and BRIN indexes, TOAST, non-HOT updates, deletes,
#         subtransactions, a commit every 54 rows: ~270 MB, ~724,000 records (capture.sh --large 18 index_mix;
#         ~8 min), read by pg_waldump 18
#   short short transactions: testdata/large/18/pgbench_short, PostgreSQL 18 (zonky 18.1.0), 240,000 pgbench
#         transactions of one HOT update and one insert each: ~75 MB, ~940,000 records, a commit in every
#         fourth (capture.sh --large 18 pgbench_short; ~3 min), read by pg_waldump 18
#
# Rows (baseline / walprism; ratio = baseline seconds / walprism seconds, above 1: walprism is faster):
#   startup     pg_waldump --version / walprism --version; pg_waldump --stats SEG / walprism stats SEG on one
#               16 MB segment in the middle of the first input
#   stats       pg_waldump --stats=record / walprism stats --stats=record over the whole range
#   dump        pg_waldump / walprism dump, and both with -b
#   categories  walprism stats / walprism stats --categories on the same range (goal: ratio >= 1/1.3)
#   vacuums     walprism stats / walprism vacuums on the same range (the analysis over a plain read)
#   jobs        walprism stats --stats=record -j 1 / -j 2 (and / -j nproc when nproc > 2): the speedup
# Before timing, every pair whose outputs must agree is run once and compared byte for byte (streamed, so
# the multi-GB dumps need no disk): pg_waldump vs walprism for stats, the segment and dump (-b), and -j 1 vs
# -j 2 vs -j nproc vs pg_waldump for jobs. Any difference, non-zero exit or missing tool stops the script
# with a message. This run also brings the files into the page cache. walprism's stderr (e.g. JVM warnings)
# is reported under the table.
#
# Timing: wall time from the shell's clock (microseconds) around `/usr/bin/time -f '%e %M %U %S'`, whose %M gives
# the peak RSS (the table shows the largest over the rounds) and %U + %S the CPU seconds (user + system: on a
# shared machine the figure less disturbed by the others; its median and the CPU ratio are in the table too);
# stdout goes to /dev/null. The machine (nproc,
# CPU, RAM, JDK), the load average and the share of CPU other processes used while the script ran are
# printed with the table; the table is also written to bench/out/vs-pg_waldump-DATE.md. No test asserts
# on these figures: they are a measurement.
set -euo pipefail
export LC_ALL=C
cd "$(dirname "$0")/.."
ROOT=$PWD

die() { echo "vs-pg_waldump: $*" >&2; exit 1; }
say() { echo "vs-pg_waldump: $*" >&2; }

runs=5 quick= sections=startup,stats,dump,categories,vacuums,jobs sizes=350M,5G java=
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --quick) quick=1; shift ;;
    --sections) sections="$2"; shift 2 ;;
    --sizes) sizes="$2"; shift 2 ;;
    --java) java="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) die "unknown argument $1 (see --help)" ;;
  esac
done
[[ -n $quick ]] && runs=1
[[ $runs =~ ^[1-9][0-9]*$ ]] || die "--runs must be a positive whole number"
IFS=, read -r -a SECTIONS <<<"$sections"
IFS=, read -r -a SIZES <<<"$sizes"
for s in "${SECTIONS[@]}"; do
  [[ $s =~ ^(startup|stats|dump|categories|vacuums|jobs)$ ]] || die "unknown section '$s' (startup, stats, dump, categories, vacuums, jobs)"
done
for z in "${SIZES[@]}"; do [[ $z =~ ^(350M|5G|index|short)$ ]] || die "unknown size '$z' (350M, 5G, index, short)"; done
((${#SIZES[@]})) || die "--sizes is empty"
want() { [[ ",$sections," == *",$1,"* ]]; }

# --- the inputs: capture folder, capture.sh arguments, minimum range, pg_waldump of that major
declare -A CAP=([350M]=18/vacuum_noindex [5G]=15/pgbench_tpcb [index]=18/index_mix [short]=18/pgbench_short)
declare -A CAP_ARGS=([350M]="--large 18 vacuum_noindex" [5G]="--large --server debian --scale 150 --set max_wal_size=1GB --set wal_keep_size=16GB 15 pgbench_tpcb"
  [index]="--large 18 index_mix" [short]="--large 18 pgbench_short")
declare -A MIN_BYTES=([350M]=$((300 * 1000 * 1000)) [5G]=$((5 * 1000 * 1000 * 1000)) [index]=$((200 * 1000 * 1000))
  [short]=$((60 * 1000 * 1000)))
declare -A WALDUMP=([18]=/var/cache/walprism/waldump/18/pg_waldump [15]=/usr/lib/postgresql/15/bin/pg_waldump)
declare -A WALDUMP_HOW=([18]="testdata/capture/prereqs.sh --waldump 18 (as root)" [15]="apt-get install postgresql-15")

[[ -x /usr/bin/time ]] || die "/usr/bin/time is missing: install Debian's GNU time package (apt-get install time)"
command -v mkfifo >/dev/null && command -v cmp >/dev/null || die "mkfifo and cmp are needed (coreutils, diffutils)"

lsn_num() { local hi="${1%/*}" lo="${1#*/}"; echo $(((16#$hi << 32) | 16#$lo)); }
meta() { awk -F'\t' -v k="$2" '$1==k {print $2}' "$1/capture.meta"; }
declare -A DIR START END BYTES VER PGW
for z in "${SIZES[@]}"; do
  d=testdata/large/${CAP[$z]}
  if [[ ! -f $d/capture.meta ]]; then
    say "making the $z input $d: testdata/capture/capture.sh ${CAP_ARGS[$z]} (minutes for 5G) ..."
    # shellcheck disable=SC2086
    testdata/capture/capture.sh ${CAP_ARGS[$z]} >&2 || die "the capture tool failed to make $d (see above)"
  fi
  [[ -f $d/capture.meta && -d $d/wal ]] || die "capture $d is incomplete (no capture.meta or wal/); remove it and rerun"
  DIR[$z]=$d START[$z]=$(meta "$d" start_lsn) END[$z]=$(meta "$d" end_lsn) VER[$z]=$(meta "$d" version)
  BYTES[$z]=$(($(lsn_num "${END[$z]}") - $(lsn_num "${START[$z]}")))
  ((BYTES[$z] >= MIN_BYTES[$z])) || die "$d covers only $((BYTES[$z] / 1000000)) MB of WAL (need >= $((MIN_BYTES[$z] / 1000000)) MB); remove it and rerun"
  PGW[$z]=${WALDUMP[${VER[$z]}]:-}
  [[ -n ${PGW[$z]} ]] || die "no pg_waldump known for PostgreSQL ${VER[$z]} ($d)"
  [[ -x ${PGW[$z]} ]] || die "${PGW[$z]} is missing: ${WALDUMP_HOW[${VER[$z]}]}"
done

# --- walprism: the launcher when the build made one, else java -jar
if [[ -n $java ]]; then
  [[ -x $java ]] || die "--java $java is not an executable"
  JAVA=$(readlink -f "$java"); export JAVA_HOME="${JAVA%/bin/java}"
elif [[ -n ${JAVA_HOME:-} ]]; then
  JAVA=$JAVA_HOME/bin/java; [[ -x $JAVA ]] || die "JAVA_HOME=$JAVA_HOME has no bin/java"
else
  JAVA=$(command -v java || true); [[ -n $JAVA ]] && JAVA=$(readlink -f "$JAVA")
fi
launcher=
if [[ -x bin/walprism ]]; then
  launcher=1 WP=("$ROOT/bin/walprism"); wp_how="bin/walprism (launcher)"
  [[ -n ${JAVA_HOME:-} ]] && wp_how+=" with JAVA_HOME=$JAVA_HOME"
  stamp=cli/target/walprism.jar  # the launcher runs this jar; the launcher script itself never changes
else
  [[ -n $JAVA ]] || die "no java: pass --java PATH or set JAVA_HOME"
  jar=cli/target/walprism.jar
  [[ -f $jar ]] || die "$jar is missing: build it with mvn -B -ntp -q package -DskipTests"
  WP=("$JAVA" -jar "$ROOT/$jar"); wp_how="java -jar $jar"
  stamp=$jar
fi
# -print -quit, not | head -1: under pipefail, find killed by SIGPIPE would end the script without a word
newer=$(find codec analyzer cli -path '*/src/main/*' -newer "$stamp" -type f -print -quit 2>/dev/null || true)
[[ -z $newer ]] || say "warning: $newer is newer than $stamp: rebuild (mvn -B -ntp -q package -DskipTests) to time the current code"
"${WP[@]}" --version >/dev/null 2>&1 || die "${WP[*]} --version fails: $("${WP[@]}" --version 2>&1 | head -1)"

tmp=$(mktemp -d)
cleanup() { local j; for j in $(jobs -p); do kill "$j" 2>/dev/null || true; done; rm -rf "$tmp"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

# which JVM actually runs walprism (the launcher chooses its own): read the running process's executable
jdk_of() { "$1" -version 2>&1 | awk 'NR==1 {v=$0} /Runtime Environment/ {r=$0} END {sub(/^[^"]*"/, "", v); sub(/".*/, "", v); print v " (" r ")"}'; }
if [[ -z $launcher ]]; then
  wp_java=$JAVA
else
  wp_java=
  "${WP[@]}" stats "$ROOT/${DIR[${SIZES[0]}]}/wal/$(ls "${DIR[${SIZES[0]}]}/wal" | head -1)" >/dev/null 2>&1 & p=$!
  for _ in $(seq 400); do
    for q in $p $(pgrep -P $p 2>/dev/null || true); do
      e=$(readlink "/proc/$q/exe" 2>/dev/null || true)
      [[ $e == */bin/java ]] && { wp_java=$e; break 2; }
    done
    kill -0 $p 2>/dev/null || break
    sleep 0.01
  done
  wait $p || true
fi
wp_jdk="unknown (the launcher's choice)"; [[ -n $wp_java ]] && wp_jdk="$wp_java: $(jdk_of "$wp_java")"

# --- machine and other load
cpu_sample() { awk '/^cpu / {t=0; for (i=2; i<=NF; i++) t+=$i; print t, $5 + $6}' /proc/stat; } # total idle+iowait jiffies
read -r t0 i0 < <(cpu_sample); sleep 2; read -r t1 i1 < <(cpu_sample)
busy_before=$(awk -v t="$((t1 - t0))" -v i="$((i1 - i0))" 'BEGIN {printf "%.0f", t ? 100 * (t - i) / t : 0}')
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
read -r run_t0 run_i0 < <(cpu_sample)
# CPU seconds of this script's finished children: `times` runs in this shell (in a subshell it would see none)
children_cpu() { awk 'NR==2 {s=0; for (i=1; i<=2; i++) {split($i, a, /[ms]/); s+=a[1] * 60 + a[2]} print s}' "$1"; }
times >"$tmp/times0"
hz=$(getconf CLK_TCK)

# --- running and timing
side() { if [[ $1 == A ]]; then "${A[@]}"; else "${B[@]}"; fi; }
side_cmd() { if [[ $1 == A ]]; then echo "${A[*]}"; else echo "${B[*]}"; fi; }
# verify NAME: runs ${A[@]} and ${B[@]} once, streams both stdouts into cmp; stops on any difference or failure
verify() {
  local name="$1" ra=0 rb=0 rc=0 line s
  say "checking $name: identical output"
  rm -f "$tmp/A" "$tmp/B"; mkfifo "$tmp/A" "$tmp/B"
  side A >"$tmp/A" 2>"$tmp/A.err" & local pa=$!
  side B >"$tmp/B" 2>"$tmp/B.err" & local pb=$!
  cmp "$tmp/A" "$tmp/B" >"$tmp/cmp" 2>&1 || rc=$?
  wait $pa || ra=$?; wait $pb || rb=$?
  if ((rc != 0)); then
    say "$name: OUTPUTS DIFFER: $(head -1 "$tmp/cmp")"
    say "  A: $(side_cmd A)"; say "  B: $(side_cmd B)"
    ((ra == 0 || ra == 141)) || say "  A exited with $ra: $(head -3 "$tmp/A.err")" # 141: SIGPIPE after cmp stopped
    ((rb == 0 || rb == 141)) || say "  B exited with $rb: $(head -3 "$tmp/B.err")"
    line=$(sed -n 's/.* line \([0-9]*\).*/\1/p' "$tmp/cmp" | head -1)
    if [[ -n $line ]]; then
      for s in A B; do
        say "  $s, lines $((line > 1 ? line - 1 : 1))-$((line + 1)):"
        { side $s 2>/dev/null || true; } | awk -v l="$line" 'NR >= l - 1 && NR <= l + 1 {print "    " $0} NR > l + 1 {exit}' >&2
      done
    fi
    exit 1
  fi
  ((ra == 0)) || die "$name: $(side_cmd A) exited with $ra: $(head -3 "$tmp/A.err")"
  ((rb == 0)) || die "$name: $(side_cmd B) exited with $rb: $(head -3 "$tmp/B.err")"
  note_stderr "$name"
}
# run_ok NAME: runs ${A[@]} and ${B[@]} once each (no comparison); both must succeed and print something
run_ok() {
  local s rc
  say "checking $1: both run"
  for s in A B; do
    rc=0; side $s >"$tmp/$s.out" 2>"$tmp/$s.err" || rc=$?
    ((rc == 0)) || die "$1: $(side_cmd $s) exited with $rc: $(head -3 "$tmp/$s.err")"
    [[ -s $tmp/$s.out ]] || die "$1: $(side_cmd $s) printed nothing"
  done
  rm -f "$tmp/A.out" "$tmp/B.out"
  note_stderr "$1"
}
declare -A STDERR_NOTES
note_stderr() { # anything a tool wrote on stderr (JVM warnings, say) is worth seeing
  local s
  for s in A B; do
    [[ -s $tmp/$s.err ]] || continue
    local key; key="$(side_cmd $s | sed "s|$ROOT/||g" | cut -c1-50)...: $(head -1 "$tmp/$s.err")"
    [[ -n ${STDERR_NOTES[$key]:-} ]] || STDERR_NOTES[$key]="$1 (first seen there), $(wc -l <"$tmp/$s.err") line(s)"
  done
  return 0
}
# timed CMD...: one whole run, stdout to /dev/null; sets T_US (wall microseconds), T_KB (peak RSS, kB) and T_CPU
# (user + system CPU seconds of the process and its children, /usr/bin/time's %U + %S)
timed() {
  local t0 t1 rc=0
  t0=${EPOCHREALTIME/./}
  /usr/bin/time -f '%e %M %U %S' -o "$tmp/time" "$@" >/dev/null 2>"$tmp/timed.err" || rc=$?
  t1=${EPOCHREALTIME/./}
  ((rc == 0)) || die "$* exited with $rc: $(head -3 "$tmp/timed.err")"
  T_US=$((t1 - t0)) T_KB=$(tail -1 "$tmp/time" | cut -d' ' -f2)
  T_CPU=$(tail -1 "$tmp/time" | awk '{printf "%.2f", $3 + $4}')
}
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ROWS=() RAW=()
# measure COMMAND WAL BASELINE_NAME GOAL: alternates ${A[@]} (baseline) and ${B[@]} (walprism) for $runs rounds,
# walprism first in even rounds. GOAL: ratio>=X, wp<=SECONDS or -
measure() {
  local cmd="$1" size="$2" base="$3" goal="$4" i s ta=() tb=() ca=() cb=() ka=0 kb=0
  say "timing $cmd on $size: $runs round(s)"
  for ((i = 0; i < runs; i++)); do
    for s in $( ((i % 2)) && echo A B || echo B A); do
      if [[ $s == A ]]; then timed "${A[@]}"; ta+=("$T_US"); ca+=("$T_CPU"); ((T_KB > ka)) && ka=$T_KB
      else timed "${B[@]}"; tb+=("$T_US"); cb+=("$T_CPU"); ((T_KB > kb)) && kb=$T_KB; fi
    done
  done
  local ma mb mca mcb
  ma=$(printf '%s\n' "${ta[@]}" | median); mb=$(printf '%s\n' "${tb[@]}" | median)
  mca=$(printf '%s\n' "${ca[@]}" | median); mcb=$(printf '%s\n' "${cb[@]}" | median)
  ROWS+=("$(awk -v c="$cmd" -v z="$size" -v n="$base" -v ma="$ma" -v mb="$mb" -v ra="$ka" -v rb="$kb" -v g="$goal" \
      -v ca="$mca" -v cb="$mcb" 'BEGIN {
    ratio = mb > 0 ? ma / mb : 0; met = ""; want = ""
    cpu = cb > 0 ? sprintf("%.2f", ca / cb) : "-"
    if (g ~ /^ratio>=/) { x = substr(g, 8) + 0; want = sprintf("ratio >= %.2f", x); met = ratio >= x ? "yes" : "no" }
    if (g ~ /^wp<=/) { x = substr(g, 5) + 0; want = sprintf("walprism <= %.3f s", x); met = mb / 1e6 <= x ? "yes" : "no" }
    goal = (want == "" ? "" : want ": " met "; ") "RSS <= 256 MB: " (rb / 1024 <= 256 ? "yes" : "no")
    printf "| `%s` | %s | %s | %.3f | %.3f | %.2f | %.2f | %.2f | %s | %.1f | %.1f | %s |\n", c, z, n, ma / 1e6, mb / 1e6, ratio,
      ca, cb, cpu, ra / 1024, rb / 1024, goal
  }')")
  RAW+=("$cmd, $size: $base ${ta[*]} us, CPU ${ca[*]} s; walprism ${tb[*]} us, CPU ${cb[*]} s")
}

# --- the rows
label() { printf 'PG%s %d MB' "${VER[$1]}" $((BYTES[$1] / 1000000)); }
range() { R=(-p "$ROOT/${DIR[$1]}/wal" -s "${START[$1]}" -e "${END[$1]}"); } # sets R

if want startup; then
  z=${SIZES[0]}
  A=("${PGW[$z]}" --version) B=("${WP[@]}" --version)
  run_ok "--version"
  measure "--version" "-" "pg_waldump ${VER[$z]}" "wp<=0.060"
  mapfile -t segs < <(ls "${DIR[$z]}/wal")
  seg=$ROOT/${DIR[$z]}/wal/${segs[$((${#segs[@]} / 2))]}
  A=("${PGW[$z]}" --stats "$seg") B=("${WP[@]}" stats "$seg")
  verify "stats of one segment"
  measure "stats SEG" "PG${VER[$z]} 16 MB segment" "pg_waldump ${VER[$z]}" "wp<=0.100"
fi
if want stats; then
  for z in "${SIZES[@]}"; do
    range "$z"
    A=("${PGW[$z]}" "${R[@]}" --stats=record) B=("${WP[@]}" stats "${R[@]}" --stats=record)
    verify "stats --stats=record $z"
    g=ratio\>=1.0; [[ $z == 5G ]] && g=ratio\>=2.0
    measure "stats --stats=record" "$(label "$z")" "pg_waldump ${VER[$z]}" "$g"
  done
fi
if want dump; then
  for b in "" -b; do
    for z in "${SIZES[@]}"; do
      range "$z"
      A=("${PGW[$z]}" "${R[@]}" $b) B=("${WP[@]}" dump "${R[@]}" $b)
      verify "dump${b:+ $b} $z"
      g=ratio\>=1.0; [[ $z == 5G ]] && g=ratio\>=1.5
      measure "dump${b:+ $b}" "$(label "$z")" "pg_waldump ${VER[$z]}" "$g"
    done
  done
fi
if want categories; then
  for z in "${SIZES[@]}"; do
    range "$z"
    A=("${PGW[$z]}" "${R[@]}" --stats) B=("${WP[@]}" stats "${R[@]}")
    verify "stats $z"
    A=("${WP[@]}" stats "${R[@]}") B=("${WP[@]}" stats --categories "${R[@]}")
    run_ok "stats --categories $z"
    measure "stats --categories" "$(label "$z")" "walprism stats" "ratio>=$(awk 'BEGIN {printf "%.2f", 1 / 1.3}')"
  done
fi
if want vacuums; then
  for z in "${SIZES[@]}"; do
    range "$z"
    A=("${WP[@]}" stats "${R[@]}") B=("${WP[@]}" vacuums "${R[@]}")
    run_ok "vacuums $z"
    measure "vacuums" "$(label "$z")" "walprism stats" -
  done
fi
if want jobs; then
  n=$(nproc)
  for z in "${SIZES[@]}"; do
    range "$z"
    A=("${PGW[$z]}" "${R[@]}" --stats=record) B=("${WP[@]}" stats "${R[@]}" --stats=record -j 1)
    verify "stats -j 1 $z"
    for j in 2 $( ((n > 2)) && echo "$n"); do
      A=("${WP[@]}" stats "${R[@]}" --stats=record -j 1) B=("${WP[@]}" stats "${R[@]}" --stats=record -j "$j")
      verify "stats -j 1 vs -j $j $z"
      all=; ((j == n)) && all=" (all cores)"
      measure "stats --stats=record -j $j$all" "$(label "$z")" "walprism -j 1" -
    done
  done
fi

# --- the report
read -r run_t1 run_i1 < <(cpu_sample)
times >"$tmp/times1"
ours0=$(children_cpu "$tmp/times0") ours1=$(children_cpu "$tmp/times1")
other=$(awk -v t="$((run_t1 - run_t0))" -v i="$((run_i1 - run_i0))" -v o0="$ours0" -v o1="$ours1" -v hz="$hz" 'BEGIN {
  other = (t - i) - (o1 - o0) * hz; if (other < 0) other = 0; printf "%.0f", t ? 100 * other / t : 0 }')
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
loaded=no
awk -v b="$busy_before" -v o="$other" 'BEGIN {exit !(b >= 10 || o >= 10)}' && loaded=yes
mkdir -p bench/out
report=bench/out/vs-pg_waldump-$(date -u +%Y%m%dT%H%M%SZ).md
{
  echo "walprism vs pg_waldump, $(date -u '+%Y-%m-%d %H:%M UTC'), commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD -- codec analyzer cli 2>/dev/null || echo ' (modified)')"
  echo
  echo "| command | WAL | baseline | baseline s | walprism s | ratio baseline/walprism | baseline CPU s | walprism CPU s | CPU ratio | baseline RSS MB | walprism RSS MB | goal (issue 9) |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${ROWS[@]}"
  echo
  echo "Medians of $runs round(s), alternating; wall seconds of whole processes (output to /dev/null), CPU seconds"
  echo "= user + system of the process (/usr/bin/time %U + %S), CPU ratio = baseline CPU / walprism CPU,"
  echo "peak RSS = the largest of the rounds. Ratio above 1: walprism is faster. Outputs byte-identical where compared."
  echo
  echo "- machine: $(nproc) cores, $(awk -F': ' '/^model name/ {print $2; exit}' /proc/cpuinfo), $(awk '/^MemTotal/ {printf "%.1f GB RAM", $2 / 1048576}' /proc/meminfo), $(uname -sr)"
  echo "- walprism: ${wp_how}; JDK $wp_jdk"
  for z in "${SIZES[@]}"; do
    nseg=$(find "${DIR[$z]}/wal" -type f | wc -l)
    echo "- $z: ${DIR[$z]} ${START[$z]}..${END[$z]}, $((BYTES[$z] / 1000000)) MB, $nseg segments; $("${PGW[$z]}" --version)"
  done
  echo "- other load: $loaded (CPU ${busy_before}% busy in the 2 s before; other processes used ${other}% of the CPU during the run; loadavg $load_before before, $load_after after)"
  for k in "${!STDERR_NOTES[@]}"; do echo "- stderr of ${STDERR_NOTES[$k]}: $k"; done
  [[ $loaded == yes ]] && echo "- another load was present: the figures are indicative only"
  echo
  echo "Raw wall times and CPU seconds per round:"
  echo
  printf -- '- %s\n' "${RAW[@]}"
} >"$report"
cat "$report"
say "written to $report"
