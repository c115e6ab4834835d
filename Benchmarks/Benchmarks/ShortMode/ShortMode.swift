// `BENCHMARK_SHORT=1` in the environment: every benchmark of the target runs three iterations,
// without warm-up, so that CI executes each benchmark's body, and the preconditions in it (every
// input delivered, every output heard, each observer called once per change, …), in seconds.
// The figures of such a run mean nothing; docs/performance.md takes its figures from full runs.
//
//     BENCHMARK_SHORT=1 swift package --disable-sandbox benchmark --target StoreKernelBenchmarks

import Benchmark

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The short mode CI runs the benchmarks in.
///
/// A namespace: no values.
public enum ShortMode {
  /// Whether `BENCHMARK_SHORT` is set (to anything but `0`).
  public static let isOn: Bool = {
    guard let value = getenv("BENCHMARK_SHORT") else { return false }
    return String(cString: value) != "0"
  }()

  /// The most iterations a benchmark runs in short mode.
  public static let shortIterations = 3

  /// In short mode, shortens the defaults every `Benchmark.Configuration` made afterwards
  /// starts from (three iterations, no warm-up, no thresholds); call it first in a target's
  /// `benchmarks` closure.
  public static func applyToDefaults() {
    guard isOn else { return }
    Benchmark.defaultConfiguration.warmupIterations = 0
    Benchmark.defaultConfiguration.maxIterations = shortIterations
    Benchmark.defaultConfiguration.thresholds = nil
  }

  /// `full`, or three in short mode: for a configuration that sets its iterations itself.
  ///
  /// - Parameter full: The iterations of a full run.
  public static func iterations(_ full: Int) -> Int {
    isOn ? min(full, shortIterations) : full
  }
}
