#!/usr/bin/env bash
# Coverage-guided fuzzing of the codec with Jazzer (the @FuzzTest targets below), each for a given time, with a
# small heap so that an allocation sized by an untrusted length fails (OutOfMemoryError is a finding) and a
# per-input timeout so that a hang is a finding. Prints executions and findings per target.
#
#   codec/fuzz.sh [-t SECONDS_PER_TARGET] [-x HEAP] [-k FINDINGS] [TARGET...]
#
# TARGET: record (RecordView.parse + toDecoded + typed decoders), typed (Heap2/XLOG payload decoders), reader
# (WalReader and ParallelWalScan over fuzzed in-memory segments), heapxactbtree (Heap/Transaction/Btree payload
# decoders, with the re-encoding checked); default: all four. Defaults: -t 300, -x 256m,
# -k 10 (keep fuzzing after a finding until this many distinct ones). Inputs that fail are written beside the
# test's seeds (codec/src/test/resources/.../<Test>Inputs/<method>/crash-*), so that after a fix they are
# replayed by every `mvn test` as regression inputs; the growing corpus stays in codec/.cifuzz-corpus (ignored
# by git, reused by the next run). Logs: codec/target/fuzz/<target>.log. Without JAZZER_FUZZ, `mvn test` only
# replays the seeds and committed inputs.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
seconds=300
heap=256m
keep=10
while getopts "t:x:k:h" opt; do
  case $opt in
    t) seconds=$OPTARG ;;
    x) heap=$OPTARG ;;
    k) keep=$OPTARG ;;
    *) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(record typed reader heapxactbtree)

declare -A test=(
  [record]=org.walprism.codec.record.RecordDecoderFuzzTest#recordBytesDecodeOrFailAsWalFormatException
  [typed]=org.walprism.codec.rmgr.TypedDecoderFuzzTest#payloadsDecodeOrFailAsWalFormatException
  [reader]=org.walprism.codec.read.WalReaderFuzzTest#readerFailsOnlyWithWalFormatExceptionAndAgreesWithParallelScan
  [heapxactbtree]=org.walprism.codec.rmgr.typed.HeapXactBtreeFuzzTest#payloadsDecodeOrFailAsWalFormatExceptionAndReencodeExactly
)

mkdir -p "$here/target/fuzz"
summary=()
status=0
for t in "${targets[@]}"; do
  spec=${test[$t]:-}
  if [ -z "$spec" ]; then
    echo "unknown target $t (known: ${!test[*]})" >&2
    exit 2
  fi
  class=${spec%#*}
  method=${spec#*#}
  # Findings go where the regression run finds them.
  mkdir -p "$here/src/test/resources/$(dirname "${class//.//}")/${class##*.}Inputs/$method"
  log="$here/target/fuzz/$t.log"
  echo "fuzzing $t ($class#$method) for ${seconds}s, heap $heap; log $log"
  set +e
  (cd "$root" && JAZZER_FUZZ=1 mvn -B -ntp -o test -pl codec -am \
      -Dtest="$class#$method" -Dsurefire.failIfNoSpecifiedTests=false \
      -Dcodec.test.heap="$heap" -Djazzer.keep_going="$keep" \
      -Djazzer.internal.arg.0=fuzz \
      -Djazzer.internal.arg.1=-max_total_time="$seconds" \
      -Djazzer.internal.arg.2=-timeout=10 \
      -Djazzer.internal.arg.3=-print_final_stats=1) > "$log" 2>&1
  rc=$?
  set -e
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
  took=$(grep -o '^Done [0-9]* runs in [0-9]* second' "$log" | awk '{print $5}' | tail -1 || true)
  if [ -z "$took" ] && [ -n "$runs" ]; then
    rate=$(grep -o 'stat::average_exec_per_sec: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1 || true)
    [ -z "$rate" ] || [ "$rate" = 0 ] || took="~$((runs / rate))"
  fi
  cov=$(grep -o 'cov: [0-9]* ft: [0-9]* corp: [0-9]*/[0-9A-Za-z]*' "$log" | tail -1 || true)
  # A finding is an input written out (crash-*, timeout-*); its cause is the exception reported with it.
  findings=$(grep -o 'Test unit written to .*' "$log" | sort -u | wc -l || true)
  line="$t: ${runs:-?} executions in ${took:-?} s (${cov:-no stats}), findings: $findings, mvn exit $rc"
  echo "$line"
  grep -o 'Test unit written to .*' "$log" | sort -u || true
  grep -E '^== Java Exception:|^com.code_intelligence.jazzer.junit.FuzzTestFindingException:|libFuzzer: timeout' "$log" \
      | sort | uniq -c | head -20 || true
  summary+=("$line")
  # with keep_going, Jazzer lets the test pass after findings: the written inputs decide
  if [ "$findings" -gt 0 ] || [ "$rc" -ne 0 ]; then status=1; fi
done
echo
printf '%s\n' "${summary[@]}"
exit $status
