import StoreKernel

/// A child presented by the navigation tests: a draft, a timer that keeps typing, and a close
/// button that dismisses it from an effect.
struct Drafter: Reducer {
  struct State: Equatable, Sendable {
    var text = ""
  }

  enum Action: Equatable, Sendable {
    case type(String)
    case startTyping
    case closeTapped
    case closeWithCapturedDismiss
    case saveTapped
  }

  @Dependency(\.clock) var clock
  @Dependency(\.dismiss) var dismiss

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .type(let text):
      state.text += text
      return .none
    case .startTyping:
      return .run { [clock] send in
        while (try? await clock.sleep(for: .seconds(1))) != nil { await send(.type(".")) }
      }
    case .closeTapped:
      return .run { _ in await dismiss() }
    case .closeWithCapturedDismiss:
      // The dependency read in the reducer and captured: still dismisses this feature.
      return .run { [dismiss] _ in await dismiss() }
    case .saveTapped:
      return .none
    }
  }
}
