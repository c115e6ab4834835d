// The features the FeatureBridge benchmarks run: as small as a real feature can be, so the
// figures are the boundary's cost. Their `Action`s stay internal, as in a feature module.

import FeatureBridge
import StoreKernel

/// Inputs are `Int`s; outputs are `Int`s.
enum CountingAction: BoundaryAction {
  /// The only view action: emit one output.
  enum ViewAction: Sendable {
    case emit
  }

  case input(Int)
  case view(ViewAction)
  case delegate(Int)

  var output: Int? {
    if case .delegate(let output) = self { return output }
    return nil
  }
}

/// Counts the inputs it has seen; `.view(.emit)` emits one delegate action (one output).
struct CountingReducer: Reducer {
  func reduce(into inputsSeen: inout Int, action: CountingAction) -> Effect<CountingAction> {
    switch action {
    case .input:
      inputsSeen &+= 1
      return .none
    case .view(.emit):
      return .send(.delegate(inputsSeen))
    case .delegate:
      return .none
    }
  }
}

/// The feature's public face, the way a feature module writes it, and the view store the
/// benchmarks use to trigger outputs.
enum CountingFeature {
  static func start(
    inputs: AsyncStream<Int>? = nil, isolation: isolated any Actor = #isolation
  ) -> (feature: Feature<Int, Int>, viewStore: ViewStore<Int, CountingAction.ViewAction>) {
    let feature = Feature<Int, Int>.start(
      name: "Counting", initialState: 0, reducer: CountingReducer(), inputs: inputs,
      isolation: isolation)
    let viewStore = feature.viewStore(state: Int.self, viewAction: CountingAction.ViewAction.self)
    return (feature, viewStore)
  }
}

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
