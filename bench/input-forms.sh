#!/usr/bin/env bash
# Times `walprism stats` on the same WAL stored in each input form walprism reads (plain directory, compressed
# segments, tar archives plain / compressed / shuffled), with wall time and peak RSS, and checks every form
# prints the plain directory's output. The forms are built with the formats' own tools (GNU tar, zstd, lz4,
# gzip) from N segments of a WAL directory, by default the PostgreSQL 15 benchmark capture of
# bench/stats-vs-pg_waldump.sh (testdata/large/15/pgbench_tpcb/wal).
#
#   bench/input-forms.sh [--wal DIR] [--segments N] [--work DIR] [--jobs N] [--runs N]
#
# Each form runs --runs times (default 3); the median wall time and the largest peak RSS are printed.
# Needs tar, zstd, lz4, gzip, /usr/bin/time and cli/target/walprism.jar (mvn -B -ntp -q package -DskipTests).
set -euo pipefail
cd "$(dirname "$0")/.."
wal=testdata/large/15/pgbench_tpcb/wal segments=32 work=${TMPDIR:-/tmp}/walprism-input-forms jobs= runs=3
while (($#)); do
  case "$1" in
    --wal) wal="$2"; shift 2 ;;
    --segments) segments="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    *) echo "input-forms: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
for tool in tar zstd lz4 gzip /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "input-forms: $tool missing (apt-get install it)" >&2; exit 1; }
done
jar=$PWD/cli/target/walprism.jar
[[ -f $jar ]] || { echo "input-forms: $jar missing (mvn -B -ntp -q package -DskipTests)" >&2; exit 1; }
[[ -d $wal ]] || { echo "input-forms: no WAL directory $wal (see bench/stats-vs-pg_waldump.sh)" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/plain" "$work/zst-segments"
# skip the first segment: a capture's first file may start before its first complete record
for f in $(ls "$wal" | grep -E '^[0-9A-F]{24}$' | sed -n "2,$((segments + 1))p"); do
  cp "$wal/$f" "$work/plain/"
  zstd -q -c "$wal/$f" > "$work/zst-segments/$f.zst"
done
(cd "$work/plain" && tar -cf ../pg_wal.tar ./*)
(cd "$work/plain" && ls | shuf --random-source=<(yes) | tar -cf ../shuffled.tar -T -)
zstd -q -c "$work/pg_wal.tar" > "$work/pg_wal.tar.zst"
zstd -q -c "$work/shuffled.tar" > "$work/shuffled.tar.zst"
lz4 -q -c "$work/pg_wal.tar" > "$work/pg_wal.tar.lz4"
gzip -1 -c "$work/pg_wal.tar" > "$work/pg_wal.tar.gz"

echo "WAL: $segments segments of $wal ($(du -sh "$work/plain" | cut -f1)); walprism stats${jobs:+ -j $jobs}"
printf '%-22s %10s %8s %10s\n' form stored wall_s rss_mb
ref=
for form in plain zst-segments pg_wal.tar shuffled.tar pg_wal.tar.zst pg_wal.tar.lz4 pg_wal.tar.gz shuffled.tar.zst; do
  p=$work/$form
  walls=() rss=0
  for ((i = 0; i < runs; i++)); do
    /usr/bin/time -f '%e %M' -o "$work/time" java -jar "$jar" stats -p "$p" ${jobs:+-j "$jobs"} \
      > "$work/out" 2> "$work/err"
    if [[ -z $ref ]]; then cp "$work/out" "$work/ref"; ref=1; fi
    cmp -s "$work/out" "$work/ref" || { echo "input-forms: $form prints other stats than plain" >&2; exit 1; }
    read -r wall r < "$work/time"
    walls+=("$wall")
    if ((r > rss)); then rss=$r; fi
  done
  median=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(((runs + 1) / 2))p")
  printf '%-22s %10s %8s %10d\n' "$form" "$(du -sh "$p" | cut -f1)" "$median" $((rss / 1024))
done
