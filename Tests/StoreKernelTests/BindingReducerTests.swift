import StoreKernel
import StoreKernelTesting
import Testing

private struct Profile: Reducer {
  struct State: Equatable {
    var name = ""
    var nameIsValid = false
    var notifications = false
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case saveTapped
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.name):
        // Runs after the binding reducer: the new name is already set.
        state.nameIsValid = !state.name.isEmpty
        return .none
      case .binding, .saveTapped:
        return .none
      }
    }
  }
}

/// A feature whose bindable actions are its view actions.
private struct Screen: Reducer {
  struct State: Equatable { var query = "" }

  enum Action: Equatable, Sendable {
    case view(View)
    enum View: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }
    static let viewPath = ActionPath<Action, View>(
      embed: Action.view, extract: { if case .view(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    BindingReducer(action: Action.viewPath).reduce(into: &state, action: action)
  }
}

@MainActor
@Suite struct BindingReducerTests {
  @Test func aBindingSetsTheFieldAndTheFeatureSeesIt() async {
    let store = TestStore(initialState: Profile.State(), reducer: Profile())
    await store.send(.binding(.set(\.name, "Blob"))) {
      $0.name = "Blob"
      $0.nameIsValid = true
    }
    await store.send(.set(\.notifications, true)) { $0.notifications = true }
    await store.send(.set(\.name, "")) {
      $0.name = ""
      $0.nameIsValid = false
    }
  }

  @Test func otherActionsPassThrough() async {
    let store = TestStore(initialState: Profile.State(), reducer: Profile())
    await store.send(.saveTapped)
  }

  @Test func bindableActionsNestedInViewActions() async {
    let store = TestStore(initialState: Screen.State(), reducer: Screen())
    await store.send(.view(.set(\.query, "milk"))) { $0.query = "milk" }
  }
}
