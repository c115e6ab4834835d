import FeatureBridge
import RatingFeature
import StoreKernel

/// What a session shows one at a time (TCA's `Destination`): the rating feature, or the dialog
/// that asks before a reset.
struct PracticeDestination: Reducer {
  enum State: Equatable, Sendable {
    case rating(RatingPrompt)
    case confirmReset(ConfirmationDialogState<ResetDialog>)
  }

  enum Action: Equatable, Sendable {
    case rating(FeatureAction<RatingInput, RatingOutput>)
    case confirmReset(ResetDialog)
  }

  enum ResetDialog: Equatable, Sendable {
    case confirm
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

extension ConfirmationDialogState where Action == PracticeDestination.ResetDialog {
  /// The dialog a session shows before it resets.
  static var reset: Self {
    ConfirmationDialogState(titleVisibility: .visible) {
      TextState("Reset the session?")
    } actions: {
      ButtonState(role: .destructive, action: .confirm) {
        TextState("Reset")
      }
      ButtonState(role: .cancel) {
        TextState("Cancel")
      }
    } message: {
      TextState("The timers go, and the log is cleared.")
    }
  }
}
