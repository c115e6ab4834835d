import StoreKernel
import Testing

/// A store reference that a `@Sendable` dependency closure can reach on the main actor, so a test
/// can send into a store while that store's reducer is running.
@MainActor
final class StoreHolder<State, Action: Sendable> {
  /// Weak, so a store whose dependencies capture the holder is still released.
  weak var store: Store<State, Action>?
  /// The handles returned by the sends made through the holder.
  var tasks: [StoreTask] = []

  /// Sends `action` to the held store and keeps the handle it returns.
  func send(_ action: Action) {
    guard let store else {
      Issue.record("The holder's store was released")
      return
    }
    tasks.append(store.send(action))
  }
}
