// swift-tools-version: 6.1
import PackageDescription

/// The same strict settings as the root package, applied to every target below.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableExperimentalFeature("StrictConcurrency=complete"),
]

/// Three feature modules that each publish one launcher (a countdown on an injected clock, a
/// session log kept in a file, a rating), a parent that presents them on a stack, as a sheet
/// and as one case of a destination, and tests that run the parent's one test body in both
/// hostings: each feature in a store of its own, or all composed into the parent's store.
var package = Package(
  name: "Hostings",
  products: [
    .library(name: "CountdownFeature", targets: ["CountdownFeature"]),
    .library(name: "SessionLogFeature", targets: ["SessionLogFeature"]),
    .library(name: "RatingFeature", targets: ["RatingFeature"]),
    .library(name: "PracticeFeature", targets: ["PracticeFeature"]),
  ],
  dependencies: [
    // `name:` lets the products below say `package: "MultiStore"`.
    .package(name: "MultiStore", path: "../..")
  ],
  targets: [
    .target(
      name: "CountdownFeature",
      dependencies: [
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
      ]),
    .target(
      name: "SessionLogFeature",
      dependencies: [
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "SharedFileStorage", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
      ]),
    .target(
      name: "RatingFeature",
      dependencies: [
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
      ]),
    .target(
      name: "PracticeFeature",
      dependencies: [
        "CountdownFeature", "RatingFeature", "SessionLogFeature",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
      ]),
    .testTarget(
      name: "CountdownFeatureTests",
      dependencies: [
        "CountdownFeature",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "SessionLogFeatureTests",
      dependencies: [
        "SessionLogFeature",
        .product(name: "SharedFileStorage", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "RatingFeatureTests",
      dependencies: [
        "RatingFeature",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "PracticeFeatureTests",
      dependencies: [
        "CountdownFeature", "PracticeFeature", "RatingFeature", "SessionLogFeature",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "FeatureBridgeTesting", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
    .testTarget(
      name: "PracticeHostTests",
      dependencies: [
        "PracticeFeature",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "StoreKernelTesting", package: "MultiStore"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
