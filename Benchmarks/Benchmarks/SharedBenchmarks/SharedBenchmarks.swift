// Shared values: a read and a write through a `Shared`, and a burst of changes to a value kept
// in a file (`.fileStorage`), counted in the process's write system calls and bytes.
//
// Run (from Benchmarks/):
//     swift package --disable-sandbox benchmark --target SharedBenchmarks
//
// Used by docs/performance.md.

import Benchmark
import SharedFileStorage
import ShortMode
import StoreKernel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let benchmarks: @Sendable () -> Void = {
  ShortMode.applyToDefaults()
  let fast = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds,
    scalingFactor: .mega, maxDuration: .seconds(2))

  Benchmark("Shared: read (wrappedValue)", configuration: fast) { benchmark in
    let shared = Shared(value: 42)
    var sum = 0
    for _ in benchmark.scaledIterations { sum &+= shared.wrappedValue }
    precondition(sum == 42 * benchmark.scaledIterations.count)
    blackHole(sum)
  }

  Benchmark("Shared: write (withLock), no subscriber", configuration: fast) { benchmark in
    let shared = Shared(value: 0)
    for _ in benchmark.scaledIterations { shared.withLock { $0 &+= 1 } }
    precondition(shared.wrappedValue == benchmark.scaledIterations.count)
  }

  // One iteration is 1,000 changes in a row and then save(): what reaches the disk.
  let burst = Benchmark.Configuration(
    metrics: [.wallClock, .writeSyscalls, .writeBytesLogical], timeUnits: .milliseconds,
    maxDuration: .seconds(5), maxIterations: ShortMode.isOn ? ShortMode.shortIterations : 50)

  Benchmark("Shared: persisted burst of 1,000 changes, then save()", configuration: burst) {
    benchmark in
    var template = Array("/tmp/shared-benchmark-XXXXXX".utf8CString)
    let directory = template.withUnsafeMutableBufferPointer {
      String(cString: mkdtemp($0.baseAddress!))
    }
    defer {
      for name in ["favorites.json", "favorites.json.lock"] { unlink(directory + "/" + name) }
      rmdir(directory)
    }
    let shared = Shared(
      wrappedValue: [Int](), .fileStorage(directory + "/favorites.json"))
    await shared.loaded()
    benchmark.startMeasurement()
    for value in 0..<1_000 { shared.withLock { $0.append(value) } }
    await shared.save()
    benchmark.stopMeasurement()
    precondition(shared.saveError == nil && shared.wrappedValue.count == 1_000)
  }
}
