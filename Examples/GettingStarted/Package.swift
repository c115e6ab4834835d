// swift-tools-version: 6.1
import PackageDescription

/// The same strict settings as the root package, applied to every target below.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableExperimentalFeature("StrictConcurrency=complete"),
]

/// FeatureBridge's Getting Started article (Sources/FeatureBridge/FeatureBridge.docc), as a
/// package: a new feature (`TimerFeature`) written behind the boundary, a tiny host that embeds
/// it (`TeaHost`, run by `tea`), and their tests.
var package = Package(
  name: "GettingStarted",
  products: [
    .library(name: "TimerFeature", targets: ["TimerFeature"]),
    .executable(name: "tea", targets: ["tea"]),
  ],
  dependencies: [
    // `name:` lets the products below say `package: "MultiStore"`.
    .package(name: "MultiStore", path: "../..")
  ],
  targets: [
    .target(
      name: "TimerFeature",
      dependencies: [
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ]),
    .target(
      name: "TeaHost",
      dependencies: [
        "TimerFeature", .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ]),
    .executableTarget(
      name: "tea",
      dependencies: [
        "TeaHost", "TimerFeature", .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ]),
    .testTarget(
      name: "TimerFeatureTests",
      dependencies: [
        "TimerFeature",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "FeatureBridgeTesting", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ]),
    .testTarget(
      name: "TeaHostTests",
      dependencies: [
        "TeaHost", "TimerFeature",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "FeatureBridgeTesting", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
