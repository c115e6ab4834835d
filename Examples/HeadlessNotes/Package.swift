// swift-tools-version: 6.1
import PackageDescription

/// The same strict settings as the root package, applied to every target below.
let strictSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableExperimentalFeature("StrictConcurrency=complete"),
]

/// Another package's host that embeds NotesFeature with no UI at all, as a server would: a
/// library (`NotesService`), a command-line tool that drives it from standard input
/// (`notes-service`), and tests. It depends on no terminal toolkit, and CI checks that none is
/// built or linked (`scripts/check-headless-embedding.sh`).
var package = Package(
  name: "HeadlessNotes",
  products: [
    .library(name: "NotesService", targets: ["NotesService"]),
    .executable(name: "notes-service", targets: ["notes-service"]),
  ],
  dependencies: [
    // `name:` lets the products below say `package: "MultiStore"`.
    .package(name: "MultiStore", path: "../..")
  ],
  targets: [
    .target(
      name: "NotesService",
      dependencies: [
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
      ]),
    .executableTarget(
      name: "notes-service",
      dependencies: ["NotesService", .product(name: "NotesFeature", package: "MultiStore")]),
    .testTarget(
      name: "NotesServiceTests",
      dependencies: [
        "NotesService",
        .product(name: "NotesFeature", package: "MultiStore"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)

for target in package.targets {
  target.swiftSettings = (target.swiftSettings ?? []) + strictSettings
}
