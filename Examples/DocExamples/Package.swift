// swift-tools-version: 6.1
import PackageDescription

/// The same strict settings as the root package, applied to every target below.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableExperimentalFeature("StrictConcurrency=complete"),
]

/// The home of every documentation example that has no other: the code of the README, of the
/// doc comments in Sources/ and of the DocC articles, compiled (and, in the test targets, run)
/// from outside the package, through public API only, as a reader's code would be.
/// scripts/check-doc-examples.py checks that each example appears here, or in other compiled
/// code, verbatim.
var package = Package(
  name: "DocExamples",
  dependencies: [
    // `name:` lets the products below say `package: "MultiStore"`.
    .package(name: "MultiStore", path: "../..")
  ],
  targets: [
    .target(
      name: "ReadmeExample", dependencies: [.product(name: "StoreKernel", package: "MultiStore")]),
    .target(
      name: "KernelExamples",
      dependencies: [
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "FoundationDependencies", package: "MultiStore"),
        .product(name: "SharedFileStorage", package: "MultiStore"),
      ]),
    // The Navigation article's app, and the doc comments of the navigation tools.
    .target(
      name: "NavigationExamples",
      dependencies: [.product(name: "StoreKernel", package: "MultiStore")]),
    .target(
      name: "BridgeExamples",
      dependencies: [
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
        .product(name: "CounterFeature", package: "MultiStore"),
        .product(name: "CounterTerminalView", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
        .product(name: "ProfileFeature", package: "MultiStore"),
      ]),
    .testTarget(
      name: "KernelExamplesTests",
      dependencies: [
        "KernelExamples", "ReadmeExample",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "NavigationExamplesTests",
      dependencies: [
        "NavigationExamples",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "KernelTestingExamples",
      dependencies: [
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "BridgeTestingExamples",
      dependencies: [
        "BridgeExamples",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "FeatureBridgeTesting", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
        .product(name: "CounterFeature", package: "MultiStore"),
        .product(name: "CounterTerminalView", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
        .product(name: "ProfileFeature", package: "MultiStore"),
      ]),
    .testTarget(
      name: "TerminalExamples",
      dependencies: [.product(name: "TerminalUI", package: "MultiStore")]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
