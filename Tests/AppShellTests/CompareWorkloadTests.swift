import Testing

@testable import AppShell

/// The comparison's event counts are deterministic (no clocks, no scheduling in the count), so
/// they are asserted exactly. The keys are typed into an open note, whose editor is a feature
/// the notes list presents. Per keystroke, multi-store does 1 action, 1 reducer run, and one
/// derivation and one notification for the view's observer, all in the editor's store (the
/// list's store does not wake). Single-store forwards the action from the editor's scoped store
/// to the root (2 actions) and runs the root reducer once; tracked, only the editor's scope is
/// derived again (from the root, then by its view store) plus the view's read of the editor's
/// mode for key mapping, a derivation of its scope; untracked, every scoped view's state and
/// projection is derived again (2 × (3 features + the editor + N extras)) plus that read.
@Suite("compare workload")
struct CompareWorkloadTests {
  @ShellActor
  @Test func eventCountsForThreeExtraFeaturesAreExact() async {
    let multi = await CompareWorkload.measure(.multiStore, extraFeatures: 3, repetitions: 1)
    let single = await CompareWorkload.measure(.singleStore, extraFeatures: 3, repetitions: 1)
    let untracked = await CompareWorkload.measure(
      .singleStoreUntracked, extraFeatures: 3, repetitions: 1)

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
          actions: 610, reducerRuns: 305, stateDerivations: 305 * 3, notifications: 305,
          effects: 0, total: 2135))
    #expect(
      untracked.events
        == .init(
          actions: 610, reducerRuns: 305, stateDerivations: 305 * 15, notifications: 305,
          effects: 0, total: 5795))
    #expect(multi.finalScreen == single.finalScreen)
    #expect(multi.finalScreen == untracked.finalScreen)
    #expect(multi.finalScreen.joined().contains(CompareWorkload.line))
  }

  @ShellActor
  @Test func onlyTheUntrackedSingleStoreCostsMorePerKeystrokeAsTheAppGrows() async {
    for architecture in [Architecture.multiStore, .singleStore] {
      let small = await CompareWorkload.measure(architecture, extraFeatures: 1, repetitions: 1)
      let large = await CompareWorkload.measure(architecture, extraFeatures: 50, repetitions: 1)
      #expect(small.events == large.events, "\(architecture)")
    }
    let small = await CompareWorkload.measure(
      .singleStoreUntracked, extraFeatures: 1, repetitions: 1)
    let large = await CompareWorkload.measure(
      .singleStoreUntracked, extraFeatures: 50, repetitions: 1)
    #expect(large.events.stateDerivations - small.events.stateDerivations == 305 * 2 * 49)
  }
}
