/// The actor the terminal app's stores live on. Not the main actor: an effect's action costs a
/// ~60 ns hop here instead of ~20 µs (docs/decisions/0001-store-isolation.md).
@globalActor
actor ShellActor {
  static let shared = ShellActor()
}
