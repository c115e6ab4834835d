#!/usr/bin/env bash
# Which source files a presented child's output passes through on its way to the parent's
# reducer, in each hosting, read off the call stack under gdb (not estimated).
#
# A probe package beside the repository (a parent presenting Examples/Hostings' rating with
# `ifLet`) is built in debug; gdb stops where the rating's reducer handles its delegate action
# and where the parent's reducer receives the output, and prints each stack down to the host's
# send (the input's path, not the output's). Run from the repository's root:
#
#   scripts/output-path-files.sh            # needs gdb (apt-get install -y gdb)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
command -v gdb >/dev/null || { echo "gdb is missing: apt-get install -y gdb" >&2; exit 1; }
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
mkdir -p "$probe/Sources/OutputPath"
cat >"$probe/Package.swift" <<SWIFT
// swift-tools-version: 6.1
import PackageDescription
let package = Package(
  name: "OutputPath",
  dependencies: [
    .package(name: "MultiStore", path: "$root"),
    .package(name: "Hostings", path: "$root/Examples/Hostings"),
  ],
  targets: [
    .executableTarget(
      name: "OutputPath",
      dependencies: [
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "RatingFeature", package: "Hostings"),
      ])
  ],
  swiftLanguageModes: [.v6])
SWIFT
cat >"$probe/Sources/OutputPath/main.swift" <<'SWIFT'
import FeatureBridge
import RatingFeature
import StoreKernel

struct Parent: Reducer {
  struct State: Equatable {
    @PresentationState var rating: RatingPrompt?
    var stars: [Int] = []
  }
  enum Action {
    case rating(PresentationAction<FeatureAction<RatingInput, RatingOutput>>)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .rating(.presented(.output(.submitted(let stars)))):
        state.stars.append(stars)  // OUTPUT REACHES THE PARENT
        return .none
      case .rating:
        return .none
      }
    }
    .ifLet(\.$rating, action: Action.rating, feature: RatingFeature.launcher)
  }
}

@MainActor func run(_ hosting: FeatureHosting) async {
  let store = Store(
    initialState: Parent.State(rating: RatingPrompt(title: "t")), reducer: Parent()
  ) { $0.featureHosting = hosting }
  let rating: FeatureHandle<RatingInput, RatingOutput>? = store.presentedFeature(\.$rating)
  await rating?.send(.rate(stars: 3))
  await rating?.send(.submit)
  precondition(store.state.stars == [3], "the output did not reach the parent")
}

await run(CommandLine.arguments.contains("composed") ? .composed : .ownStores)
SWIFT
(cd "$probe" && swift build >/dev/null)
parentLine=$(grep -n "OUTPUT REACHES THE PARENT" "$probe/Sources/OutputPath/main.swift" | cut -d: -f1)
childLine=$(grep -n "case .delegate:" "$root/Examples/Hostings/Sources/RatingFeature/RatingReducer.swift" | cut -d: -f1)
for hosting in ownStores composed; do
  gdb -batch -nx \
    -ex 'set breakpoint pending on' \
    -ex "break RatingReducer.swift:$((childLine + 1))" -ex "break main.swift:$parentLine" \
    -ex run -ex 'echo HIT child\n' -ex 'bt 100' -ex continue -ex 'echo HIT parent\n' -ex 'bt 100' \
    --args "$probe/.build/debug/OutputPath" "$hosting" 2>/dev/null |
    python3 -c '
import re, sys
hits = []
for line in sys.stdin:
    if line.startswith("HIT"):
        hits.append((line.split()[1], []))
        continue
    m = re.search(r" at (\S+):\d+\s*$", line)
    if hits and line.startswith("#") and m:
        hits[-1][1].append(m.group(1).split("/")[-1])
union = []
for name, frames in hits:
    files = []
    for f in frames:
        # The host sending the input: below here is the input path, not the output path.
        if f in ("FeatureHost.swift", "FeatureHandle+Start.swift", "FeatureHandle.swift", "ScopedSource.swift"):
            break
        if f not in files:
            files.append(f)
    print(f"  at the {name}: " + ", ".join(files))
    union += [f for f in files if f not in union]
print(f"  {len(union)} files on the stacks: " + ", ".join(union))
' | sed "1i $hosting:"
done
