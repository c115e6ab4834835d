#!/usr/bin/env bash
# The public API of every library module is deliberate: a feature module's is its boundary and
# nothing else (STYLE.md habit 5); a framework module's changes only as a reviewed diff.
#
# 0. For each framework module (StoreKernel, StoreKernelTesting, FeatureBridge,
#    FeatureBridgeTesting, TerminalUI, FoundationDependencies: the modules other packages build
#    on), compare its public symbols, each with its declaration, with api/<Module>.txt. No limit;
#    a test hook belongs in `package` access, not in this list.
# 1. For each feature module (Sources/*Feature), extract its public symbols with the
#    toolchain's symbol graph, and compare them with the allowed list in api/<Module>.txt
#    (scripts/public-api-list.swift explains what is listed and what is dropped). Fails, naming
#    the symbol, when a module exports anything not on its list, when the list names something
#    the module no longer exports, or when a module exports more than 28 symbols (a boundary
#    that lets a host drive the feature headlessly names its inputs and ids; more than that
#    is a sign the module leaks its domain).
# 2. Prove that a package outside this one cannot name a feature's state, action enum, reducer,
#    view or dependencies: a throwaway package in a temporary directory that names each of them
#    must fail to compile, with an error naming it, while a control target in the same package
#    that names only the public boundary types must compile.
#
# Usage: scripts/check-public-api.sh [--update]
#   --update        rewrite api/<Module>.txt of every module from the current code; review
#                   the diff.
# Environment:
#   SCRATCH_PATH    build directory for step 1 (default .build, which CI has just built).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

limit=28
scratch=${SCRATCH_PATH:-.build}
update=()
case "${1:-}" in
  "") ;;
  --update) update=(--update) ;;
  *)
    echo "usage: scripts/check-public-api.sh [--update]" >&2
    exit 2
    ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The target triple of this toolchain, e.g. x86_64-unknown-linux-gnu.
triple=$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)
sdk=()
if [ "$(uname)" = "Darwin" ]; then sdk=(-sdk "$(xcrun --show-sdk-path)"); fi

modules=()
for directory in Sources/*Feature/; do
  modules+=("$(basename "$directory")")
done
# Each feature's terminal view, a module of its own: its public API is one function.
views=()
for directory in Sources/*TerminalView/; do
  views+=("$(basename "$directory")")
done
frameworks=(StoreKernel StoreKernelTesting FeatureBridge FeatureBridgeTesting TerminalUI
  FoundationDependencies SharedFileStorage)
# Modules with no public API at all: only their `package` API is listed.
internals=(MultiStorePrimitives DurableFiles)

# ---------------------------------------------------------------------------------------------
echo "-- public symbols of ${frameworks[*]} (framework modules) and ${modules[*]} ${views[*]} (limit $limit each)"
failed=0
for module in "${frameworks[@]}" "${modules[@]}" "${views[@]}" "${internals[@]}"; do
  if ! swift build --scratch-path "$scratch" --target "$module" >"$work/build-$module.log" 2>&1
  then
    cat "$work/build-$module.log"
    echo "error: $module does not build" >&2
    exit 1
  fi
done
modules_dir="$(swift build --scratch-path "$scratch" --show-bin-path)/Modules"
extract() {
  local level=${2:-public}
  mkdir -p "$work/graphs/$level/$1"
  # The kernel imports one C module (KernelTestingLink), found by its module map.
  swift symbolgraph-extract -module-name "$1" -I "$modules_dir" \
    -I Sources/KernelTestingLink/include -target "$triple" \
    ${sdk[@]+"${sdk[@]}"} -minimum-access-level "$level" -skip-inherited-docs \
    -output-dir "$work/graphs/$level/$1"
}
for module in "${frameworks[@]}"; do
  extract "$module"
  swift scripts/public-api-list.swift --module "$module" --allowed "api/$module.txt" \
    --framework ${update[@]+"${update[@]}"} "$work/graphs/public/$module"/*.symbols.json \
    || failed=1
done
for module in "${modules[@]}" "${views[@]}"; do
  extract "$module"
  swift scripts/public-api-list.swift --module "$module" --allowed "api/$module.txt" \
    --limit "$limit" ${update[@]+"${update[@]}"} "$work/graphs/public/$module"/*.symbols.json \
    || failed=1
done
echo "-- package symbols of every library module (api/package/)"
mkdir -p api/package
for module in "${frameworks[@]}" "${modules[@]}" "${views[@]}" "${internals[@]}"; do
  extract "$module" package
  swift scripts/public-api-list.swift --module "$module" --allowed "api/package/$module.txt" \
    --package ${update[@]+"${update[@]}"} "$work/graphs/package/$module"/*.symbols.json \
    || failed=1
done
if [ "$failed" -ne 0 ]; then
  echo "error: a module's public API does not match its list in api/ (see above)" >&2
  exit 1
fi

# ---------------------------------------------------------------------------------------------
echo "-- an outside package cannot name a feature's internals"
probe="$work/outside"
mkdir -p "$probe/Sources/UsesBoundary" "$probe/Sources/NamesInternals"

products=""
for module in "${modules[@]}" "${views[@]}"; do
  products+="  .product(name: \"$module\", package: \"MultiStore\"),"$'\n'
done
cat >"$probe/Package.swift" <<MANIFEST
// swift-tools-version: 6.1
import PackageDescription

let products: [Target.Dependency] = [
  .product(name: "StoreKernel", package: "MultiStore"),
  .product(name: "FeatureBridge", package: "MultiStore"),
$products]

let package = Package(
  name: "Outside",
  dependencies: [.package(name: "MultiStore", path: "$root")],
  targets: [
    .target(name: "UsesBoundary", dependencies: products),
    .target(name: "NamesInternals", dependencies: products),
  ],
  swiftLanguageModes: [.v6]
)
MANIFEST

# The control: each feature's boundary types are reachable from outside. (The packages in
# Examples/ go further and run features through their public API.)
{
  for module in "${modules[@]}"; do echo "import $module"; done
  echo
  echo "func boundaryTypes() -> [Any.Type] {"
  echo "  ["
  for module in "${modules[@]}"; do
    prefix=${module%Feature}
    echo "    $module.self, ${prefix}Input.self, ${prefix}Output.self,"
  done
  echo "  ]"
  echo "}"
} >"$probe/Sources/UsesBoundary/Boundaries.swift"

# The probes, one file each; every one must fail with an error naming what it reaches for.
# Per feature, by the naming convention of Sources/*Feature/Domain and View: its state, action
# enum, reducer and view. Then the dependency accessors the features declare `package`.
probes=()
for module in "${modules[@]}"; do
  prefix=${module%Feature}
  for suffix in State Action Reducer; do
    probes+=("$prefix$suffix:import $module:_ = $prefix$suffix.self")
  done
  if [ -d "Sources/${prefix}TerminalView" ]; then
    probes+=("${prefix}View:import $module; import ${prefix}TerminalView:_ = ${prefix}View.self")
  fi
done
for accessor in CounterFeature:counterFavorites CounterFeature:counterStorage \
  ProfileFeature:profileFavorites \
  NotesFeature:notesStorage NotesFeature:notesAutosaveDelay; do
  module=${accessor%%:*}
  name=${accessor#*:}
  [ -d "Sources/$module" ] || continue
  probes+=("$name:import $module; import StoreKernel:_ = DependencyValues().$name")
done
for entry in "${probes[@]}"; do
  IFS=: read -r name imports statement <<<"$entry"
  printf '%s\n\nfunc probe_%s() {\n  %s\n}\n' "${imports//; /$'\n'}" "$name" "$statement" \
    >"$probe/Sources/NamesInternals/Probe_$name.swift"
done

if ! swift build --package-path "$probe" --target UsesBoundary >"$work/control.log" 2>&1; then
  cat "$work/control.log"
  echo "error: the control target, which names only public API, does not compile" >&2
  exit 1
fi
echo "control: a package that names only the boundary types compiles"

# The compiler type-checks every probe file and reports each one's error.
if swift build --package-path "$probe" --target NamesInternals >"$work/probes.log" 2>&1; then
  echo "error: the outside package compiled code that names feature internals" >&2
  exit 1
fi
for entry in "${probes[@]}"; do
  name=${entry%%:*}
  if grep -Eq "Probe_$name\.swift:[0-9]+:[0-9]+: error: .*'$name'" "$work/probes.log"; then
    echo "ok: outside code cannot name $name"
  else
    grep -E "error:" "$work/probes.log" | sort -u || true
    echo "error: the probe naming $name did not fail with an error naming it" >&2
    failed=1
  fi
done
if [ "$failed" -ne 0 ]; then exit 1; fi
echo "public API check passed"
