import StoreKernel
import StoreKernelTesting
import Testing

/// A screen that presents an editor, and an alert about it.
private struct Screen: Reducer {
  struct State: Equatable {
    @PresentationState var editor: Drafter.State?
    @PresentationState var alert: AlertState<AlertAction>?
    var log: [String] = []
  }

  enum AlertAction: Equatable, Sendable {
    case discard
    case askAgain
  }

  enum Action: Equatable, Sendable {
    case editor(PresentationAction<Drafter.Action>)
    case alert(PresentationAction<AlertAction>)
    case openEditor
    case closeEditorNow
    case showAlert

    static let editorPath = ActionPath<Action, PresentationAction<Drafter.Action>>(
      embed: Action.editor, extract: { if case .editor(let action) = $0 { action } else { nil } })
    static let alertPath = ActionPath<Action, PresentationAction<AlertAction>>(
      embed: Action.alert, extract: { if case .alert(let action) = $0 { action } else { nil } })
  }

  /// A new alert each time (a new identity): the same content as the one shown.
  static var discardAlert: AlertState<AlertAction> {
    AlertState {
      TextState("Discard the draft?")
    } actions: {
      ButtonState(role: .destructive, action: .discard) { TextState("Discard") }
      ButtonState(action: .askAgain) { TextState("Ask again") }
      ButtonState(role: .cancel) { TextState("Keep") }
    }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .openEditor:
        state.editor = Drafter.State()
      case .closeEditorNow:
        state.editor = nil
      case .showAlert:
        state.alert = Self.discardAlert
      case .editor(.presented(.saveTapped)):
        // Runs after the child: it sees the child's state.
        state.log.append("saved \(state.editor?.text ?? "nothing")")
      case .editor(.dismiss):
        // Runs while the child is still there.
        state.log.append("dismissing \(state.editor?.text ?? "nothing")")
      case .alert(.presented(.discard)):
        state.log.append("discarded, alert \(state.alert == nil ? "gone" : "still there")")
        state.editor = nil
      case .alert(.presented(.askAgain)):
        // Another alert in answer to a button: it stays.
        state.alert = Self.discardAlert
      case .alert(.dismiss), .editor:
        break
      }
      return .none
    }
    .ifLet(\.$editor, action: Action.editorPath) { Drafter() }
    .ifLet(\.$alert, action: Action.alertPath)
  }
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct ReducerPresentationTests {
  let clock = TestClock()

  fileprivate func makeStore(
    _ state: Screen.State = Screen.State()
  ) -> TestStore<Screen.State, Screen.Action> {
    TestStore(initialState: state, reducer: Screen()) { $0.clock = clock }
  }

  @Test func theChildRunsFirstThenTheParent() async {
    let store = makeStore(Screen.State(editor: Drafter.State(text: "a")))
    await store.send(.editor(.presented(.type("b")))) { $0.editor?.text = "ab" }
    await store.send(.editor(.presented(.saveTapped))) { $0.log = ["saved ab"] }
  }

  @Test func dismissRunsTheParentWhileTheChildIsThereThenRemovesIt() async {
    let store = makeStore(Screen.State(editor: Drafter.State(text: "a")))
    await store.send(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing a"]
    }
  }

  @Test func dismissingCancelsTheChildsEffects() async {
    let store = makeStore()
    await store.send(.openEditor) { $0.editor = Drafter.State() }
    await store.send(.editor(.presented(.startTyping)))
    await clock.advance(by: .seconds(1))
    await store.receive(.editor(.presented(.type(".")))) { $0.editor?.text = "." }
    await store.send(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing ."]
    }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aParentThatRemovesTheChildCancelsItsEffectsToo() async {
    let store = makeStore()
    await store.send(.openEditor) { $0.editor = Drafter.State() }
    await store.send(.editor(.presented(.startTyping)))
    await store.send(.closeEditorNow) { $0.editor = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func dismissFromTheChildsEffectSendsTheParentsDismiss() async {
    let store = makeStore()
    await store.send(.openEditor) { $0.editor = Drafter.State() }
    await store.send(.editor(.presented(.startTyping)))
    await store.send(.editor(.presented(.closeTapped)))
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing "]
    }
    // The typing effect went with the child, and so did the one that called dismiss.
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aDismissReadInTheReducerAndCapturedDismissesToo() async {
    let store = makeStore()
    await store.send(.openEditor) { $0.editor = Drafter.State() }
    await store.send(.editor(.presented(.closeWithCapturedDismiss)))
    await store.receive(.editor(.dismiss)) {
      $0.editor = nil
      $0.log = ["dismissing "]
    }
    await store.finish()
  }

  @Test func aChildActionWhileNothingIsPresentedIsReportedAndReachesNoChild() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.editor(.presented(.type("lost"))))
    } matching: { issue in
      issue.message.contains("An ifLet at ")
        && issue.message.contains("received a child action while nothing was presented")
    }
    #expect(store.state.editor == nil)
  }

  @Test func aDismissWhileNothingIsPresentedIsReported() async {
    let store = makeStore()
    await withKnownIssue {
      await store.send(.editor(.dismiss)) { $0.log = ["dismissing nothing"] }
    } matching: { issue in
      issue.message.contains("received a dismiss action while nothing was presented")
    }
  }

  @Test func anAlertGoesAwayAfterItsButtonsActionRan() async {
    let store = makeStore(Screen.State(editor: Drafter.State(text: "draft")))
    await store.send(.showAlert) { $0.alert = Screen.discardAlert }
    await store.send(.alert(.presented(.discard))) {
      $0.alert = nil
      $0.editor = nil
      // The parent ran with the alert still there.
      $0.log = ["discarded, alert still there"]
    }
  }

  @Test func anAlertThatTheParentReplacesInAnswerStays() async {
    let store = makeStore()
    await store.send(.showAlert) { $0.alert = Screen.discardAlert }
    let first = store.state.alert?.id
    await store.send(.alert(.presented(.askAgain)))
    #expect(store.state.alert != nil)
    #expect(store.state.alert?.id != first)
  }

  @Test func aViewTapsAButtonWithTap() async {
    let store = makeStore()
    await store.send(.showAlert) { $0.alert = Screen.discardAlert }
    // The cancel button has no action: its tap dismisses.
    let cancel = Screen.discardAlert.buttons[2]
    await store.send(.alert(.tap(cancel))) { $0.alert = nil }
  }
}
