// The domains of the navigation benchmarks: a stack of trivial screens, and rows found by id.

import StoreKernel

// MARK: - Stack

/// A screen with nothing in it: the figures are the stack's cost, not the screen's.
struct Screen: Reducer {
  func reduce(into state: inout Int, action: ScreenAction) -> Effect<ScreenAction> {
    state &+= 1
    return .none
  }
}

enum ScreenAction: Sendable {
  case tap
}

/// A root whose stack holds `depth` screens; `.push` and `.pop` change the top.
struct StackRoot: Reducer {
  struct State {
    var path = StackState<Int>()
  }

  enum Action: Sendable {
    case path(StackActionOf<Screen>)
    case push
    case pop

    static let pathPath = ActionPath<Action, StackActionOf<Screen>>(
      embed: Action.path, extract: { if case .path(let action) = $0 { action } else { nil } })
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .push: state.path.append(0)
    case .pop: state.path.removeLast()
    case .path: break
    }
    return .none
  }
}

func stackRootReducer() -> some Reducer<StackRoot.State, StackRoot.Action> {
  StackRoot().forEach(\.path, action: StackRoot.Action.pathPath) { Screen() }
}

// MARK: - Rows

/// A row of a list, found by its id.
struct Row: Identifiable {
  let id: Int
  var count = 0
}
