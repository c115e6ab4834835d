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
}
