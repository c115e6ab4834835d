/// The profile's state: the favorites, sorted, and the selected one.
package struct ProfileState: Equatable, Sendable {
  package var favorites: [Int]
  package var selected: Int?

  package init(favorites: Set<Int> = [], selected: Int? = nil) {
    self.favorites = favorites.sorted()
    self.selected = selected ?? self.favorites.first
  }
}
