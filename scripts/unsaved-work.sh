#!/usr/bin/env bash
# Unsaved notes survive a full disk and a read-only directory, in a real terminal (tmux):
# see scripts/unsaved_work.py for every check. Needs root, tmux and setpriv (it says it skipped
# otherwise).
#
#   scripts/unsaved-work.sh          # builds AppShell (debug), then runs both scenarios
#
# SCRATCH picks the build directory (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build}
swift build --scratch-path "$SCRATCH" --product AppShell
bin=$(swift build --scratch-path "$SCRATCH" --show-bin-path)
exec python3 scripts/unsaved_work.py --binary "$bin/AppShell"
