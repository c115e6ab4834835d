/// The counter's state: the count, and the favorites as last seen from the shared value.
package struct CounterState: Equatable, Sendable {
  package var count: Int
  package var favorites: Set<Int>

  package init(count: Int = 0, favorites: Set<Int> = []) {
    self.count = count
    self.favorites = favorites
  }

  /// Whether the current count is a favorite.
  package var isFavorite: Bool { favorites.contains(count) }
}
