package import FeatureBridge
package import ProfileFeature
import StoreKernel
package import TerminalUI

/// The profile in a terminal: the favorites, one per line, the selected one marked.
package final class ProfileView: TerminalView {
  private let store: ViewStore<ProfileState, ProfileAction.ViewAction>

  package init(store: ViewStore<ProfileState, ProfileAction.ViewAction>) {
    self.store = store
  }

  package func render(width: Int, height: Int) -> [String] {
    guard height > 0 else { return [] }
    let favorites = store.favorites
    let selected = store.selected
    var lines = ["", "    Favorites (\(favorites.count))", ""]
    if favorites.isEmpty {
      lines.append("    No favorites yet: save one on the Counter tab.")
    }
    let room = max(0, height - lines.count)
    let selectedIndex = selected.flatMap { favorites.firstIndex(of: $0) } ?? 0
    let first = max(0, min(selectedIndex - room / 2, favorites.count - room))
    for number in favorites.dropFirst(first).prefix(room) {
      lines.append(number == selected ? "  ▸ \(number)" : "    \(number)")
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
      // Not `x`: that is the shell's key for dismissing errors, and it must never remove a
      // favorite instead while errors are shown.
      case .delete, .backspace, .character("d"):
        actions.append(.removeSelectedTapped)
      default: break scan
      }
      used += 1
    }
    store.send(contentsOf: actions)
    return used
  }

  package var keyHelp: [String] {
    ["↑ / ↓  select a favorite", "d / Delete  remove the selected favorite"]
  }
}
