#!/usr/bin/env bash
# Bounded loss under continuous typing: SIGKILL AppShell in tmux while someone types steadily,
# round after round, and report torn files and the worst loss (scripts/typing_kill_loop.py).
#
#   scripts/typing-kill-loop.sh [--rounds 20] [--pace 0.06]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product AppShell
bin=$(swift build -c release --show-bin-path)
exec python3 scripts/typing_kill_loop.py --binary "$bin/AppShell" "$@"
