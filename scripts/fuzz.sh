#!/usr/bin/env bash
# Fuzzes the terminal key decoder and the notes file decoder with libFuzzer.
#
#   scripts/fuzz.sh                      # both targets, 1,000,000 runs each
#   RUNS=100000 scripts/fuzz.sh FuzzKeyDecoder
#
# Each target is built in release with `-sanitize=fuzzer,address` (SANITIZERS overrides) and
# `-D FUZZING`, which swaps its corpus replayer for libFuzzer's entry points. A target starts
# from its committed seed corpus (Fuzz/corpus/<target>, read only) and dictionary
# (Fuzz/dictionaries/<target>.dict); what it learns goes to a scratch corpus under the build
# directory. A crash stops the script with status 1 and leaves the input that caused it in
# $SCRATCH/crashes/: fix the bug, then commit that input to the seed corpus as a regression
# test (the normal build of each target replays the corpus: see docs/reliability.md).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-1000000}
SANITIZERS=${SANITIZERS:-fuzzer,address}
SCRATCH=${SCRATCH:-.build-fuzz}
if [ $# -gt 0 ]; then targets=("$@"); else targets=(FuzzKeyDecoder FuzzNotesDocument); fi

flags=(-c release --scratch-path "$SCRATCH"
  -Xswiftc "-sanitize=$SANITIZERS" -Xswiftc -parse-as-library -Xswiftc -DFUZZING)
for target in "${targets[@]}"; do
  swift build "${flags[@]}" --product "$target"
done
bin=$(swift build "${flags[@]}" --show-bin-path)
mkdir -p "$SCRATCH/crashes"

status=0
for target in "${targets[@]}"; do
  learned="$SCRATCH/corpus/$target"
  log="$SCRATCH/$target.log"
  mkdir -p "$learned"
  printf '\n== %s: %s runs (-sanitize=%s) ==\n' "$target" "$RUNS" "$SANITIZERS"
  start=$(date +%s)
  set +e
  "$bin/$target" -runs="$RUNS" -dict="Fuzz/dictionaries/$target.dict" \
    -artifact_prefix="$SCRATCH/crashes/$target-" -timeout=10 -rss_limit_mb=4096 \
    -print_final_stats=1 "$learned" "Fuzz/corpus/$target" >"$log" 2>&1
  code=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  echo "exit status: $code, runs: ${runs:-?}, seconds: $(($(date +%s) - start))"
  if [ "$code" -ne 0 ]; then
    status=1
    echo "$target FAILED; the last lines of $log:"
    tail -30 "$log"
  fi
done
exit "$status"
