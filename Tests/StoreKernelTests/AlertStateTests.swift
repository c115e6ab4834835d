import StoreKernel
import Testing

private enum NoteAlert: Equatable, Sendable {
  case confirmDeletion
  case archive
}

@Suite struct AlertStateTests {
  private func deletionAlert(canArchive: Bool) -> AlertState<NoteAlert> {
    AlertState {
      TextState("Delete the note?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) {
        TextState("Delete")
      }
      if canArchive {
        ButtonState(action: .archive) { TextState("Archive") }
      }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("It will be gone for good.")
    }
  }

  @Test func theBuilderListsTheButtonsInOrder() {
    let alert = deletionAlert(canArchive: true)
    #expect(alert.title == "Delete the note?")
    #expect(alert.message == "It will be gone for good.")
    #expect(alert.buttons.map(\.label) == ["Delete", "Archive", "Cancel"])
    #expect(alert.buttons.map(\.role) == [.destructive, nil, .cancel])
    #expect(alert.buttons.map(\.action.action) == [.confirmDeletion, .archive, nil])
    #expect(deletionAlert(canArchive: false).buttons.count == 2)
  }

  @Test func equalityComparesTheContentNotTheIdentity() {
    let first = deletionAlert(canArchive: true)
    let second = deletionAlert(canArchive: true)
    #expect(first == second)
    #expect(first.id != second.id)
    #expect(first != deletionAlert(canArchive: false))
    #expect(Set([first, second]).count == 1)
  }

  @Test func mapTransformsTheButtonsActionsAndKeepsTheIdentity() {
    let alert = deletionAlert(canArchive: false)
    let mapped = alert.map { $0.map { "\($0)" } }
    #expect(mapped.id == alert.id)
    #expect(mapped.buttons.map(\.action.action) == ["confirmDeletion", nil])
    #expect(mapped.title == alert.title)
  }

  @Test func aButtonHandsItsActionToAView() {
    var tapped: [NoteAlert?] = []
    for button in deletionAlert(canArchive: false).buttons {
      button.withAction { tapped.append($0) }
    }
    #expect(tapped == [.confirmDeletion, nil])
  }

  @Test func aConfirmationDialogIsBuiltTheSameWay() {
    let dialog = ConfirmationDialogState<NoteAlert>(titleVisibility: .visible) {
      TextState("Share")
    } actions: {
      for action in [NoteAlert.archive, .confirmDeletion] {
        ButtonState(action: action) { TextState("\(action)") }
      }
    }
    #expect(dialog.titleVisibility == .visible)
    #expect(dialog.buttons.map(\.label.string) == ["archive", "confirmDeletion"])
    #expect(dialog.map { $0 } == dialog)
    #expect(dialog != ConfirmationDialogState { TextState("Share") })
  }

  @Test func textIsAPlainString() {
    let name = "Milk"
    let text = TextState("Delete “\(name)”?") + " " + TextState(verbatim: "Sure?")
    #expect(String(state: text) == "Delete “Milk”? Sure?")
    #expect("\(text)" == text.string)
    #expect(String(reflecting: TextState("a")) == #"TextState("a")"#)
  }
}
