import MultiStorePrimitives
import StoreKernel

/// Records every action the test feature's reducer runs, for `TallyFeature.start(onReduce:)`.
///
/// `Sendable`: the actions are behind a lock.
final class ActionLog: Sendable {
  private let actions = LockedValue<[TallyAction]>([])

  /// Every action so far, in order.
  var all: [TallyAction] { actions.withLock { $0 } }

  /// Records one action.
  @Sendable func record(_ action: TallyAction) {
    actions.withLock { $0.append(action) }
  }
}
