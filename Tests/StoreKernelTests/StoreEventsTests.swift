import StoreKernel
import Testing

private func events(_ base: Int) -> StoreEvents {
  var events = StoreEvents()
  events.actionsReceived = base
  events.reducerRuns = base + 1
  events.stateDerivations = base + 2
  events.notifications = base + 3
  events.effectsStarted = base + 4
  events.effectsFinished = base + 5
  events.effectsCancelled = base + 6
  return events
}

@Suite struct StoreEventsTests {
  @Test func newEventsAreAllZero() {
    #expect(StoreEvents().total == 0)
  }

  @Test func totalSumsEveryCount() {
    #expect(events(1).total == 1 + 2 + 3 + 4 + 5 + 6 + 7)
  }

  @Test func addingAndSubtractingWorkCountByCount() {
    #expect(events(1).adding(events(10)) == events(11).adding(events(0)))
    #expect(events(11).subtracting(events(10)) == events(1).subtracting(events(0)))
    #expect(events(5).subtracting(events(5)) == StoreEvents())
    #expect(events(3).adding(events(4)).subtracting(events(4)) == events(3))
  }

  @Test func descriptionListsEveryCount() {
    #expect(
      events(1).description
        == "actions=1 reducers=2 derivations=3 notifications=4 effects=5/6/7 total=28")
  }
}
