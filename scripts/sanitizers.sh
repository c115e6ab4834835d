#!/usr/bin/env bash
# The whole test suite under ThreadSanitizer and under AddressSanitizer (with LeakSanitizer).
#
#   scripts/sanitizers.sh             # thread, then address
#   scripts/sanitizers.sh thread      # one of them
#
# Each sanitizer builds in its own directory (.build-tsan, .build-asan) so it never fights the
# normal build, and writes its tests' JUnit XML there (tests-swift-testing.xml: CI counts the
# skipped tests in it). Known false positives and toolchain leaks are suppressed by the files in .ci/,
# each entry with its reason. Fails when a test fails or when the sanitizer reports anything.
#
# Tests run one at a time (--no-parallel): under a sanitizer everything is 2-10x slower, and
# some suites read process-wide store counts or wait on wall-clock timeouts (TestStore), which
# other suites running at the same time disturb. The concurrency a race needs lives inside
# each test (effects, producers, pumps), and that is unchanged.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ $# -gt 0 ]; then sanitizers=("$@"); else sanitizers=(thread address); fi
status=0
for sanitizer in "${sanitizers[@]}"; do
  case "$sanitizer" in
    thread)
      scratch=.build-tsan
      export TSAN_OPTIONS="suppressions=$PWD/.ci/tsan-suppressions.txt halt_on_error=0 ${TSAN_OPTIONS:-}"
      pattern='WARNING: ThreadSanitizer'
      ;;
    address)
      scratch=.build-asan
      export ASAN_OPTIONS="detect_leaks=1 ${ASAN_OPTIONS:-}"
      # print_suppressions=0: a suppressed leak's summary would land in the standard error of
      # every AppShell child process, which the exit-code tests read line by line.
      export LSAN_OPTIONS="suppressions=$PWD/.ci/lsan-suppressions.txt print_suppressions=0 ${LSAN_OPTIONS:-}"
      pattern='ERROR: (AddressSanitizer|LeakSanitizer)'
      ;;
    *)
      echo "unknown sanitizer '$sanitizer' (thread, address)" >&2
      exit 2
      ;;
  esac
  log="$scratch/sanitizer.log"
  mkdir -p "$scratch"
  printf '\n== swift test --sanitize=%s ==\n' "$sanitizer"
  start=$(date +%s)
  set +e
  swift test --sanitize="$sanitizer" --scratch-path "$scratch" --no-parallel \
    --xunit-output "$scratch/tests.xml" 2>&1 | tee "$log"
  code=${PIPESTATUS[0]}
  set -e
  reports=$(grep -cE "$pattern" "$log" || true)
  echo "sanitizer=$sanitizer exit status: $code, reports: $reports, seconds: $(($(date +%s) - start))"
  if [ "$code" -ne 0 ] || [ "$reports" -ne 0 ]; then status=1; fi
done
exit "$status"
