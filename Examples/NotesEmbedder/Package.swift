// swift-tools-version: 6.1
import PackageDescription

/// The same strict settings as the root package, applied to every target below.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableExperimentalFeature("StrictConcurrency=complete"),
]

/// Another package's host embedding NotesFeature and CounterFeature through their public
/// boundaries only: a journal library (`JournalHost`), a command-line tool (`journal`), and tests
/// that drive the real features or swap in a `FakeFeature`.
var package = Package(
  name: "NotesEmbedder",
  products: [
    .library(name: "JournalHost", targets: ["JournalHost"]),
    .executable(name: "journal", targets: ["journal"]),
  ],
  dependencies: [
    // `name:` lets the products below say `package: "MultiStore"`.
    .package(name: "MultiStore", path: "../..")
  ],
  targets: [
    .target(
      name: "JournalHost",
      dependencies: [
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
        .product(name: "CounterFeature", package: "MultiStore"),
        .product(name: "CounterTerminalView", package: "MultiStore"),
        .product(name: "NotesTerminalView", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ]),
    .executableTarget(
      name: "journal",
      dependencies: ["JournalHost", .product(name: "NotesFeature", package: "MultiStore")]),
    .testTarget(
      name: "JournalHostTests",
      dependencies: [
        "JournalHost",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
        .product(name: "CounterFeature", package: "MultiStore"),
        .product(name: "CounterTerminalView", package: "MultiStore"),
        .product(name: "FeatureBridgeTesting", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
