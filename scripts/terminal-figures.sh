#!/usr/bin/env bash
# AppShell at real sizes in a real terminal (tmux), release build: idle CPU, key-to-frame
# latency, frame cost and quit time with a 1 KB, a 1 MB and a 10 MB note open in the editor, and
# a Ctrl-Z / fg round trip. See scripts/terminal_figures.py; figures go to docs/performance.md.
#
#   scripts/terminal-figures.sh [--sizes 1000,1000000] [--keys 40]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product AppShell
bin=$(swift build -c release --show-bin-path)
exec python3 scripts/terminal_figures.py --binary "$bin/AppShell" "$@"
