#!/usr/bin/env bash
# Times `walprism stats` against PostgreSQL's own `pg_waldump --stats` on the same WAL files, in one run,
# and prints the ratio. The WAL is a PostgreSQL 15 capture of at least 300 MB made by the capture tool
# (testdata/capture/capture.sh --large), kept in the git-ignored testdata/large/.
#
#   bench/stats-vs-pg_waldump.sh [--runs N] [--workload NAME] [--stats rmgr|record] [--jobs N]
#
# Each round runs both tools once, alternating which goes first; the script reports the median wall time
# of each and pg_waldump/walprism (above 1 means walprism is faster). Files are read from the page cache:
# one warm-up run of each tool comes first. Both outputs must be identical, else the script fails.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=7 workload=vacuum_noindex stats=rmgr jobs=
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --workload) workload="$2"; shift 2 ;;
    --stats) stats="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) echo "stats-vs-pg_waldump: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

cap=testdata/large/15/$workload
if [[ ! -f $cap/capture.meta ]]; then
  echo "making the PostgreSQL 15 benchmark capture $cap (capture tool, --large) ..." >&2
  testdata/capture/capture.sh --large 15 "$workload" >&2
fi
start=$(awk -F'\t' '$1=="start_lsn" {print $2}' "$cap/capture.meta")
end=$(awk -F'\t' '$1=="end_lsn" {print $2}' "$cap/capture.meta")
bytes=$(( 0x${end#*/} + (0x${end%/*} << 32) - 0x${start#*/} - (0x${start%/*} << 32) ))
if (( bytes < 300 * 1024 * 1024 )); then
  echo "stats-vs-pg_waldump: $cap covers only $((bytes / 1048576)) MB of WAL (need >= 300 MB); remove it and rerun" >&2
  exit 1
fi

waldump=/usr/lib/postgresql/15/bin/pg_waldump
[[ -x $waldump ]] || { echo "stats-vs-pg_waldump: $waldump missing (apt-get install postgresql-15)" >&2; exit 1; }
jar=cli/target/walprism.jar
[[ -f $jar ]] || mvn -B -ntp -q package -DskipTests

zopt=--stats; [[ $stats == record ]] && zopt=--stats=record
wp=(java -jar "$jar" stats -p "$cap/wal" -s "$start" -e "$end" "$zopt" ${jobs:+--jobs "$jobs"})
pd=("$waldump" -p "$cap/wal" -s "$start" -e "$end" "$zopt")

out=$(mktemp -d); trap 'rm -rf "$out"' EXIT
"${wp[@]}" > "$out/walprism.txt"
"${pd[@]}" > "$out/pg_waldump.txt"
if ! cmp -s "$out/walprism.txt" "$out/pg_waldump.txt"; then
  echo "stats-vs-pg_waldump: outputs differ:" >&2
  diff "$out/pg_waldump.txt" "$out/walprism.txt" | head -20 >&2
  exit 1
fi

now() { date +%s%N; }
time_one() { local t0 t1; t0=$(now); "$@" > /dev/null; t1=$(now); echo $(( (t1 - t0) / 1000 )); }
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

wps=() pds=()
for ((i = 0; i < runs; i++)); do
  if ((i % 2)); then
    pds+=("$(time_one "${pd[@]}")"); wps+=("$(time_one "${wp[@]}")")
  else
    wps+=("$(time_one "${wp[@]}")"); pds+=("$(time_one "${pd[@]}")")
  fi
done
mw=$(printf '%s\n' "${wps[@]}" | median)
mp=$(printf '%s\n' "${pds[@]}" | median)
records=$(awk '/^Total/ {print $2}' "$out/pg_waldump.txt")
printf 'WAL: %s, %s to %s, %d MB, %s records, %s cores\n' "$cap" "$start" "$end" $((bytes / 1048576)) "$records" "$(nproc)"
printf 'runs: %d each, identical output (--stats%s)\n' "$runs" "$([[ $stats == record ]] && echo =record)"
awk -v mw="$mw" -v mp="$mp" -v w="${wps[*]}" -v p="${pds[*]}" 'BEGIN {
  printf "walprism stats:   median %7.3f s   (runs in us: %s)\n", mw / 1e6, w
  printf "pg_waldump 15:    median %7.3f s   (runs in us: %s)\n", mp / 1e6, p
  printf "ratio pg_waldump/walprism: %.2f (above 1: walprism is faster)\n", mp / mw
}'
