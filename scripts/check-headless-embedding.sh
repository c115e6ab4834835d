#!/usr/bin/env bash
# An outside package that embeds NotesFeature with no UI (Examples/HeadlessNotes) builds and links
# no terminal toolkit: no TerminalUI, and no feature's terminal view. Checked on what the build
# produced, not on what the manifest says:
#   - no module of the terminal toolkit or of a terminal view was built for the package;
#   - its executable holds no symbol of those modules, and does hold NotesFeature's (so the check
#     looks at the right binary);
#   - NotesFeature's public API (api/NotesFeature.txt) names nothing of a terminal.
# Usage: scripts/check-headless-embedding.sh   (from the repository's root)
set -euo pipefail

package=Examples/HeadlessNotes
terminal_modules=(TerminalUI NotesTerminalView CounterTerminalView ProfileTerminalView)
command -v nm >/dev/null || { echo "nm is missing (apt-get install -y binutils)" >&2; exit 1; }

# A build directory of its own, made afresh: modules left by an earlier build would be found.
scratch="$package/.build-headless"
rm -rf "$scratch"
swift build --package-path "$package" --scratch-path "$scratch" -Xswiftc -warnings-as-errors \
  >/dev/null
bin=$(swift build --package-path "$package" --scratch-path "$scratch" --show-bin-path)
executable="$bin/notes-service"
[ -x "$executable" ] || { echo "error: $executable was not built" >&2; exit 1; }

failed=0
for module in "${terminal_modules[@]}"; do
  # SwiftPM plans a directory for every target of the graph; a built module has its interface
  # and objects.
  built=$(find "$bin" -maxdepth 2 -name "$module.swiftmodule" -print -quit)
  if [ -z "$built" ] && [ -d "$bin/$module.build" ]; then
    built=$(find "$bin/$module.build" -name '*.o' -print -quit)
  fi
  if [ -n "$built" ]; then
    echo "error: $package built $module ($built)" >&2
    failed=1
  fi
  # A Swift symbol of module M starts with $s, the name's length and the name.
  mangled="\$s${#module}${module}"
  count=$(nm "$executable" | grep -cF "$mangled" || true)
  if [ "$count" -ne 0 ]; then
    echo "error: notes-service holds $count symbols of $module" >&2
    failed=1
  fi
done
notes_symbols=$(nm "$executable" | grep -cF '$s12NotesFeature' || true)
if [ "$notes_symbols" -eq 0 ]; then
  echo "error: notes-service holds no NotesFeature symbol: not the binary this check is about" >&2
  failed=1
fi
if grep -qi 'terminal' api/NotesFeature.txt; then
  echo "error: api/NotesFeature.txt names a terminal symbol" >&2
  failed=1
fi
[ "$failed" -eq 0 ] || exit 1
echo "ok: $package links NotesFeature ($notes_symbols symbols) and no terminal module (${terminal_modules[*]})"
