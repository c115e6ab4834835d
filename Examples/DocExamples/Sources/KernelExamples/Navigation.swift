import StoreKernel

// The examples in the doc comments of forEach, ifLet and ifCaseLet: a list of rows, a screen
// with an optional editor, and an app whose destination is one of several.

/// A row of a list.
struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    var id: Int
    var title = ""
  }
  enum Action: Sendable { case rename(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .rename(let title): state.title = title
    }
    return .none
  }
}

/// A list of rows; each row's actions carry its id.
struct List: Reducer {
  struct State: Equatable, Sendable { var rows: [Row.State] = [] }
  enum Action: Sendable {
    case row(id: Int, action: Row.Action)
    static let rowPath = ActionPath<Action, (id: Int, action: Row.Action)>(
      embed: { Action.row(id: $0.id, action: $0.action) },
      extract: { if case .row(let id, let action) = $0 { (id, action) } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> { .none }
}

func listReducer() -> some Reducer<List.State, List.Action> {
  List().forEach(\.rows, action: List.Action.rowPath) { Row() }
}

/// A text editor, shown on a screen or as an app's destination.
struct Editor: Reducer {
  struct State: Equatable, Sendable { var text = "" }
  enum Action: Sendable { case textChanged(String) }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .textChanged(let text): state.text = text
    }
    return .none
  }
}

/// A screen with an editor that may be open.
struct Screen: Reducer {
  struct State: Equatable, Sendable { var editor: Editor.State? }
  enum Action: Sendable {
    case editor(Editor.Action)
    case closeTapped
    static let editorPath = ActionPath<Action, Editor.Action>(
      embed: Action.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .closeTapped = action { state.editor = nil }
    return .none
  }
}

func screenReducer() -> some Reducer<Screen.State, Screen.Action> {
  Screen().ifLet(\.editor, action: Screen.Action.editorPath) { Editor() }
}

/// Where an app is: nowhere yet, or in the editor.
enum Destination: Equatable, Sendable {
  case home
  case editor(Editor.State)
  static let editorPath = CasePath<Destination, Editor.State>(
    embed: Destination.editor, extract: { if case .editor(let state) = $0 { state } else { nil } })
}

/// An app that navigates to one destination at a time.
struct App: Reducer {
  struct State: Equatable, Sendable { var destination = Destination.home }
  enum Action: Sendable {
    case editor(Editor.Action)
    case homeTapped
    static let editorPath = ActionPath<Action, Editor.Action>(
      embed: Action.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .homeTapped = action { state.destination = .home }
    return .none
  }
}

func appWithDestinations() -> some Reducer<App.State, App.Action> {
  App().ifCaseLet(
    \.destination, state: Destination.editorPath,
    action: App.Action.editorPath
  ) { Editor() }
}
