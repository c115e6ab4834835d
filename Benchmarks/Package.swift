// swift-tools-version: 6.1

// Benchmarks: the cost of isolation hops in Swift Concurrency (IsolationCosts) and of the
// runtime's hot paths (StoreKernelBenchmarks, FeatureBridgeBenchmarks).
//
// This is a separate SwiftPM package so that the root package does not pick up the
// benchmark dependency (and its malloc interposer) for normal builds and tests.
//
// Run (from this directory):
//     swift package --disable-sandbox benchmark --target IsolationCosts
//     swift package --disable-sandbox benchmark --target StoreKernelBenchmarks
//     swift package --disable-sandbox benchmark --target FeatureBridgeBenchmarks
//     swift package --disable-sandbox benchmark --target NotesBenchmarks
//     swift package --disable-sandbox benchmark --target SharedBenchmarks
// and, for instructions per keystroke under callgrind (see its main.swift):
//     swift build -c release --product KeystrokeInstructions
//
// Figures: docs/decisions/0001-store-isolation.md (IsolationCosts) and docs/performance.md
// (StoreKernelBenchmarks, FeatureBridgeBenchmarks, NotesBenchmarks).

import PackageDescription

// Swift 6 language mode (set package-wide below) already implies complete strict-concurrency
// checking; it is spelled out so that it stays on even if the language mode is ever lowered
// (same spelling as the root package). One list, applied to every benchmark target.
let strictSettings: [SwiftSetting] = [
  .enableExperimentalFeature("StrictConcurrency=complete")
]

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15), .iOS(.v18)],
  dependencies: [
    .package(
      url: "https://github.com/ordo-one/benchmark",
      from: "1.38.1",
      traits: ["MallocInterposer"]
    ),
    // `name:` is required: without it SwiftPM names a path dependency after its directory
    // (the checkout's folder name), not after the manifest's `name`, so
    // `package: "MultiStore"` would not resolve.
    .package(name: "MultiStore", path: ".."),
  ],
  targets: [
    // BENCHMARK_SHORT=1: each benchmark runs a few iterations (what CI does, so that their
    // preconditions execute); every benchmark target calls it first.
    .target(
      name: "ShortMode",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark")
      ],
      path: "Benchmarks/ShortMode",
      swiftSettings: strictSettings
    ),
    .executableTarget(
      name: "IsolationCosts",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        "ShortMode",
      ],
      path: "Benchmarks/IsolationCosts",
      swiftSettings: strictSettings,
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // The trivial reducer and the sinks of the StoreKernel benchmarks, compiled without
    // cross-module optimization: the benchmarks see their declarations only, so a loop cannot
    // inline the reducer and fold its iterations into one, nor see that a sink does nothing.
    // (`unsafeFlags` is fine here: nothing depends on this package.)
    .target(
      name: "KernelFixtures",
      dependencies: [
        .product(name: "StoreKernel", package: "MultiStore")
      ],
      path: "Benchmarks/KernelFixtures",
      swiftSettings: strictSettings + [.unsafeFlags(["-Xllvm", "-sil-disable-pass=cmo"])]
    ),
    .executableTarget(
      name: "StoreKernelBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        "ShortMode",
        .product(name: "StoreKernel", package: "MultiStore"),
        "KernelFixtures",
      ],
      path: "Benchmarks/StoreKernelBenchmarks",
      swiftSettings: strictSettings,
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    .executableTarget(
      name: "FeatureBridgeBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        "ShortMode",
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "FeatureBridge", package: "MultiStore"),
      ],
      path: "Benchmarks/FeatureBridgeBenchmarks",
      swiftSettings: strictSettings,
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // The keystroke loops of FeatureBridgeBenchmarks, bare, for counting instructions with
    // callgrind (no benchmark harness: see its main.swift). Under Tools/, not Benchmarks/: the
    // benchmark plugin runs every executable target in Benchmarks/ as a benchmark.
    .executableTarget(
      name: "KeystrokeInstructions",
      dependencies: [
        .product(name: "StoreKernel", package: "MultiStore"),
        "KernelFixtures",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
        .product(name: "NotesTerminalView", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ],
      path: "Tools/KeystrokeInstructions",
      swiftSettings: strictSettings
    ),
    // Shared values: reads, writes and a persisted burst.
    .executableTarget(
      name: "SharedBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "StoreKernel", package: "MultiStore"),
        .product(name: "SharedFileStorage", package: "MultiStore"),
        "ShortMode",
      ],
      path: "Benchmarks/SharedBenchmarks",
      swiftSettings: strictSettings,
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
    // The notes editor at real sizes, through the feature's public API and its terminal view.
    .executableTarget(
      name: "NotesBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        "ShortMode",
        .product(name: "FeatureBridge", package: "MultiStore"),
        .product(name: "NotesFeature", package: "MultiStore"),
        .product(name: "NotesTerminalView", package: "MultiStore"),
        .product(name: "TerminalUI", package: "MultiStore"),
      ],
      path: "Benchmarks/NotesBenchmarks",
      swiftSettings: strictSettings,
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]
    ),
  ],
  swiftLanguageModes: [.v6]
)
