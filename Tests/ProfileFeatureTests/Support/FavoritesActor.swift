/// The actor the shared-favorites tests host their features on: not the main actor, which every
/// other suite's `@MainActor` tests share, so a loaded run cannot starve these features' effects
/// past the tests' waits (as a terminal or server host runs its features off the main actor).
@globalActor actor FavoritesActor {
  static let shared = FavoritesActor()
}
