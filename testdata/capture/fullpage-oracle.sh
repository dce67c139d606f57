#!/usr/bin/env bash
# Writes waldump-fullpage.sha256 into a PostgreSQL 18 or 19 capture: one line "SHA256  FILE" (sha256sum's format)
# per file that pg_waldump of that major --save-fullpage writes for the capture's range, sorted by file name. It is the oracle
# of `walprism dump --save-fullpage`; the pages themselves are not committed.
#
#   fullpage-oracle.sh [--no-manifest] [CAPTURE ...]
#
# CAPTURE: a corpus capture name (18/vacuum_noindex) or a capture directory; default: every 18/* capture of the
# corpus. Needs pg_waldump 18 (built by prereqs.sh --waldump 18, with lz4 and zstd) or 19 (prereqs.sh --sid). A capture without any
# full-page image gets no file.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

manifest=1
args=()
for a in "$@"; do
  case "$a" in
    --no-manifest) manifest= ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    -*) die "unknown option $a (see --help)" ;;
    *) args+=("$a") ;;
  esac
done
if ((${#args[@]} == 0)); then
  for d in "$TESTDATA_DIR"/corpus/18/*/; do args+=("$d"); done
fi

meta() { awk -F'\t' -v k="$2" '$1==k {print $2}' "$1/capture.meta"; }
scratch=$(mktemp -d /var/tmp/walprism-fullpage.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for a in "${args[@]}"; do
  if [[ -d $a ]]; then d="${a%/}"; else d="$TESTDATA_DIR/corpus/$a"; fi
  [[ -f "$d/capture.meta" ]] || die "no capture at $a (no capture.meta)"
  v=$(meta "$d" version)
  case "$v" in
    18) "$(dirname "$0")/prereqs.sh" --waldump 18; waldump="$CACHE_DIR/waldump/18/pg_waldump" ;;
    19) "$(dirname "$0")/prereqs.sh" --sid; waldump="$CACHE_DIR/pg-sid/usr/lib/postgresql/19/bin/pg_waldump" ;;
    *) die "$a is a PostgreSQL $v capture: the --save-fullpage oracle is made for 18 and 19 only" ;;
  esac
  rm -rf "$scratch/wal" "$scratch/fp"; mkdir -p "$scratch/wal"
  for f in "$d"/wal/*; do
    if [[ $f == *.gz ]]; then gzip -dc "$f" >"$scratch/wal/$(basename "${f%.gz}")"; else cp "$f" "$scratch/wal/"; fi
  done
  tli_opt=(-t "$((16#$(basename "$(ls "$scratch/wal" | head -1)" | cut -c1-8)))")  # the timeline of the stored segments
  "$waldump" -q -p "$scratch/wal" "${tli_opt[@]}" -s "$(meta "$d" start_lsn)" -e "$(meta "$d" end_lsn)" --save-fullpage="$scratch/fp" \
    2>"$scratch/err" || { cat "$scratch/err" >&2; die "pg_waldump $v --save-fullpage failed on $a"; }
  rm -f "$d/waldump-fullpage.sha256" "$d/waldump-fullpage.sha256.gz"
  n=$(find "$scratch/fp" -type f | wc -l)
  if ((n > 0)); then
    (cd "$scratch/fp" && find . -type f -printf '%f\n' | LC_ALL=C sort | xargs sha256sum --) >"$scratch/waldump-fullpage.sha256"
    store_file "$scratch/waldump-fullpage.sha256" "$d"
  fi
  log "${d#"$TESTDATA_DIR"/}: $n page images"
done
if [[ -n $manifest ]]; then "$(dirname "$0")/manifest.sh"; fi
