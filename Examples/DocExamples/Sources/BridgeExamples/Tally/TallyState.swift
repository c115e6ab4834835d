/// The tally's state.
struct TallyState: Equatable, Sendable {
  var count = 0
  var favorites: Set<Int> = []
  var isFavorite: Bool { favorites.contains(count) }
}
