#!/usr/bin/env bash
# Builds the DocC documentation of the framework modules from their symbol graphs, with warnings
# as errors: a broken symbol link (``Store/send(_:)`` that no longer exists), an article that
# names a symbol wrongly, or a topic group that curates nothing fails the build. Then checks
# that each module's landing page places every top-level public symbol in a `## Topics` group.
#
# Usage: scripts/build-docs.sh [Module …]   (default: every module with a Sources/<M>/<M>.docc)
# Output: .build/docs/<Module>.doccarchive
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
  for catalog in Sources/*/*.docc; do
    modules+=("$(basename "$catalog" .docc)")
  done
fi

# The toolchain's own symbol graphs of the package, public symbols only. It builds what it
# needs first and says where it wrote them.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! swift package dump-symbol-graph --minimum-access-level public >"$log" 2>&1; then
  cat "$log"
  echo "error: swift package dump-symbol-graph failed" >&2
  exit 1
fi
graphs=$(sed -n 's/^Files written to //p' "$log" | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
  cat "$log"
  echo "error: could not find where dump-symbol-graph wrote the symbol graphs" >&2
  exit 1
fi

failed=0
for module in "${modules[@]}"; do
  catalog="Sources/$module/$module.docc"
  [ -d "$catalog" ] || { echo "error: $catalog does not exist" >&2; exit 1; }
  # One directory per module: its own graph and the extensions it makes to other modules'
  # types (`FeatureBridge@StoreKernel.symbols.json`).
  module_graphs=".build/docs/symbol-graphs/$module"
  rm -rf "$module_graphs"
  mkdir -p "$module_graphs"
  cp "$graphs/$module.symbols.json" "$module_graphs/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$module_graphs/"
  done

  echo "-- $module"
  if ! docc convert "$catalog" \
    --additional-symbol-graph-dir "$module_graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "multistore.$module" \
    --output-path ".build/docs/$module.doccarchive" \
    --warnings-as-errors; then
    echo "error: the documentation of $module does not build (see above)" >&2
    failed=1
    continue
  fi
  scripts/check-docs-curation.py "$catalog/$module.md" "$module_graphs/$module.symbols.json" \
    || failed=1
done
exit "$failed"
