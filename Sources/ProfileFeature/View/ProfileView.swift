package import FeatureBridge
import StoreKernel

/// The profile in a terminal: the favorites, one per line, the selected one marked.
package final class ProfileView: FeatureView {
  private let store: ViewStore<ProfileState, ProfileAction.ViewAction>
  private var observation: ObservationToken?
  package private(set) var renderGeneration = 0

  package init(store: ViewStore<ProfileState, ProfileAction.ViewAction>) {
    self.store = store
    // The view's live observer: everything it draws comes from the state.
    observation = store.observe({ $0 }) { [weak self] _ in self?.renderGeneration += 1 }
  }

  package func render(width: Int, height: Int) -> [String] {
    guard let state = store.state, height > 0 else { return [] }
    var lines = ["", "    Favorites (\(state.favorites.count))", ""]
    if state.favorites.isEmpty {
      lines.append("    No favorites yet: save one on the Counter tab.")
    }
    let room = max(0, height - lines.count)
    let selectedIndex = state.selected.flatMap { state.favorites.firstIndex(of: $0) } ?? 0
    let first = max(0, min(selectedIndex - room / 2, state.favorites.count - room))
    for number in state.favorites.dropFirst(first).prefix(room) {
      lines.append(number == state.selected ? "  ▸ \(number)" : "    \(number)")
    }
    return lines.prefix(height).map { TerminalText.fit($0, width: width) }
  }

  package func handle(_ keys: [KeyPress]) -> Int {
    var actions: [ProfileAction.ViewAction] = []
    var used = 0
    scan: for key in keys {
      switch key {
      case .down, .character("j"): actions.append(.selectNext)
      case .up, .character("k"): actions.append(.selectPrevious)
      case .delete, .backspace, .character("x"), .character("d"):
        actions.append(.removeSelectedTapped)
      default: break scan
      }
      used += 1
    }
    store.send(contentsOf: actions)
    return used
  }

  package var keyHelp: [String] {
    ["↑ / ↓  select a favorite", "x / Delete  remove the selected favorite"]
  }
}
