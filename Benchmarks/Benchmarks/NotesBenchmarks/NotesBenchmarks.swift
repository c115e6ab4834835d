// The notes editor at real sizes (docs/performance.md, "Notes at real sizes"): one key and the
// frame after it in notes of 1 KB, 1 MB and 10 MB; one key of a search through 10,000 notes; a
// 50 KB paste into a search of 5,000 notes; resident memory after 10,000 edits of a 1 MB note.
//
// Each key benchmark reports the cost of ONE key and its frame (the notes view rendered at
// 100×30), in a release build, on the host actor the app would use. The memory benchmark
// reports kilobytes, one sample per run.
//
// Run (from Benchmarks/):
//     swift package --disable-sandbox benchmark --target NotesBenchmarks

import Benchmark
import ShortMode

let benchmarks: @Sendable () -> Void = {
  ShortMode.applyToDefaults()
  let keys = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one,
    maxDuration: .seconds(5), maxIterations: ShortMode.iterations(2_000))

  let host = NotesHost()

  for (name, bytes) in [("1 KB", 1 << 10), ("1 MB", 1 << 20), ("10 MB", 10 << 20)] {
    Benchmark("Notes: key + frame, \(name) note (per key)", configuration: keys) { benchmark in
      await host.keystrokeAndFrame(UncheckedBox(value: benchmark), noteBytes: bytes)
    }
  }

  Benchmark(
    "Notes: search key checking every note + frame, 10,000 notes (per key)",
    configuration: keys
  ) { benchmark in
    await host.searchKeyCheckingEveryNote(UncheckedBox(value: benchmark), notes: 10_000)
  }

  Benchmark("Notes: typing a search + frame, 10,000 notes (per key)", configuration: keys) {
    benchmark in
    await host.searchTyping(UncheckedBox(value: benchmark), notes: 10_000)
  }

  let pastes = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, scalingFactor: .one,
    maxDuration: .seconds(5), maxIterations: ShortMode.iterations(200))
  Benchmark(
    "Notes: a 50 KB paste into a search of 5,000 notes narrowed to é + frame (per paste)",
    configuration: pastes
  ) { benchmark in
    await host.pasteIntoSearch(UncheckedBox(value: benchmark), notes: 5_000)
  }

  let memory = Benchmark.Configuration(
    metrics: [
      .custom("RSS growth over the edits (KB)", useScalingFactor: false),
      .custom("RSS after the edits less the note's size (KB)", useScalingFactor: false),
    ], maxDuration: .seconds(60), maxIterations: 3)
  Benchmark("Notes: memory after 10,000 edits of a 1 MB note", configuration: memory) {
    benchmark in
    await host.editMemory(UncheckedBox(value: benchmark))
  }
}
