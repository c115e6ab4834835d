import StoreKernel

// A presented feature and the parent that presents it: PresentationState's, PresentationAction's,
// DismissEffect's and ifLet's doc comments, and the Navigation article.

/// A text editor that can close itself.
struct Editor: Reducer {
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .textChanged(let text):
      state.text = text
      return .none
    case .closeTapped:
      return .run { _ in await dismiss() }
    }
  }
}

extension Editor {
  struct State: Equatable, Sendable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case textChanged(String)
    case closeTapped
  }
}

/// A screen that presents the editor as a sheet.
struct Sheet: Reducer {
  struct State: Equatable {
    @PresentationState var editor: Editor.State?
  }

  enum Action: Sendable {
    case editor(PresentationAction<Editor.Action>)
    case editTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .editTapped = action { state.editor = Editor.State() }
    return .none
  }
}

extension Sheet.Action {
  static let editorPath = ActionPath<Self, PresentationAction<Editor.Action>>(
    embed: Self.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
}

func sheetReducer() -> some Reducer<Sheet.State, Sheet.Action> {
  Sheet().ifLet(\.$editor, action: Sheet.Action.editorPath) { Editor() }
}
