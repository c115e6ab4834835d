// swift-tools-version: 6.1

// Benchmarks for the cost of isolation hops in Swift Concurrency.
//
// This is a separate SwiftPM package so that the root package does not pick up the
// benchmark dependency (and its malloc interposer) for normal builds and tests.
//
// Run (from this directory):
//     swift package --disable-sandbox benchmark --target IsolationCosts
//
// See docs/decisions/0001-store-isolation.md for the figures this produced.

import PackageDescription

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/benchmark",
      from: "1.38.1",
      traits: ["MallocInterposer"]
    )
    // TODO: depend on the root package once it compiles:
    //     .package(name: "MultiStore", path: ".."),
    // and add e.g. `.product(name: "StoreKernel", package: "MultiStore")` to the
    // benchmark targets that need it. Keep the `name:`: without it SwiftPM names a
    // path dependency after its directory (the checkout's folder name), not after
    // the manifest's `name`, so `package: "MultiStore"` would not resolve.
    // Left out on purpose for now: the root package does not build yet, and
    // IsolationCosts only measures the Swift Concurrency runtime itself.
  ],
  targets: [
    .executableTarget(
      name: "IsolationCosts",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark")
        // Root package products go here later (see the TODO above).
      ],
      path: "Benchmarks/IsolationCosts",
      swiftSettings: [
        // Swift 6 language mode (set package-wide below) already implies complete
        // strict-concurrency checking; it is spelled out here so that it stays on
        // even if the language mode is ever lowered (same spelling as the root package).
        .enableExperimentalFeature("StrictConcurrency=complete")
      ],
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    )
  ],
  swiftLanguageModes: [.v6]
)
