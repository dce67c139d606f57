#!/usr/bin/env bash
# Adds pg_waldump's own output to corpus captures that were made without it: waldump.txt, waldump-b.txt (-b),
# waldump-stats.txt (--stats) and waldump-stats-record.txt (--stats=record) over the capture's range, by the
# pg_waldump of the capture's major (prereqs.sh --waldump MAJOR: 13 and 18 built from Debian's source packages,
# 14, 16 and 17 from Ubuntu's binary packages, 15 Debian's own). Files already there are kept unless --force.
# The capture's WAL is not touched; its provenance in capture.meta gains the pg_waldump version.
#
#   waldump-oracle.sh [--force] [--no-manifest] [CAPTURE ...]
#
# CAPTURE: a corpus capture name (16/vacuum_noindex) or a capture directory; default: every capture of 14, 16
# and 17 (the majors whose captures were made before their pg_waldump could be had here).
set -euo pipefail
source "$(dirname "$0")/lib.sh"

manifest=1 force=
args=()
for a in "$@"; do
  case "$a" in
    --no-manifest) manifest= ;;
    --force) force=1 ;;
    -h|--help) sed -n '2,/^set -e/p' "$0" | sed 's/^# \{0,1\}//; /^set -e/d'; exit 0 ;;
    -*) die "unknown option $a (see --help)" ;;
    *) args+=("$a") ;;
  esac
done
if ((${#args[@]} == 0)); then
  for v in 14 16 17; do for d in "$TESTDATA_DIR"/corpus/$v/*/; do args+=("$d"); done; done
fi

meta() { awk -F'\t' -v k="$2" '$1==k {print $2}' "$1/capture.meta"; }
scratch=$(mktemp -d /var/tmp/walprism-waldump.XXXXXX)
trap 'rm -rf "$scratch"' EXIT
for a in "${args[@]}"; do
  if [[ -d $a ]]; then d="${a%/}"; else d="$TESTDATA_DIR/corpus/$a"; fi
  [[ -f "$d/capture.meta" ]] || die "no capture at $a (no capture.meta)"
  major=$(meta "$d" version)
  if [[ $major == 15 ]]; then waldump=/usr/lib/postgresql/15/bin/pg_waldump; else
    "$(dirname "$0")/prereqs.sh" --waldump "$major"
    waldump="$CACHE_DIR/waldump/$major/pg_waldump"
  fi
  start=$(meta "$d" start_lsn) end=$(meta "$d" end_lsn)
  rm -rf "$scratch/wal"; mkdir -p "$scratch/wal"
  for f in "$d"/wal/*; do
    if [[ $f == *.gz ]]; then gzip -dc "$f" >"$scratch/wal/$(basename "${f%.gz}")"; else cp "$f" "$scratch/wal/"; fi
  done
  tli_opt=(-t "$((16#$(ls "$scratch/wal" | head -1 | cut -c1-8)))")  # the timeline of the stored segments
  wrote=
  dump() { # FILE ARGS...
    local f="$1"; shift
    [[ -z $force && ( -f "$d/$f" || -f "$d/$f.gz" ) ]] && return 0
    "$waldump" -p "$scratch/wal" "${tli_opt[@]}" -s "$start" -e "$end" "$@" >"$scratch/$f" 2>"$scratch/waldump.err" || true
    [[ -s "$scratch/$f" ]] || { cat "$scratch/waldump.err" >&2; die "pg_waldump $major printed nothing for $f of $a"; }
    case "$f" in waldump.txt|waldump-b.txt) store_file "$scratch/$f" "$d" "$f" gz ;; *) store_file "$scratch/$f" "$d" "$f" ;; esac
    wrote=1
  }
  dump waldump.txt
  dump waldump-b.txt -b
  dump waldump-stats.txt --stats
  dump waldump-stats-record.txt --stats=record
  if [[ -n $wrote ]]; then
    wd_version=$("$waldump" --version)
    prov=$(meta "$d" provenance)
    if [[ $prov != *"$wd_version"* ]]; then
      prov="$prov; $wd_version (added by waldump-oracle.sh)"
      awk -F'\t' -v OFS='\t' -v p="$prov" '$1=="provenance" {$2=p} {print}' "$d/capture.meta" >"$scratch/meta"
      cat "$scratch/meta" >"$d/capture.meta"
    fi
    log "pg_waldump $major oracle: $(basename "$(dirname "$d")")/$(basename "$d")"
  fi
done
[[ -n $manifest ]] && "$(dirname "$0")/manifest.sh"
