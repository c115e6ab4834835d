/// The actor the counter's storage tests host their features on: not the main actor, which
/// every other suite's `@MainActor` tests share, so a loaded run cannot starve these features'
/// loads and effects past the tests' waits.
@globalActor actor StorageActor {
  static let shared = StorageActor()
}
