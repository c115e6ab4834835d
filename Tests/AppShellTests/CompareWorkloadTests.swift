import Testing

@testable import AppShell

/// The comparison's event counts are deterministic (no clocks, no scheduling in the count), so
/// they are asserted exactly. Per keystroke, multi-store does 1 action, 1 reducer run, and one
/// derivation and one notification for the notes view's observer; single-store forwards the
/// action from the scoped notes store to the root (2 actions), runs the root reducer once, and
/// re-derives every scoped view's state and projection (2 × (3 features + N extras)) plus the
/// notes view's state read for key mapping.
@Suite("compare workload")
struct CompareWorkloadTests {
  @ShellActor
  @Test func eventCountsForThreeExtraFeaturesAreExact() async {
    let multi = await CompareWorkload.measure(.multiStore, extraFeatures: 3, repetitions: 1)
    let single = await CompareWorkload.measure(.singleStore, extraFeatures: 3, repetitions: 1)

    #expect(multi.keystrokes == 305)
    #expect(single.keystrokes == 305)
    #expect(
      multi.events
        == .init(
          actions: 305, reducerRuns: 305, stateDerivations: 305, notifications: 305, effects: 0,
          total: 1220))
    #expect(
      single.events
        == .init(
          actions: 610, reducerRuns: 305, stateDerivations: 305 * 13, notifications: 305,
          effects: 0, total: 5185))
    #expect(multi.finalScreen == single.finalScreen)
    #expect(multi.finalScreen.joined().contains(CompareWorkload.line))
  }

  @ShellActor
  @Test func multiStoreCostPerKeystrokeDoesNotGrowWithTheApp() async {
    let small = await CompareWorkload.measure(.multiStore, extraFeatures: 1, repetitions: 1)
    let large = await CompareWorkload.measure(.multiStore, extraFeatures: 50, repetitions: 1)
    #expect(small.events == large.events)
    let singleSmall = await CompareWorkload.measure(.singleStore, extraFeatures: 1, repetitions: 1)
    let singleLarge = await CompareWorkload.measure(.singleStore, extraFeatures: 50, repetitions: 1)
    #expect(
      singleLarge.events.stateDerivations - singleSmall.events.stateDerivations == 305 * 2 * 49)
  }
}
