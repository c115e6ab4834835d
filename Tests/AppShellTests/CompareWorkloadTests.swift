import Testing

@testable import AppShell

/// The comparison's event counts are deterministic (no clocks, no scheduling in the count), so
/// they are asserted exactly. The keys are typed into an open note, whose editor is a feature
/// the notes list presents. Per keystroke, multi-store does 1 action, 1 reducer run, and one
/// derivation and one notification for the view's observer, all in the editor's store (the
/// list's store does not wake). Single-store sends the action from the editor's scoped store
/// through the list's to the root (3 actions) and runs the root reducer once; the editor's
/// scope is derived again, each derivation reading through the list's scope (7 derivations:
/// the view store's state, and the view's read of the editor's mode for key mapping).
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
          actions: 305 * 3, reducerRuns: 305, stateDerivations: 305 * 7, notifications: 305,
          effects: 0, total: 3660))
    #expect(multi.finalScreen == single.finalScreen)
    #expect(multi.finalScreen.joined().contains(CompareWorkload.line))
  }

  @ShellActor
  @Test func perKeystrokeEventsAsTheAppGrows() async {
    for architecture in [Architecture.multiStore, .singleStore] {
      let small = await CompareWorkload.measure(architecture, extraFeatures: 1, repetitions: 1)
      let large = await CompareWorkload.measure(architecture, extraFeatures: 50, repetitions: 1)
      #expect(small.events == large.events, "\(architecture)")
    }
  }
}
