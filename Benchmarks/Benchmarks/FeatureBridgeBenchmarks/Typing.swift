// The typing feature of the keystroke benchmarks: an editor's text behind a view store. Also
// compiled into KeystrokeInstructions (a link to this file there), so both count the same code.

import FeatureBridge
import StoreKernel

// MARK: - A keystroke

/// What an editor holds: the text and a revision the view tracks (as the notes view tracks a
/// small key rather than the text).
struct TypingState: Equatable {
  var text = ""
  var revision = 0
}

enum TypingAction: BoundaryAction {
  enum ViewAction: Sendable {
    case typed(Character)
  }

  case input(Never)
  case view(ViewAction)
  case delegate(Never)

  var output: Never? { nil }
}

/// One keystroke: the character is appended and the revision moves.
struct TypingReducer: Reducer {
  func reduce(into state: inout TypingState, action: TypingAction) -> Effect<TypingAction> {
    if case .view(.typed(let character)) = action {
      state.text.append(character)
      state.revision &+= 1
    }
    return .none
  }
}

/// The same editor with its text marked `@Stamped`: a view reads the text through its view
/// store (`viewStore.$text`), tracked by stamp, instead of peeking at it.
struct StampedTypingState: Equatable {
  @Stamped var text = ""
  var revision = 0
}

/// The same keystroke over the stamped state.
struct StampedTypingReducer: Reducer {
  func reduce(into state: inout StampedTypingState, action: TypingAction) -> Effect<TypingAction> {
    if case .view(.typed(let character)) = action {
      state.text.append(character)
      state.revision &+= 1
    }
    return .none
  }
}
