#!/usr/bin/env bash
# Imports the pre-release captures (built from source, no registry serves those servers) from
# shared/captures/{19,master}/<workload> into testdata/corpus/{19beta1,19beta3} with their provenance: the
# shared folders are named for the branch they were built from, the corpus's for the page magic's releases.
# Usage: import-shared.sh [SHARED_CAPTURES_DIR]   (default: ../shared/captures beside the repository)
set -euo pipefail
source "$(dirname "$0")/lib.sh"
src="${1:-$TESTDATA_DIR/../../shared/captures}"
[[ -f "$src/README.md" ]] || die "no shared captures at $src"
declare -A LABEL=([19]=19beta1 [master]=19beta3)
declare -A SERVER=([19]="19beta1 (REL_19 branch point), XLOG_PAGE_MAGIC 0xD120" [master]="20devel (master of 2026-08-22), XLOG_PAGE_MAGIC 0xD121")
for v in 19 master; do
  for d in "$src/$v"/*/; do
    d="${d%/}"; w=$(basename "$d"); dst="$TESTDATA_DIR/corpus/${LABEL[$v]}/$w"
    rm -rf "$dst"; mkdir -p "$dst/wal"
    for seg in "$d"/wal/*; do store_file "$seg" "$dst/wal" "$(basename "$seg")" gz; done
    for f in "$d"/*; do [[ -f "$f" && $(basename "$f") != lsn ]] && store_file "$f" "$dst"; done
    read -r start end <"$d/lsn"
    if [[ $w == *checksums* ]]; then cs=on; init="--wal-segsize=1 --data-checksums"; else cs=off; init="--wal-segsize=1 --no-data-checksums"; fi
    write_meta "$dst" version "${LABEL[$v]}" workload "${w%_checksums}" segment_size 1048576 start_lsn "$start" end_lsn "$end" \
      initdb_options "$init" settings "fsync=off;autovacuum=off;wal_compression=off;data_checksums=$cs" \
      provenance "shared/captures/$v/$w: server ${SERVER[$v]} built from PostgreSQL source; pg_walinspect and pg_waldump of the same build"
  done
done
"$(dirname "$0")/manifest.sh"
