import FeatureBridge
import StoreKernel
import Testing

@Suite struct BoundaryMetricsTests {
  private func events(actions: Int, reducerRuns: Int, notifications: Int) -> StoreEvents {
    var events = StoreEvents()
    events.actionsReceived = actions
    events.reducerRuns = reducerRuns
    events.notifications = notifications
    return events
  }

  @Test func eventsPerInputDividesEveryStoreEventByTheInputsDelivered() {
    let storeEvents = events(actions: 6, reducerRuns: 6, notifications: 3)

    let metrics = BoundaryMetrics(inputsDelivered: 4, outputsEmitted: 1, storeEvents: storeEvents)

    #expect(storeEvents.total == 15)
    #expect(metrics.eventsPerInput == 3.75)
  }

  @Test func eventsPerInputIsZeroBeforeAnyInputArrived() {
    let storeEvents = events(actions: 5, reducerRuns: 5, notifications: 0)

    let metrics = BoundaryMetrics(inputsDelivered: 0, outputsEmitted: 0, storeEvents: storeEvents)

    #expect(metrics.eventsPerInput == 0)
  }

  @Test func metricsAreEqualOnlyWhenEveryCountIs() {
    let storeEvents = events(actions: 1, reducerRuns: 1, notifications: 0)
    let metrics = BoundaryMetrics(inputsDelivered: 1, outputsEmitted: 0, storeEvents: storeEvents)

    #expect(
      metrics == BoundaryMetrics(inputsDelivered: 1, outputsEmitted: 0, storeEvents: storeEvents))
    #expect(
      metrics != BoundaryMetrics(inputsDelivered: 1, outputsEmitted: 1, storeEvents: storeEvents))
    #expect(metrics != BoundaryMetrics(inputsDelivered: 1, outputsEmitted: 0, storeEvents: .init()))
  }
}
