#!/usr/bin/env bash
# Crash safety: 100 times, start the release AppShell in script mode typing continuously into
# a note, kill it with SIGKILL at a random moment, and check that notes.json is a complete,
# valid document that lost nothing but the text typed since the last completed save.
#
#   scripts/crash-safety.sh                        # 100 runs, random seed
#   scripts/crash-safety.sh --iterations 20 --seed 42
#
# Arguments go to scripts/crash_safety.py (see its docstring for every check). SCRATCH picks
# the build directory (default .build). Exits 1 if any run failed a check.
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build}
swift build -c release --scratch-path "$SCRATCH" --product AppShell
bin=$(swift build -c release --scratch-path "$SCRATCH" --show-bin-path)
exec python3 scripts/crash_safety.py --binary "$bin/AppShell" "$@"
