import StoreKernel
import StoreKernelTesting
import Testing

private struct Row: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case incrementLater
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementLater:
      return .run { send in await send(.increment) }
    }
  }
}

private struct List: Reducer {
  struct State: Equatable {
    var rows: [Row.State] = []
    var total = 0
    var parentRuns = 0
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: Row.Action)

    static let rowPath = ActionPath<Action, (id: Int, action: Row.Action)>(
      embed: { Action.row(id: $0.id, action: $0.action) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.parentRuns += 1
    // Runs after the element: the total already includes the element's change.
    state.total = state.rows.reduce(0) { $0 + $1.count }
    return .none
  }
}

@Suite struct ReducerForEachTests {
  private let reducer = List().forEach(\.rows, action: List.Action.rowPath) { Row() }

  @Test func actionRunsOnTheElementWithItsID() {
    var state = List.State(rows: [Row.State(id: 1), Row.State(id: 2)])
    _ = reducer.reduce(into: &state, action: .row(id: 2, action: .increment))
    #expect(state.rows == [Row.State(id: 1), Row.State(id: 2, count: 1)])
  }

  @Test func parentRunsAfterTheElementAndSeesItsChange() {
    var state = List.State(rows: [Row.State(id: 1)])
    _ = reducer.reduce(into: &state, action: .row(id: 1, action: .increment))
    #expect(state.total == 1)
    #expect(state.parentRuns == 1)
  }

  @Test func actionForAMissingIDIsDroppedAndReported() {
    TestIssues.install()
    var state = List.State(rows: [Row.State(id: 1)])
    withKnownIssue {
      let effect = reducer.reduce(into: &state, action: .row(id: 9, action: .incrementLater))
      #expect(effect.isNone)
    } matching: { issue in
      issue.message.contains("A forEach at ")
        && issue.message.contains("an element that is not in the collection (id 9)")
    }
    #expect(state.rows == [Row.State(id: 1)])
    #expect(state.parentRuns == 1)
  }

  @MainActor
  @Test func elementEffectsComeBackWithTheElementsID() async {
    let store = Store(
      initialState: List.State(rows: [Row.State(id: 1), Row.State(id: 2)]), reducer: reducer)
    await store.send(.row(id: 1, action: .incrementLater)).finish()
    #expect(store.rows == [Row.State(id: 1, count: 1), Row.State(id: 2)])
    #expect(store.total == 1)
  }
}
