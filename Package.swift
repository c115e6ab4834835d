// swift-tools-version: 6.1
import PackageDescription

/// One list of settings, applied to every target below: Swift 6 language mode is the package
/// default; these add the checks we hold every module to.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableExperimentalFeature("StrictConcurrency=complete"),
]

var package = Package(
  name: "MultiStore",
  products: [
    .library(name: "StoreKernel", targets: ["StoreKernel"]),
    .library(name: "StoreKernelTesting", targets: ["StoreKernelTesting"]),
    .library(name: "FoundationDependencies", targets: ["FoundationDependencies"]),
    .library(name: "FeatureBridge", targets: ["FeatureBridge"]),
    .library(name: "FeatureBridgeTesting", targets: ["FeatureBridgeTesting"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "CounterFeature", targets: ["CounterFeature"]),
    .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
    .library(name: "NotesFeature", targets: ["NotesFeature"]),
    .executable(name: "AppShell", targets: ["AppShell"]),
  ],
  traits: [
    .trait(
      name: "SingleStore",
      description: "Build AppShell with one root store and scoped children as its default.")
  ],
  targets: [
    .target(name: "StoreKernel"),
    .target(name: "StoreKernelTesting", dependencies: ["StoreKernel"]),
    // The dependencies that need Foundation types (`UUID`, `Date`), apart from the kernel.
    .target(name: "FoundationDependencies", dependencies: ["StoreKernel"]),
    .target(name: "FeatureBridge", dependencies: ["StoreKernel"]),
    // Test doubles and checks for feature boundaries, in their own library so apps never ship
    // them.
    .target(
      name: "FeatureBridgeTesting", dependencies: ["FeatureBridge", "StoreKernel"]),
    // The terminal toolkit: views, keys, display width. FeatureBridge knows nothing of it.
    .target(name: "TerminalUI"),
    // Files kept in the data directory: atomic writes, defensive reads, corrupt files kept
    // aside, one writer per file, file work off the concurrency runtime's threads.
    .target(name: "DurableFiles", dependencies: ["StoreKernel"]),
    .target(
      name: "CounterFeature",
      dependencies: ["DurableFiles", "FeatureBridge", "StoreKernel", "TerminalUI"]),
    .target(name: "ProfileFeature", dependencies: ["FeatureBridge", "StoreKernel", "TerminalUI"]),
    .target(
      name: "NotesFeature",
      dependencies: ["DurableFiles", "FeatureBridge", "StoreKernel", "TerminalUI"]),
    .executableTarget(
      name: "AppShell",
      dependencies: [
        "StoreKernel", "FeatureBridge", "TerminalUI", "CounterFeature", "ProfileFeature",
        "NotesFeature",
      ],
      swiftSettings: [.define("SINGLE_STORE", .when(traits: ["SingleStore"]))]
    ),
    // Fuzz targets: a normal build replays a corpus; scripts/fuzz.sh builds them for libFuzzer.
    .target(name: "FuzzSupport", path: "Sources/Fuzz/FuzzSupport"),
    .executableTarget(
      name: "FuzzKeyDecoder", dependencies: ["TerminalUI", "FuzzSupport"],
      path: "Sources/Fuzz/FuzzKeyDecoder"),
    .executableTarget(
      name: "FuzzNotesDocument", dependencies: ["NotesFeature", "FuzzSupport"],
      path: "Sources/Fuzz/FuzzNotesDocument"),
    .testTarget(name: "StoreKernelTests", dependencies: ["StoreKernel", "StoreKernelTesting"]),
    .testTarget(
      name: "StoreKernelTestingTests", dependencies: ["StoreKernel", "StoreKernelTesting"]),
    .testTarget(
      name: "FoundationDependenciesTests",
      dependencies: ["FoundationDependencies", "StoreKernel", "StoreKernelTesting"]),
    .testTarget(
      name: "FeatureBridgeTests",
      dependencies: ["FeatureBridge", "FeatureBridgeTesting", "StoreKernel", "StoreKernelTesting"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles"]),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature", "DurableFiles", "FeatureBridge", "FeatureBridgeTesting", "StoreKernel",
        "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "ProfileFeatureTests",
      dependencies: [
        "ProfileFeature", "CounterFeature", "FeatureBridge", "FeatureBridgeTesting", "StoreKernel",
        "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "NotesFeatureTests",
      dependencies: [
        "NotesFeature", "DurableFiles", "FeatureBridge", "FeatureBridgeTesting", "StoreKernel",
        "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "AppShellTests",
      dependencies: [
        "AppShell", "CounterFeature", "FeatureBridge", "FeatureBridgeTesting", "NotesFeature",
        "ProfileFeature", "StoreKernel", "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: ["StoreKernel", "FeatureBridge", "FeatureBridgeTesting", "StoreKernelTesting"]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
