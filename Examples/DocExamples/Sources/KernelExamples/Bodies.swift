import StoreKernel

// The examples in the doc comments of Reducer (a body), ReducerBuilder and EmptyReducer.

/// A counter written as TCA users write one: a body, no `reduce`.
struct Stepper: Reducer {
  struct State: Equatable { var count = 0 }
  enum Action: Equatable, Sendable { case increment, decrement }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      return .none
    }
  }
}

/// Prints every action it sees, of any domain.
struct Logging<State, Action: Sendable>: Reducer {
  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    print("received \(action)")
    return .none
  }
}

/// A notebook with a title field and an editor it may present; it logs when asked to.
struct Notebook: Reducer {
  struct State: Equatable {
    var title = ""
    @PresentationState var editor: Editor.State?
  }

  enum Action: BindableAction, Sendable {
    case binding(BindingAction<State>)
    case editor(PresentationAction<Editor.Action>)

    static let editorPath = ActionPath<Action, PresentationAction<Editor.Action>>(
      embed: Action.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
  }

  var isLogging = false

  var body: some ReducerOf<Self> {
    BindingReducer()
    if isLogging {
      Logging()
    }
    Reduce { state, action in
      .none
    }
    .ifLet(\.$editor, action: Action.editorPath) { Editor() }
  }
}

/// A feature with no logic yet.
struct Placeholder: Reducer {
  typealias State = Int
  typealias Action = CounterAction

  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}
