# Shared helpers of the capture tool (sourced, not run).
# Storage rule of the corpus: WAL segments are always stored gzip -9 -n; other files above 16 KiB too.

TESTDATA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GZIP_ABOVE=16384

die() { echo "capture: $*" >&2; exit 1; }
log() { echo "capture: $*" >&2; }

# store_file SRC DSTDIR [NAME]: copies SRC into DSTDIR as NAME (default basename), gzip'd when large or a segment.
store_file() {
  local src="$1" dst="$2" name="${3:-$(basename "$1")}" force_gz="${4:-}"
  mkdir -p "$dst"
  rm -f "$dst/$name" "$dst/$name.gz"
  if [[ -n "$force_gz" || $(stat -c %s "$src") -gt $GZIP_ABOVE ]]; then
    gzip -9 -n -c "$src" >"$dst/$name.gz"
  else
    cp "$src" "$dst/$name"
  fi
}

# write_meta DIR key value ...: the capture's own description, folded into manifest.tsv by manifest.sh.
write_meta() {
  local dir="$1"; shift
  : >"$dir/capture.meta"
  while (($#)); do printf '%s\t%s\n' "$1" "$2" >>"$dir/capture.meta"; shift 2; done
}

# Downloads and builds are kept here, readable by the unprivileged user (root's ~ is not).
if [[ $EUID -eq 0 ]]; then CACHE_DIR="${WALPRISM_CACHE:-/var/cache/walprism}"; else CACHE_DIR="${WALPRISM_CACHE:-$HOME/.cache/walprism}"; fi
CAPTURE_USER="${WALPRISM_CAPTURE_USER:-walprism}"
