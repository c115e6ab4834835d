internal import StoreKernel
internal import Testing

/// What a test store saw: the state after the action the test sent, every action effects sent
/// back with the state each one produced, and where each sent action came from.
final class TestRecorder<State, Action: Sendable> {
  /// Each received action, the state it left, the store's stack ids as they were before it (an
  /// assertion that appends to a `StackState` hands out the ids the reducer did), and its step
  /// in the shared change tracker (its shared changes are asserted where it is received).
  var received: [(action: Action, state: State, stackIDs: StackElementIDGenerator, step: Int)] =
    []
  var expectingTestAction = false
  var stateAfterTestAction: State?
  /// The store's stack ids as they were before the test's action.
  var stackIDsBeforeTestAction: StackElementIDGenerator?
  /// The test's action's step in the shared change tracker.
  var testActionStep = 0
  /// Tells apart the shared changes of each step.
  let tracker: SharedChangeTracker
  var lastAsserted: State
  /// The test's sends, with where they were made: an effect still running at the end is
  /// reported at the send that started it.
  var sends: [(task: StoreTask, action: String, location: SourceLocation)] = []
  private var waiters: [CheckedContinuation<Void, Never>] = []

  init(initialState: State, tracker: SharedChangeTracker) {
    self.lastAsserted = initialState
    self.tracker = tracker
  }

  func stateBefore(_ index: Int) -> State {
    index == 0 ? lastAsserted : received[index - 1].state
  }

  func describeReceived() -> String {
    received.map { "\($0.action)" }.joined(separator: ", ")
  }

  /// Records an action an effect sent and wakes whoever waits for one.
  func receive(_ action: Action, state: State, stackIDs: StackElementIDGenerator, step: Int) {
    received.append((action, state, stackIDs, step))
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume() }
  }

  /// Suspends until the next action is received, or until `wake()`.
  nonisolated(nonsending) func nextAction() async {
    await withCheckedContinuation { waiters.append($0) }
  }

  /// Resumes everyone waiting in ``nextAction()`` (the wait timed out).
  func wake() {
    let waiting = waiters
    waiters = []
    for waiter in waiting { waiter.resume() }
  }
}

/// Wraps the feature's reducer to record which actions came from effects.
struct RecordingReducer<Base: Reducer>: Reducer {
  let base: Base
  let recorder: TestRecorder<Base.State, Base.Action>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let fromTest = recorder.expectingTestAction
    recorder.expectingTestAction = false
    let stackIDs = DependencyValues.current.stackElementID.copy()
    let step = recorder.tracker.beginStep()
    let effect = base.reduce(into: &state, action: action)
    recorder.tracker.endStep()
    if fromTest {
      recorder.stateAfterTestAction = state
      recorder.stackIDsBeforeTestAction = stackIDs
      recorder.testActionStep = step
    } else if !carriesComposedFeatureAction(action) {
      // A composed feature's own action: the feature's business, as in a store of its own.
      recorder.receive(action, state: state, stackIDs: stackIDs, step: step)
    }
    return effect
  }

  /// The feature's start, as the test store is created: what the state becomes is its
  /// initial state, and what its effects send the test receives.
  func reduceStoreStart(into state: inout Base.State) -> Effect<Base.Action> {
    let effect = base.reduceStoreStart(into: &state)
    recorder.lastAsserted = state
    return effect
  }
}
