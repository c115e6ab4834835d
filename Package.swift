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
  // What the code needs on Apple platforms: Synchronization's `Atomic` and task executors
  // (macOS 15, iOS 18 and their peers); Observation needs less.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "StoreKernel", targets: ["StoreKernel"]),
    .library(name: "StoreKernelTesting", targets: ["StoreKernelTesting"]),
    .library(name: "FoundationDependencies", targets: ["FoundationDependencies"]),
    .library(name: "SharedFileStorage", targets: ["SharedFileStorage"]),
    .library(name: "FeatureBridge", targets: ["FeatureBridge"]),
    .library(name: "FeatureBridgeTesting", targets: ["FeatureBridgeTesting"]),
    .library(name: "TerminalUI", targets: ["TerminalUI"]),
    .library(name: "CounterFeature", targets: ["CounterFeature"]),
    .library(name: "ProfileFeature", targets: ["ProfileFeature"]),
    .library(name: "NotesFeature", targets: ["NotesFeature"]),
    .library(name: "CounterTerminalView", targets: ["CounterTerminalView"]),
    .library(name: "ProfileTerminalView", targets: ["ProfileTerminalView"]),
    .library(name: "NotesTerminalView", targets: ["NotesTerminalView"]),
    .executable(name: "AppShell", targets: ["AppShell"]),
  ],
  traits: [
    .trait(
      name: "SingleStore",
      description: "Build AppShell with one root store and scoped children as its default.")
  ],
  targets: [
    // The bottom layer: what several modules need and none owns (a lock ThreadSanitizer sees,
    // writing to standard error). `package` API only.
    .target(name: "MultiStorePrimitives"),
    // C: a weak link from the kernel to StoreKernelTesting, which only test processes link.
    .target(name: "KernelTestingLink"),
    .target(name: "StoreKernel", dependencies: ["KernelTestingLink", "MultiStorePrimitives"]),
    .target(name: "StoreKernelTesting", dependencies: ["MultiStorePrimitives", "StoreKernel"]),
    // The dependencies that need Foundation types (`UUID`, `Date`), apart from the kernel.
    .target(name: "FoundationDependencies", dependencies: ["MultiStorePrimitives", "StoreKernel"]),
    .target(name: "FeatureBridge", dependencies: ["MultiStorePrimitives", "StoreKernel"]),
    // Test doubles and checks for feature boundaries, in their own library so apps never ship
    // them.
    .target(
      name: "FeatureBridgeTesting",
      dependencies: ["FeatureBridge", "MultiStorePrimitives", "StoreKernel", "StoreKernelTesting"]),
    // The terminal toolkit: views, keys, display width. FeatureBridge knows nothing of it.
    .target(name: "TerminalUI", dependencies: ["MultiStorePrimitives"]),
    // Files kept in the data directory: atomic writes, defensive reads, corrupt files kept
    // aside, one writer per file, file work off the concurrency runtime's threads.
    .target(name: "DurableFiles", dependencies: ["MultiStorePrimitives"]),
    // Shared values kept in files (`.fileStorage`): JSON through Foundation, files through
    // DurableFiles, apart from the kernel, which has neither.
    .target(
      name: "SharedFileStorage",
      dependencies: ["DurableFiles", "MultiStorePrimitives", "StoreKernel"]),
    // The features: their boundaries, headless. Each one's terminal view is a target of its
    // own, so an embedder that shows a feature another way never links TerminalUI.
    .target(
      name: "CounterFeature",
      dependencies: [
        "DurableFiles", "FeatureBridge", "MultiStorePrimitives", "SharedFileStorage", "StoreKernel",
      ]),
    .target(name: "ProfileFeature", dependencies: ["FeatureBridge", "StoreKernel"]),
    .target(
      name: "NotesFeature",
      dependencies: ["DurableFiles", "FeatureBridge", "MultiStorePrimitives", "StoreKernel"]),
    .target(
      name: "CounterTerminalView",
      dependencies: ["CounterFeature", "FeatureBridge", "StoreKernel", "TerminalUI"]),
    .target(
      name: "ProfileTerminalView",
      dependencies: ["ProfileFeature", "FeatureBridge", "StoreKernel", "TerminalUI"]),
    .target(
      name: "NotesTerminalView",
      dependencies: ["NotesFeature", "FeatureBridge", "StoreKernel", "TerminalUI"]),
    .executableTarget(
      name: "AppShell",
      dependencies: [
        "CounterFeature", "CounterTerminalView", "FeatureBridge", "MultiStorePrimitives",
        "NotesFeature", "NotesTerminalView", "ProfileFeature", "ProfileTerminalView",
        "StoreKernel", "TerminalUI",
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
    .testTarget(name: "MultiStorePrimitivesTests", dependencies: ["MultiStorePrimitives"]),
    .testTarget(
      name: "StoreKernelTests",
      dependencies: ["MultiStorePrimitives", "StoreKernel", "StoreKernelTesting"]),
    .testTarget(
      name: "StoreKernelTestingTests",
      dependencies: ["MultiStorePrimitives", "StoreKernel", "StoreKernelTesting"]),
    .testTarget(
      name: "FoundationDependenciesTests",
      dependencies: ["FoundationDependencies", "StoreKernel", "StoreKernelTesting"]),
    .testTarget(
      name: "FeatureBridgeTests",
      dependencies: [
        "FeatureBridge", "FeatureBridgeTesting", "MultiStorePrimitives", "StoreKernel",
        "StoreKernelTesting",
      ]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"]),
    .testTarget(name: "DurableFilesTests", dependencies: ["DurableFiles", "MultiStorePrimitives"]),
    .testTarget(
      name: "SharedFileStorageTests",
      dependencies: [
        "DurableFiles", "SharedFileStorage", "StoreKernel", "StoreKernelTesting",
      ]),
    .testTarget(
      name: "CounterFeatureTests",
      dependencies: [
        "CounterFeature", "CounterTerminalView", "DurableFiles", "FeatureBridge",
        "FeatureBridgeTesting", "MultiStorePrimitives", "SharedFileStorage", "StoreKernel",
        "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "ProfileFeatureTests",
      dependencies: [
        "CounterFeature", "CounterTerminalView", "FeatureBridge", "FeatureBridgeTesting",
        "ProfileFeature", "ProfileTerminalView", "StoreKernel", "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "NotesFeatureTests",
      dependencies: [
        "DurableFiles", "FeatureBridge", "FeatureBridgeTesting", "MultiStorePrimitives",
        "NotesFeature", "NotesTerminalView", "StoreKernel", "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "AppShellTests",
      dependencies: [
        "AppShell", "CounterFeature", "CounterTerminalView", "FeatureBridge",
        "FeatureBridgeTesting", "MultiStorePrimitives", "NotesFeature", "NotesTerminalView",
        "ProfileFeature", "ProfileTerminalView", "StoreKernel", "StoreKernelTesting", "TerminalUI",
      ]),
    .testTarget(
      name: "ReliabilityTests",
      dependencies: [
        "FeatureBridge", "FeatureBridgeTesting", "MultiStorePrimitives", "StoreKernel",
        "StoreKernelTesting",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets where target.name != "KernelTestingLink" {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
