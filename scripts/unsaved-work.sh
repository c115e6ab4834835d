#!/usr/bin/env bash
# Unsaved notes survive a full disk and a read-only directory, and a save that cannot keep them
# anywhere says so, in a real terminal (tmux):
# see scripts/unsaved_work.py for every check. Needs root, tmux and setpriv: without them it
# says it skipped, or fails with --no-skip or when CI is set (CI relies on it).
#
#   scripts/unsaved-work.sh            # builds AppShell (debug), then runs the three scenarios
#   scripts/unsaved-work.sh --no-skip  # fails instead of skipping
#
# SCRATCH picks the build directory (default .build).
set -euo pipefail
cd "$(dirname "$0")/.."
SCRATCH=${SCRATCH:-.build}
swift build --scratch-path "$SCRATCH" --product AppShell
bin=$(swift build --scratch-path "$SCRATCH" --show-bin-path)
exec python3 scripts/unsaved_work.py --binary "$bin/AppShell" "$@"
