#!/usr/bin/env bash
# Start-up benchmark: wall time and peak RSS of whole processes, `walprism --version` and `walprism stats` of one full
# 16 MB WAL segment, started by bin/walprism (with the JVM cache `mvn package` made) and by
# `java -jar cli/target/walprism.jar`, on each JDK 17+ found under /usr/lib/jvm (or given with --jdk); a bare
# JVM (`java --version`) is timed beside them. Goals (issue 9): --version <= 60 ms, stats <= 100 ms.
#
#   bench/startup.sh [--runs N] [--jdk JAVA_HOME]...
#
# The segment is the first of a PostgreSQL 17 VACUUM capture with 16 MB segments, made once by the capture tool
# into the git-ignored testdata/large/17/startup_seg16. Every run must print nothing on stderr (no JVM warning)
# and the same stdout through the launcher as through java -jar. Rounds alternate the order of the runs; the table
# has medians. The load average is printed before and after: on a busy machine, read the ratios.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=11 jdks=()
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --jdk) jdks+=("$2"); shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) echo "startup: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
if ((${#jdks[@]} == 0)); then
  declare -A seen=()
  for d in /usr/lib/jvm/*; do
    v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null) || continue
    [[ -n $v && $v -ge 17 && -x $d/bin/java ]] || continue
    r=$(readlink -f "$d")
    [[ -z ${seen[$r]:-} ]] && jdks+=("$r") && seen[$r]=1
  done
fi
((${#jdks[@]})) || { echo "startup: no JDK 17+ under /usr/lib/jvm (use --jdk)" >&2; exit 1; }

jar=cli/target/walprism.jar
[[ -f $jar ]] || mvn -B -ntp -q package -DskipTests
for h in "${jdks[@]}"; do
  WALPRISM_TRAIN=1 JAVA_HOME=$h bin/walprism >/dev/null   # the cache for this JDK, if the build did not make it
done

cap=testdata/large/17/startup_seg16
if [[ ! -f $cap/capture.meta ]]; then
  echo "making the 16 MB-segment capture $cap (capture tool) ..." >&2
  testdata/capture/capture.sh --out "$cap" --segsize 16 --scale 10 --no-manifest 17 vacuum_noindex >&2
fi
seg=$cap/plain/$(ls "$cap/wal" | head -1)
seg=${seg%.gz}
if [[ ! -f $seg ]]; then
  mkdir -p "$cap/plain"
  gzip -dc "$cap/wal/$(basename "$seg").gz" > "$seg"
fi
[[ $(stat -c %s "$seg") == 16777216 ]] || { echo "startup: $seg is not a 16 MB segment" >&2; exit 1; }

out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
now() { date +%s%N; }
# run_one NAME CMD...: appends "wall_us rss_kb" to $out/NAME; stderr must stay empty
run_one() {
  local name=$1 t0 t1; shift
  t0=$(now)
  /usr/bin/time -f '%M' -o "$out/rss" "$@" > "$out/stdout" 2> "$out/stderr"
  t1=$(now)
  if [[ -s $out/stderr ]]; then
    echo "startup: $name printed on stderr:" >&2; cat "$out/stderr" >&2; exit 1
  fi
  echo "$(( (t1 - t0) / 1000 )) $(cat "$out/rss")" >> "$out/$name"
  if [[ -f $out/$name.stdout ]]; then
    cmp -s "$out/stdout" "$out/$name.stdout" || { echo "startup: $name output changed between runs" >&2; exit 1; }
  else
    cp "$out/stdout" "$out/$name.stdout"
  fi
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

cases=()   # JDK|command|started by|command line
for h in "${jdks[@]}"; do
  j=$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$h/release")
  cases+=("$j|bare-JVM|java|$h/bin/java --version")
  for cmd in "--version" "stats $seg"; do
    cases+=("$j|${cmd%% *}|launcher|env JAVA_HOME=$h bin/walprism $cmd")
    cases+=("$j|${cmd%% *}|java-jar|$h/bin/java -jar $jar $cmd")
  done
done

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
n=${#cases[@]}
for ((r = 0; r <= runs; r++)); do
  for ((i = 0; i < n; i++)); do
    IFS='|' read -r j name how cmd <<< "${cases[r % 2 ? n - 1 - i : i]}"
    # shellcheck disable=SC2086
    run_one "$j-$name-$how" $cmd
    ((r > 0)) || : > "$out/$j-$name-$how"   # round 0 only warms the page cache
  done
done
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
for c in "${cases[@]}"; do
  IFS='|' read -r j name how cmd <<< "$c"
  [[ $how == launcher ]] && ! cmp -s "$out/$j-$name-launcher.stdout" "$out/$j-$name-java-jar.stdout" \
    && { echo "startup: bin/walprism and java -jar print different output for $name on JDK $j" >&2; exit 1; }
done

echo "walprism start-up, medians of $runs rounds; $(nproc) CPUs ($(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1));" \
  "load average before $load_before, after $load_after"
echo "segment: $seg (16 MB, PostgreSQL 17)"
printf '%-8s %-10s %-10s %8s %8s\n' JDK command via "wall ms" "RSS MB"
for c in "${cases[@]}"; do
  IFS='|' read -r j name how cmd <<< "$c"
  f=$out/$j-$name-$how
  printf '%-8s %-10s %-10s %8.0f %8.0f\n' "$j" "$name" "$how" \
    "$(cut -d' ' -f1 "$f" | median | awk '{print $1 / 1000}')" "$(cut -d' ' -f2 "$f" | median | awk '{print $1 / 1024}')"
done
