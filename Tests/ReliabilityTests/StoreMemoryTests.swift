import Foundation
import StoreKernel
import Testing

/// A store that runs for a long time keeps its memory bounded: a million actions, with an
/// effect every hundred, leave its effect bookkeeping and the process's resident memory where
/// they were.
@ReliabilityActor
@Suite struct StoreMemoryTests {
  struct Tally: Equatable {
    var ticks = 0
    var effectsFinished = 0
    var lastPayloadSize = 0
  }

  enum Action: Sendable {
    /// Carries a payload, so that a store keeping its actions would cost ~300 MB per million.
    case tick(payload: [UInt8])
    case effectFinished
  }

  struct Logic: Reducer {
    func reduce(into state: inout Tally, action: Action) -> Effect<Action> {
      switch action {
      case .tick(let payload):
        state.ticks += 1
        state.lastPayloadSize = payload.count
        guard state.ticks.isMultiple(of: 100) else { return .none }
        return .run { send in await send(.effectFinished) }
      case .effectFinished:
        state.effectsFinished += 1
        return .none
      }
    }
  }

  /// Whether this process runs under AddressSanitizer (its runtime defines `__asan_init`).
  static let isAddressSanitized =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

  /// Whether this process runs under ThreadSanitizer (its runtime defines `__tsan_init`).
  static let isThreadSanitized =
    dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil

  /// The process's resident memory in bytes (`/proc/self/statm`, field 2, times the page size).
  func residentBytes() -> Int? {
    guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return nil
    }
    let fields = statm.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  @Test func aMillionActionsWithEffectsKeepTheEffectTableAndMemoryBounded() async throws {
    // Alone in a process of its own, so that its resident memory is its own.
    if try await ranAlone(
      suite: "StoreMemoryTests",
      test: "aMillionActionsWithEffectsKeepTheEffectTableAndMemoryBounded")
    {
      return
    }
    let start = ResidentMemory.current
    let store = Store(initialState: Tally(), reducer: Logic(), name: "StoreMemoryTests")
    let payloadSize = 1_024
    var largestTable = 0
    var residentAfterWarmUp: Int?
    // 1,000 rounds of 1,000 actions; each round starts 10 effects and then awaits them, so at
    // most 10 are running when the table is read.
    for round in 0..<1_000 {
      for _ in 0..<1_000 {
        let payload = [UInt8](repeating: UInt8(truncatingIfNeeded: round), count: payloadSize)
        store.send(.tick(payload: payload))
      }
      largestTable = max(largestTable, try #require(store.effectTableCount))
      await store.finishEffects()
      if round == 99 { residentAfterWarmUp = residentBytes() }
    }

    #expect(store.state.ticks == 1_000_000)
    #expect(store.state.effectsFinished == 10_000)
    #expect(store.runningEffectCount == 0)
    // Finished entries are pruned when the table reaches max(32, 2 × the entries left after the
    // last prune); with at most 10 running, it never holds more than 32. Without pruning it
    // would hold all 10,000.
    #expect(largestTable <= 32, "the effect table grew to \(largestTable) entries")
    ResidentMemory.report(
      "aMillionActionsWithEffectsKeepTheEffectTableAndMemoryBounded", start: start,
      afterWarmUp: residentAfterWarmUp)

    // Alone, the process's resident memory is the test's: 64 MB over the last 900,000 actions
    // is a loose bound. A store that kept its actions would grow by more than 900,000 × 1 KB of
    // payload alone (920 MB); one that kept each effect's task would also show in the table
    // bound above. Under AddressSanitizer freed memory waits in a quarantine of up to 256 MB, so
    // resident memory says nothing there; its leak checker does that job instead.
    guard !Self.isAddressSanitized else { return }
    let before = try #require(residentAfterWarmUp)
    let after = try #require(residentBytes())
    #expect(after - before < 64 << 20, "resident memory grew by \((after - before) >> 20) MB")
  }

  /// Starts one effect per action; each tells the test it ran, and the store hears nothing
  /// back, so nothing but the effects' own ends could prune them.
  struct Starter: Reducer {
    let ran: AsyncStream<Void>.Continuation

    func reduce(into count: inout Int, action: Void) -> Effect<Void> {
      count += 1
      let ran = ran
      return .run { _ in ran.yield() }
    }
  }

  @Test func aMillionFinishedEffectsWithoutSettleKeepTheTableAndMemoryBounded() async throws {
    // Alone in a process of its own: its resident memory is then its own. (In the whole suite,
    // suites running beside it grew the process by 215 MB over the same time in one CI run.)
    if try await ranAlone(
      suite: "StoreMemoryTests",
      test: "aMillionFinishedEffectsWithoutSettleKeepTheTableAndMemoryBounded")
    {
      return
    }
    // Under a sanitizer each task costs ten times as much: a tenth of the effects, the same
    // bound.
    let total = Self.isAddressSanitized || Self.isThreadSanitized ? 100_000 : 1_000_000
    let start = ResidentMemory.current
    let batch = 1_000
    let (ran, signal) = AsyncStream<Void>.makeStream()
    let store = Store(initialState: 0, reducer: Starter(ran: signal), name: "NoSettle")
    var finished = ran.makeAsyncIterator()
    var largestTable = 0
    var residentAfterWarmUp: Int?
    // The host never settles or finishes the store's effects: it only hears, from each
    // effect, that it ran, before sending the next batch.
    for round in 0..<(total / batch) {
      for _ in 0..<batch { store.send(()) }
      largestTable = max(largestTable, try #require(store.effectTableCount))
      for _ in 0..<batch { _ = await finished.next() }
      if round == 99 { residentAfterWarmUp = residentBytes() }
    }
    #expect(store.state == total)
    // Each batch's effects have run (an effect marks itself finished just after its body);
    // the table is pruned on insert, so it holds about a batch and a half, never the million.
    #expect(largestTable <= 4 * batch, "the effect table grew to \(largestTable) entries")
    ResidentMemory.report(
      "aMillionFinishedEffectsWithoutSettleKeepTheTableAndMemoryBounded", start: start,
      afterWarmUp: residentAfterWarmUp)
    guard !Self.isAddressSanitized else { return }
    let before = try #require(residentAfterWarmUp)
    let after = try #require(residentBytes())
    // A table that kept each finished effect's task and completion would grow by hundreds of
    // MB over 900,000 effects; alone, a bounded table leaves the process where it was.
    #expect(after - before < 64 << 20, "resident memory grew by \((after - before) >> 20) MB")
  }
}
