import StoreKernel
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
}
