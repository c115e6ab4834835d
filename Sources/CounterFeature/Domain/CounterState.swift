/// The counter's state: the count, and the favorites as last seen from the shared value.
package struct CounterState: Equatable, Sendable {
  package var count: Int
  package var favorites: Set<Int>
  /// The record last handed to the storage (or loaded from it): a change of the count is
  /// saved when it differs. `nil` until the storage has loaded, and always without a storage, so
  /// nothing is saved before the saved values are known.
  package var stored: CounterRecord?
  /// False when the storage must not be written (another writer holds the file, or the file
  /// cannot be read): changes stay in memory.
  package var canSave = true
  /// Saves asked for so far; each save carries its number, so the newest one wins.
  package var saveCount = 0
  /// The count was changed (by the user or a host) before the storage had loaded: the change
  /// wins over what was kept, and is saved once the load is done.
  package var countChangedBeforeLoad = false
  /// Favorites an older build kept in the counter's file, written there again with the count
  /// until the shared favorites' own file holds them: a crash between the two writes loses
  /// none. Empty once they have moved (and for a file without them).
  package var favoritesToMove: Set<Int> = []
  /// The counter was stopped before its storage had loaded: the stop's own effect loads and
  /// saves, so a load arriving now starts no save of its own (one the stop would not wait for).
  package var isStoppingBeforeLoad = false

  package init(count: Int = 0, favorites: Set<Int> = []) {
    self.count = count
    self.favorites = favorites
  }

  /// Whether the current count is a favorite.
  package var isFavorite: Bool { favorites.contains(count) }
}
