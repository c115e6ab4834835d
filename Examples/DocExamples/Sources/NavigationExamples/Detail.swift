import StoreKernel

// A note's screen, with an alert and a confirmation dialog: AlertState's, ConfirmationDialogState's,
// ButtonState's and TextState's doc comments, and the Navigation article.

/// A note's screen: its title, an alert before deleting, a dialog to share it.
struct Detail: Reducer {
  struct State: Equatable, Sendable {
    var title = ""
    @PresentationState var alert: AlertState<Alert>?
    @PresentationState var dialog: ConfirmationDialogState<Dialog>?
    var isDeleted = false
    var copiedLink = false
  }

  enum Action: Equatable, Sendable {
    case alert(PresentationAction<Alert>)
    case dialog(PresentationAction<Dialog>)
    case deleteTapped
    case shareTapped
    case saveTapped

    static let alertPath = ActionPath<Action, PresentationAction<Alert>>(
      embed: Action.alert, extract: { if case .alert(let action) = $0 { action } else { nil } })
    static let dialogPath = ActionPath<Action, PresentationAction<Dialog>>(
      embed: Action.dialog, extract: { if case .dialog(let action) = $0 { action } else { nil } })
  }

  enum Alert: Equatable, Sendable {
    case confirmDeletion
  }

  enum Dialog: Equatable, Sendable {
    case copyLink
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .deleteTapped:
      state.alert = AlertState {
        TextState("Delete the note?")
      } actions: {
        ButtonState(role: .destructive, action: .confirmDeletion) {
          TextState("Delete")
        }
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
      } message: {
        TextState("It will be gone for good.")
      }
    case .shareTapped:
      state.dialog = ConfirmationDialogState(titleVisibility: .visible) {
        TextState("Share the note")
      } actions: {
        ButtonState(action: .copyLink) {
          TextState("Copy link")
        }
        ButtonState(role: .cancel) {
          TextState("Cancel")
        }
      }
    case .alert(.presented(.confirmDeletion)):
      state.isDeleted = true
    case .dialog(.presented(.copyLink)):
      state.copiedLink = true
    case .alert, .dialog, .saveTapped:
      break
    }
    return .none
  }
}

func detailReducer() -> some Reducer<Detail.State, Detail.Action> {
  Detail().ifLet(\.$alert, action: Detail.Action.alertPath)
    .ifLet(\.$dialog, action: Detail.Action.dialogPath)
}

/// What a view does when the user taps the alert's first button.
@MainActor func tapFirstButton(
  of alert: AlertState<Detail.Alert>, in store: Store<Detail.State, Detail.Action>
) {
  store.send(.alert(.tap(alert.buttons[0])))
}

/// An alert as a terminal shows it: the title, the message, the buttons numbered.
func terminalLines(of alert: AlertState<Detail.Alert>) -> [String] {
  [String(state: alert.title)] + (alert.message.map { [String(state: $0)] } ?? [])
    + alert.buttons.enumerated().map { "\($0.offset + 1). \($0.element.label)" }
}

func deletionTexts(name: String) -> [TextState] {
  let title: TextState = "Delete the note?"
  let message = TextState("“\(name)” will be gone for good.")
  return [title, message]
}
