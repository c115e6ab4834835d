import FeatureBridge
import FeatureBridgeTesting
import StoreKernel
import Testing

/// A budget passes work that stays within it and fails, naming stores and counts, work that
/// does not.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct EventBudgetTests {
  @Test func workWithinTheBudgetPassesAndReportsWhatItCost() async {
    let registry = StoreRegistry()
    let tally = TallyFeature.start(name: "Budgeted", registry: registry)

    let usage = await EventBudget("Budgeted", eventsPerInput: 2).check(in: registry, inputs: 3) {
      for _ in 0..<3 { await tally.send(.add(1)) }
    }

    // Each `.add`: one action, one reducer run.
    #expect(usage.events.total == 6)
    #expect(usage.others.isEmpty)
    await tally.stop()
  }

  @Test func moreEventsPerInputThanBudgetedFailsNamingTheCounts() async {
    let registry = StoreRegistry()
    let tally = TallyFeature.start(name: "Budgeted", registry: registry)

    await withKnownIssue {
      // A ping costs more: its answer is a second action.
      await EventBudget("Budgeted", eventsPerInput: 2).check(in: registry, inputs: 1) {
        await tally.send(.ping)
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("Budgeted counted 4 events for 1 input(s)") }
    }
    await tally.stop()
  }

  @Test func anotherStoreWakingFailsUnlessAllowed() async {
    let registry = StoreRegistry()
    let tally = TallyFeature.start(name: "Budgeted", registry: registry)
    let neighbour = TallyFeature.start(name: "Neighbour", registry: registry)

    await withKnownIssue {
      await EventBudget("Budgeted", eventsPerInput: 2).check(in: registry, inputs: 1) {
        await tally.send(.add(1))
        await neighbour.send(.add(1))
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("other stores woke: Neighbour") }
    }
    let allowed = EventBudget("Budgeted", eventsPerInput: 2, otherStoresMayWake: true)
    let usage = await allowed.check(in: registry, inputs: 1) {
      await tally.send(.add(1))
      await neighbour.send(.add(1))
    }
    #expect(usage.others.map(\.name) == ["Neighbour"])
    await tally.stop()
    await neighbour.stop()
  }
}
