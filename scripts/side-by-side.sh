#!/usr/bin/env bash
# AppShell, nano and vim side by side in tmux, release build: CPU per key, peak RSS and bytes
# written to the terminal per key, same note, same keys, one run. See scripts/side_by_side.py;
# the figures go to docs/performance.md ("Side by side with nano and vim").
#
#   scripts/side-by-side.sh --runs 3          # the table: 1 KB, 1 MB and 10 MB notes, 200 keys
#   scripts/side-by-side.sh --short           # CI: the 1 KB note, a few keys
#
# nano, vim and tmux are installed when missing (Debian packages); if that fails, the script
# fails: it never skips an editor.
set -euo pipefail
cd "$(dirname "$0")/.."
missing=()
for tool in tmux nano vim; do
  command -v "$tool" >/dev/null 2>&1 || missing+=("$tool")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing ${missing[*]}" >&2
  if ! { apt-get update -qq && apt-get install -y -qq "${missing[@]}"; } >/dev/null; then
    echo "side-by-side.sh: error: could not install ${missing[*]} (apt-get install -y ${missing[*]})" >&2
    exit 1
  fi
fi
swift build -c release --product AppShell
bin=$(swift build -c release --show-bin-path)
# The app's resident set depends on loading FoundationEssentials alone (ADR 0015): Foundation's
# full library and its ICU data are 6 MB. A module that imports Foundation brings them back.
if ldd "$bin/AppShell" | grep -E 'lib(Foundation|FoundationInternationalization|_FoundationICU)\.so'; then
  echo "side-by-side.sh: error: AppShell links Foundation's full library (above); import" \
    "FoundationEssentials where it exists (#if canImport(FoundationEssentials))" >&2
  exit 1
fi
exec python3 scripts/side_by_side.py --binary "$bin/AppShell" "$@"
