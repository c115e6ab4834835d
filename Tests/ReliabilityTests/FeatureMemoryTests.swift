import FeatureBridge
import Foundation
import StoreKernel
import Testing

/// A feature each of whose inputs starts a short effect that tells the test it ran.
private enum QuickWork {
  enum Action: BoundaryAction {
    case input(Int)
    case view(Never)

    var output: Never? { nil }
  }

  struct Logic: Reducer {
    let ran: AsyncStream<Void>.Continuation

    func reduce(into count: inout Int, action: Action) -> Effect<Action> {
      guard case .input = action else { return .none }
      count += 1
      let ran = ran
      return .run { _ in ran.yield() }
    }
  }
}

/// A feature that runs for a long time keeps its memory bounded through its boundary: the
/// work its inputs started is dropped as it ends, whether or not its host ever settles.
@ReliabilityActor
@Suite struct FeatureMemoryTests {
  /// A million inputs sent through a feature's boundary, each starting an effect that
  /// finishes; the host never settles until the end. What the boundary keeps for `settle`
  /// stays about a batch of inputs, and resident memory where it was after the first 100,000.
  /// (The boundary kept every input's work until a `settle()`: 2.4 GB over a million inputs in
  /// a host's run.)
  @Test func aMillionInputsWhoseEffectsFinishWithoutSettleKeepTheBoundaryAndMemoryBounded()
    async throws
  {
    let test = "aMillionInputsWhoseEffectsFinishWithoutSettleKeepTheBoundaryAndMemoryBounded"
    // Alone in a process of its own, so that its resident memory is its own.
    if try await ranAlone(suite: "FeatureMemoryTests", test: test) { return }
    let start = ResidentMemory.current
    // Under a sanitizer each task costs ten times as much: a tenth of the inputs.
    let sanitized = StoreMemoryTests.isAddressSanitized || StoreMemoryTests.isThreadSanitized
    let total = sanitized ? 100_000 : 1_000_000
    let batch = 1_000
    let (ran, signal) = AsyncStream<Void>.makeStream()
    let feature: FeatureHandle<Int, Never> = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "NoSettle", initialState: 0, reducer: QuickWork.Logic(ran: signal))
    }.start()
    var finished = ran.makeAsyncIterator()
    var accepted = 0
    var largestWork = 0
    var residentAfterWarmUp: Int?
    // Each input is sent through the boundary and handled at once; the host hears from each
    // effect that it ran before it sends the next batch, and never settles.
    for round in 0..<(total / batch) {
      for value in 0..<batch {
        if await feature.send(round * batch + value) { accepted += 1 }
      }
      largestWork = max(largestWork, feature.bookkeeping.inputWork)
      for _ in 0..<batch { _ = await finished.next() }
      if round == 99 { residentAfterWarmUp = ResidentMemory.current }
    }
    let view = feature.viewStore(state: Int.self, viewAction: Never.self)
    #expect(accepted == total)
    #expect(view.peek(\.self) == total)
    // The work kept for `settle` is pruned as it grows past twice what is still running:
    // about a batch, never the million inputs' work.
    #expect(largestWork <= 4 * batch, "the boundary kept the work of \(largestWork) inputs")
    let end = ResidentMemory.current
    ResidentMemory.report(test, start: start, afterWarmUp: residentAfterWarmUp)
    await feature.settle()
    #expect(feature.bookkeeping.inputWork == 0)
    await feature.stop()
    // Under AddressSanitizer freed memory waits in a quarantine of up to 256 MB, so resident
    // memory says nothing there; its leak checker does that job instead.
    guard !StoreMemoryTests.isAddressSanitized else { return }
    let before = try #require(residentAfterWarmUp)
    let after = try #require(end)
    #expect(after - before < 64 << 20, "resident memory grew by \((after - before) >> 20) MB")
  }
}
