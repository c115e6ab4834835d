/// A store's ``ActionSink``: a weak reference to its runtime and its actor.
struct RuntimeSink<State, Action: Sendable>: ActionSink {
  let reference: RuntimeReference<State, Action>
  weak let isolation: (any Actor)?

  init(reference: RuntimeReference<State, Action>, isolation: (any Actor)?) {
    self.reference = reference
    self.isolation = isolation
  }

  func sendOnActor(_ action: Action) -> StoreTask {
    // The caller is on the store's actor (see `ActionSink`), where the runtime is confined.
    reference.runtime?.send(action) ?? StoreTask()
  }

  func send(_ action: Action) async {
    guard let isolation else { return }
    await onIsolation(isolation) { _ = reference.runtime?.send(action) }
  }
}
