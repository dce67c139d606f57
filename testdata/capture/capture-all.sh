#!/usr/bin/env bash
# Regenerates every capture listed in corpus.tsv (13..18), then the manifest. 19/master come from
# import-shared.sh. Extra arguments go to each capture.sh call (e.g. --keep).
set -euo pipefail
source "$(dirname "$0")/lib.sh"
SECONDS=0
failed=()
while IFS=$'\t' read -r name _; do
  [[ -z "$name" || "$name" == \#* ]] && continue
  "$(dirname "$0")/capture.sh" --no-manifest "$@" "$name" || failed+=("$name")
done <"$TESTDATA_DIR/capture/corpus.tsv"
"$(dirname "$0")/manifest.sh"
log "all captures in ${SECONDS}s; corpus $(du -sh "$TESTDATA_DIR/corpus" | cut -f1)"
((${#failed[@]} == 0)) || die "failed: ${failed[*]}"
