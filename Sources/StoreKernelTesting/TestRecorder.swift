internal import StoreKernel

/// What a test store saw: the state after the action the test sent, and every action effects
/// sent back with the state each one produced.
final class TestRecorder<State, Action: Sendable> {
  var received: [(action: Action, state: State)] = []
  var expectingTestAction = false
  var stateAfterTestAction: State?
  var lastAsserted: State

  init(initialState: State) {
    self.lastAsserted = initialState
  }

  func stateBefore(_ index: Int) -> State {
    index == 0 ? lastAsserted : received[index - 1].state
  }

  func describeReceived() -> String {
    received.map { "\($0.action)" }.joined(separator: ", ")
  }
}

/// Wraps the feature's reducer to record which actions came from effects.
struct RecordingReducer<Base: Reducer>: Reducer {
  let base: Base
  let recorder: TestRecorder<Base.State, Base.Action>

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let fromTest = recorder.expectingTestAction
    recorder.expectingTestAction = false
    let effect = base.reduce(into: &state, action: action)
    if fromTest {
      recorder.stateAfterTestAction = state
    } else {
      recorder.received.append((action, state))
    }
    return effect
  }
}
