package import FeatureBridge
import StoreKernel

/// The counter in a terminal: the count, whether it is a favorite, and the favorites.
package final class CounterView: FeatureView {
  private let store: ViewStore<CounterState, CounterAction.ViewAction>
  private var observation: ObservationToken?
  package private(set) var renderGeneration = 0

  package init(store: ViewStore<CounterState, CounterAction.ViewAction>) {
    self.store = store
    // The view's live observer: everything it draws comes from the state.
    observation = store.observe({ $0 }) { [weak self] _ in self?.renderGeneration += 1 }
  }

  package func render(width: Int, height: Int) -> [String] {
    guard let state = store.state else { return [] }
    let favorites = state.favorites.sorted().map(String.init).joined(separator: ", ")
    let lines = [
      "",
      "    [-]   \(state.count)   [+]",
      "",
      state.isFavorite
        ? "    ★ \(state.count) is a favorite (s to remove)" : "    s: save as favorite",
      "",
      "    Favorites: \(favorites.isEmpty ? "none yet" : favorites)",
    ]
    return lines.prefix(max(0, height)).map { TerminalText.fit($0, width: width) }
  }

  package func handle(_ keys: [KeyPress]) -> Int {
    var actions: [CounterAction.ViewAction] = []
    var used = 0
    scan: for key in keys {
      switch key {
      case .character("+"), .character("="), .up, .right: actions.append(.incrementTapped)
      case .character("-"), .character("_"), .down, .left: actions.append(.decrementTapped)
      case .character("s"), .enter: actions.append(.favoriteToggled)
      default: break scan
      }
      used += 1
    }
    store.send(contentsOf: actions)
    return used
  }

  package var keyHelp: [String] {
    ["+ / ↑  increment", "- / ↓  decrement", "s / ⏎  save or remove the count as a favorite"]
  }
}
