import StoreKernel
import StoreKernelTesting
import Testing

@testable import NavigationExamples

// The Navigation article's app and the navigation tools' doc comment examples, run.

@Test func identifiedArraysChangeAndRemoveByID() {
  #expect(identifiedArrayBasics().map(\.title) == ["Bread"])
  var todos = IdentifiedArray(uniqueElements: [Todo(id: 1), Todo(id: 2), Todo(id: 3)])
  moveTheFirstTodo(&todos)
  #expect(todos.ids == [2, 1, 3])
  changeAndRemoveByID(&todos)
  #expect(todos.ids == [2, 3])
  #expect(emptyTodos().ids == [1])
}

@MainActor @Test func aTodoRowTogglesByID() async {
  let store = TestStore(initialState: TodoList.State(), reducer: TodoList())
  await store.send(.addTapped) {
    $0.todos.append(Todo(id: 1))
    $0.nextID = 2
  }
  await store.send(.todos(.element(id: 1, action: .toggleTapped))) {
    $0.todos[id: 1]?.isDone = true
  }
}

@MainActor @Test func theEditorIsPresentedAndDismissesItself() async {
  let store = TestStore(initialState: Sheet.State(), reducer: Sheet())
  await store.send(.editTapped) { $0.editor = Editor.State() }
  await store.send(.editor(.presented(.textChanged("Hi")))) { $0.editor?.text = "Hi" }
  await store.send(.editor(.presented(.closeTapped)))
  await store.receive(
    "the editor's dismiss",
    matching: {
      if case .editor(.dismiss) = $0 { true } else { false }
    }
  ) {
    $0.editor = nil
  }
  await store.finish()
}

@MainActor @Test func anEnumDestinationKeepsTheDraftWhenDismissed() async {
  let store = TestStore(initialState: Inbox.State(), reducer: Inbox())
  await store.send(.composeTapped) { $0.destination = .editor(Editor.State(text: "Draft")) }
  await store.send(.destination(.dismiss)) {
    $0.destination = nil
    $0.drafts = ["Draft"]
  }
  await store.send(.discardTapped) {
    $0.destination = .alert(
      AlertState {
        TextState("Discard the draft?")
      } actions: {
        ButtonState(role: .destructive, action: .discardDraft) { TextState("Discard") }
      })
  }
  await store.send(.destination(.presented(.alert(.discardDraft)))) { $0.destination = nil }
}

@MainActor @Test func theAlertsButtonSendsItsActionAndTheAlertGoesAway() async {
  let store = TestStore(initialState: Detail.State(title: "Milk"), reducer: detailReducer())
  await store.send(.deleteTapped) {
    $0.alert = AlertState {
      TextState("Delete the note?")
    } actions: {
      ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    } message: {
      TextState("It will be gone for good.")
    }
  }
  #expect(
    terminalLines(of: store.state.alert!) == [
      "Delete the note?", "It will be gone for good.", "1. Delete", "2. Cancel",
    ])
  await store.send(.alert(.tap(store.state.alert!.buttons[0]))) {
    $0.alert = nil
    $0.isDeleted = true
  }
  await store.send(.shareTapped) {
    $0.dialog = ConfirmationDialogState(titleVisibility: .visible) {
      TextState("Share the note")
    } actions: {
      ButtonState(action: .copyLink) { TextState("Copy link") }
      ButtonState(role: .cancel) { TextState("Cancel") }
    }
  }
  await store.send(.dialog(.tap(store.state.dialog!.buttons[1]))) { $0.dialog = nil }
  #expect(deletionTexts(name: "Milk")[1].string == "“Milk” will be gone for good.")
}

@MainActor @Test func stackIDsInATestStoreAre0Then1() async {
  let store = TestStore(initialState: Root.State(), reducer: Root())
  await store.send(.addTapped) { $0.path[id: 0] = .detail(Detail.State(title: "New note")) }
  await store.send(.addTapped) { $0.path[id: 1] = .detail(Detail.State(title: "New note")) }
  await store.send(.path(.element(id: 0, action: .detail(.saveTapped)))) {
    $0.path = StackState()
  }
  #expect(stackBasics().isEmpty)
  var state = Root.State()
  state.path[id: 0] = .detail(Detail.State())
  renameTheFirstScreen(&state)
  #expect(state.path[id: 0, case: Path.State.detailPath]?.title == "Renamed")
}

@MainActor @Test func aBindingSetsTheNameAndTheFormChecksIt() async {
  let store = TestStore(initialState: Profile.State(), reducer: Profile())
  await store.send(.binding(.set(\.name, "Blob"))) {
    $0.name = "Blob"
    $0.nameIsValid = true
  }
  await store.send(.set(\.notifications, true)) { $0.notifications = true }
}

@MainActor @Test func theStatusFollowsTheThemeOnlyWhenItChanges() async {
  let store = TestStore(initialState: Settings.State(), reducer: settingsReducer())
  await store.send(.themeChosen("light"))
  await store.send(.themeChosen("dark")) {
    $0.theme = "dark"
    $0.status = "Theme: dark"
  }
}
