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

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .editTapped = action { state.editor = Editor.State() }
      return .none
    }
    .ifLet(\.$editor, action: Action.editor) { Editor() }
  }
}
