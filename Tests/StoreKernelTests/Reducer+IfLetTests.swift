import StoreKernel
import Testing

private struct Editor: Reducer {
  struct State: Equatable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case type(String)
    case typeLater(String)
    case close
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .type(let text):
      state.text += text
      return .none
    case .typeLater(let text):
      return .run { send in await send(.type(text)) }
    case .close:
      state.text += " (closing)"
      return .none
    }
  }
}

private struct Screen: Reducer {
  struct State: Equatable {
    var editor: Editor.State?
    var closedWith: String?
  }

  enum Action: Equatable, Sendable {
    case editor(Editor.Action)
    case open

    static let editorPath = ActionPath<Action, Editor.Action>(
      embed: Action.editor,
      extract: { if case .editor(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .open:
      state.editor = Editor.State()
    case .editor(.close):
      // Runs after the child: it sees the child's last change before dropping it.
      state.closedWith = state.editor?.text
      state.editor = nil
    case .editor:
      break
    }
    return .none
  }
}

@Suite struct ReducerIfLetTests {
  @Test func childRunsWhenItsStateIsPresent() {
    let reducer = Screen().ifLet(\.editor, action: Screen.Action.editorPath) { Editor() }
    var state = Screen.State(editor: Editor.State())
    _ = reducer.reduce(into: &state, action: .editor(.type("hi")))
    #expect(state.editor?.text == "hi")
  }

  @Test func childRunsBeforeTheParent() {
    let reducer = Screen().ifLet(\.editor, action: Screen.Action.editorPath) { Editor() }
    var state = Screen.State(editor: Editor.State(text: "draft"))
    _ = reducer.reduce(into: &state, action: .editor(.close))
    #expect(state == Screen.State(editor: nil, closedWith: "draft (closing)"))
  }

  @Test func childActionsWhileTheStateIsNilAreIgnoredAndReported() {
    var missing: [Editor.Action] = []
    let reducer = Screen().ifLet(
      \.editor, action: Screen.Action.editorPath, onMissingState: { missing.append($0) }
    ) { Editor() }
    var state = Screen.State()

    let effect = reducer.reduce(into: &state, action: .editor(.type("lost")))

    #expect(state == Screen.State())
    #expect(effect.isNone)
    #expect(missing == [.type("lost")])
  }

  @Test func parentActionsStillRunTheParent() {
    var missing: [Editor.Action] = []
    let reducer = Screen().ifLet(
      \.editor, action: Screen.Action.editorPath, onMissingState: { missing.append($0) }
    ) { Editor() }
    var state = Screen.State()
    _ = reducer.reduce(into: &state, action: .open)
    #expect(state.editor == Editor.State())
    #expect(missing == [])
  }

  @MainActor
  @Test func childEffectsComeBackEmbedded() async {
    let store = Store(
      initialState: Screen.State(editor: Editor.State()),
      reducer: Screen().ifLet(\.editor, action: Screen.Action.editorPath) { Editor() })
    await store.send(.editor(.typeLater("async"))).finish()
    #expect(store.editor?.text == "async")
  }
}
