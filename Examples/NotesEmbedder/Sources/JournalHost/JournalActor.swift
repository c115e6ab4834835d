/// The actor a journal and its features live on. A command-line host gets its own actor rather
/// than the main actor: an effect's action then costs a sub-microsecond hop instead of a thread
/// hand-off (docs/decisions/0001-store-isolation.md).
@globalActor
public actor JournalActor {
  /// The one instance.
  public static let shared = JournalActor()
}
