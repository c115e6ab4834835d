import StoreKernel
import Testing

private enum Choice: Equatable, Sendable {
  case keep
  case discard
}

@Suite struct ButtonStateTests {
  @Test func aButtonHandsItsActionToAView() {
    let buttons = [
      ButtonState<Choice>(action: .keep) { TextState("Keep") },
      ButtonState<Choice>(action: .send(.discard)) { TextState("Discard") },
      ButtonState<Choice>(role: .cancel) { TextState("Cancel") },
    ]
    var tapped: [Choice?] = []
    for button in buttons {
      button.withAction { tapped.append($0) }
    }
    #expect(tapped == [.keep, .discard, nil])
  }

  @Test func equalByActionLabelAndRoleAndMapKeepsTheIdentity() {
    let keep = ButtonState<Choice>(role: .destructive, action: .keep) { TextState("Keep") }
    let again = ButtonState<Choice>(role: .destructive, action: .keep) { TextState("Keep") }
    #expect(keep == again)
    #expect(keep.id != again.id)
    #expect(keep != ButtonState(action: .keep) { TextState("Keep") })
    let mapped = keep.map { $0.map { "\($0)" } }
    #expect(mapped.id == keep.id)
    #expect(mapped.action.action == "keep")
    #expect(mapped.role == .destructive)
  }
}
