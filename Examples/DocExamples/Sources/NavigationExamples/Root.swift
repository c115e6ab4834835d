import StoreKernel

// A navigation stack: StackState's, StackAction's and the stack forEach's doc comments, and the
// Navigation article.

/// The screens that can be pushed: a note's detail, or the editor.
struct Path: Reducer {
  enum State: Equatable, Sendable {
    case detail(Detail.State)
    case editor(Editor.State)
  }

  enum Action: Equatable, Sendable {
    case detail(Detail.Action)
    case editor(Editor.Action)
  }

  var body: some ReducerOf<Self> {
    Scope(state: State.detailPath, action: Action.detailPath) { detailReducer() }
    Scope(state: State.editorPath, action: Action.editorPath) { Editor() }
  }
}

extension Path.State {
  static let detailPath = CasePath<Self, Detail.State>(
    embed: Self.detail, extract: { if case .detail(let state) = $0 { state } else { nil } })
  static let editorPath = CasePath<Self, Editor.State>(
    embed: Self.editor, extract: { if case .editor(let state) = $0 { state } else { nil } })
}

extension Path.Action {
  static let detailPath = ActionPath<Self, Detail.Action>(
    embed: Self.detail, extract: { if case .detail(let action) = $0 { action } else { nil } })
  static let editorPath = ActionPath<Self, Editor.Action>(
    embed: Self.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
}

/// The root of the stack: a list that pushes screens.
struct Root: Reducer {
  struct State: Equatable {
    var path = StackState<Path.State>()
  }

  enum Action: Sendable {
    case path(StackActionOf<Path>)
    case addTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addTapped:
        state.path.append(.detail(Detail.State(title: "New note")))
      case .path(.element(let id, .detail(.saveTapped))):
        state.path.pop(from: id)
      case .path:
        break
      }
      return .none
    }
    .forEach(\.path, action: Action.path) { Path() }
  }
}

func renameTheFirstScreen(_ state: inout Root.State) {
  state.path[id: 0, case: Path.State.detailPath]?.title = "Renamed"
}

/// StackState used as a value: what its doc comment shows.
func stackBasics() -> StackState<Detail.State> {
  var path = StackState<Detail.State>()
  path.append(Detail.State(title: "First"))  // id 0 in a new store
  path[id: 0]?.title = "Renamed"
  path.pop(from: 0)  // removes it and everything after it
  return path
}
