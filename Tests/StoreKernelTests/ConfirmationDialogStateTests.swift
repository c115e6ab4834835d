import StoreKernel
import StoreKernelTesting
import Testing

private enum Share: Equatable, Sendable {
  case copyLink
  case email
}

@Suite struct ConfirmationDialogStateTests {
  @Test func builtLikeAnAlertWithATitleVisibility() {
    let dialog = ConfirmationDialogState<Share>(titleVisibility: .visible) {
      TextState("Share")
    } actions: {
      for action in [Share.copyLink, .email] {
        ButtonState(action: action) { TextState("\(action)") }
      }
    }
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.buttons.map(\.label.string) == ["copyLink", "email"])
    #expect(dialog.map { $0 } == dialog)
    #expect(dialog != ConfirmationDialogState { TextState("Share") })
    #expect(ConfirmationDialogState<Share> { TextState("Share") }.titleVisibility == .automatic)
  }

  /// TCA's `.ifLet(\.$dialog, action: \.dialog)`, with the case by its constructor, as for an
  /// alert: the dialog goes once one of its buttons sent its action.
  @MainActor
  @Test func aDialogsIfLetNamesItsCaseByItsConstructor() async {
    let store = TestStore(initialState: Resetter.State(count: 3), reducer: Resetter())
    await store.send(.resetTapped) {
      $0.dialog = Resetter.confirm
    }
    await store.send(.dialog(.presented(.confirmReset))) {
      $0.count = 0
      $0.dialog = nil
    }
    await store.finish()
  }
}

private struct Resetter: Reducer {
  struct State: Equatable {
    var count: Int
    @PresentationState var dialog: ConfirmationDialogState<Dialog>?
  }
  enum Dialog: Equatable, Sendable { case confirmReset }
  enum Action: Equatable, Sendable {
    case resetTapped
    case dialog(PresentationAction<Dialog>)
  }

  static let confirm = ConfirmationDialogState<Dialog> {
    TextState("Reset?")
  } actions: {
    ButtonState(role: .destructive, action: .confirmReset) { TextState("Reset") }
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .resetTapped:
        state.dialog = Self.confirm
      case .dialog(.presented(.confirmReset)):
        state.count = 0
      case .dialog(.dismiss):
        break
      }
      return .none
    }
    .ifLet(\.$dialog, action: Action.dialog)
  }
}
