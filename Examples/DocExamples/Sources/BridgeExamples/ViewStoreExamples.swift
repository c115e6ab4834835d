import FeatureBridge
import Observation

// ViewStore's example: a renderer reads what it shows inside Observation tracking.

/// The tally's caption; `scheduleRedraw` runs once when what it read changes.
func caption(
  of viewStore: ViewStore<TallyState, TallyAction.ViewAction>,
  scheduleRedraw: @escaping @Sendable () -> Void
) -> String {
  let text = withObservationTracking {
    "\(viewStore.count) \(viewStore.isFavorite ? "★" : "")"
  } onChange: {
    scheduleRedraw()
  }
  return text
}
