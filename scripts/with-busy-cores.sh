#!/usr/bin/env bash
# Runs a command while every core is kept busy by other processes, as on a laptop that compiles
# something else: one busy loop per core (nproc), at the command's own priority, started before
# it and stopped after it, however it ends. Exits with the command's status.
#
#   scripts/with-busy-cores.sh swift test --skip-build
#
# CI runs the whole suite this way after the ordinary run (.ci/run); docs/reliability.md says why.
set -uo pipefail
if [ $# -eq 0 ]; then
  echo "usage: $0 COMMAND [ARGUMENT...]" >&2
  exit 2
fi

loops=()
stop_loops() {
  [ ${#loops[@]} -eq 0 ] && return 0
  kill "${loops[@]}" 2>/dev/null
  wait "${loops[@]}" 2>/dev/null
  loops=()
}
trap stop_loops EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

cores=$(nproc)
# Each loop also ends by itself once this script is gone (killed before its trap could run).
for _ in $(seq "$cores"); do
  bash -c 'while kill -0 "$1" 2>/dev/null; do for ((i = 0; i < 200000; i++)); do :; done; done' \
    busy-loop $$ &
  loops+=($!)
done
echo "with-busy-cores: $cores busy loops (pids ${loops[*]}) while: $*" >&2

"$@"
status=$?
stop_loops
exit "$status"
