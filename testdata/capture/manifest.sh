#!/usr/bin/env bash
# Rebuilds testdata/manifest.tsv from every testdata/corpus/<version>/<capture>/capture.meta.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
ORACLES=(stats.tsv records.tsv blocks.tsv blocks-md5.tsv waldump.txt waldump-b.txt waldump-stats.txt waldump-stats-record.txt waldump-fullpage.sha256)
out="$TESTDATA_DIR/manifest.tsv.tmp"
printf 'name\tversion\tworkload\tsegment_size\tstart_lsn\tend_lsn\trecords\tinitdb_options\tsettings\tfiles\toracles\tprovenance\n' >"$out"
meta() { awk -F'\t' -v k="$2" '$1==k {print $2}' "$1/capture.meta"; }
# version order: numeric majors, then master
for v in $(ls "$TESTDATA_DIR/corpus" | sort -V); do
  for d in "$TESTDATA_DIR/corpus/$v"/*/; do
    d="${d%/}"; [[ -f "$d/capture.meta" ]] || continue
    name="$v/$(basename "$d")"
    files=$(cd "$d" && find . -type f ! -name capture.meta | sed 's|^\./||' | sort | paste -sd, -)
    oracles=()
    for o in "${ORACLES[@]}"; do [[ -f "$d/$o" || -f "$d/$o.gz" ]] && oracles+=("$o"); done
    cat_any() { if [[ -f "$d/$1" ]]; then cat "$d/$1"; else gzip -dc "$d/$1.gz"; fi; }
    if [[ -f "$d/records.tsv" || -f "$d/records.tsv.gz" ]]; then records=$(cat_any records.tsv | wc -l)
    elif [[ -f "$d/waldump.txt" || -f "$d/waldump.txt.gz" ]]; then records=$(cat_any waldump.txt | grep -c '^rmgr:' || true)
    else records=-1; fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$(meta "$d" version)" "$(meta "$d" workload)" \
      "$(meta "$d" segment_size)" "$(meta "$d" start_lsn)" "$(meta "$d" end_lsn)" "$records" \
      "$(meta "$d" initdb_options)" "$(meta "$d" settings)" "$files" "$(IFS=,; echo "${oracles[*]:-}")" \
      "$(meta "$d" provenance)" >>"$out"
  done
done
mv "$out" "$TESTDATA_DIR/manifest.tsv"
echo "manifest: $(($(wc -l <"$TESTDATA_DIR/manifest.tsv") - 1)) captures" >&2
