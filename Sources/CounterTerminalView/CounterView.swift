package import CounterFeature
package import FeatureBridge
import StoreKernel
package import TerminalUI

/// The counter in a terminal: the count, whether it is a favorite, and the favorites.
///
/// It reads the state through its view store, so a host rendering it inside
/// `withObservationTracking` is told exactly when the count or the favorites change.
package final class CounterView: TerminalView {
  private let store: ViewStore<CounterState, CounterAction.ViewAction>

  package init(store: ViewStore<CounterState, CounterAction.ViewAction>) {
    self.store = store
  }

  package func render(width: Int, height: Int) -> [String] {
    guard height > 0 else { return [] }
    let count = store.count
    let favorites = store.favorites.sorted().map(String.init).joined(separator: ", ")
    let lines = [
      "",
      "    [-]   \(count)   [+]",
      "",
      store.isFavorite ? "    ★ \(count) is a favorite (s to remove)" : "    s: save as favorite",
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
