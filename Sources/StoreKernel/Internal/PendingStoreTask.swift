import MultiStorePrimitives

/// The handle returned for an action that was queued because the store was busy; the store
/// fills it in when it processes the action, before control returns to any awaiting caller.
@usableFromInline
final class PendingStoreTask: Sendable {
  private let storage = LockedValue(StoreTask())

  var resolved: StoreTask { storage.withLock { $0 } }

  @usableFromInline
  func resolve(_ task: StoreTask) {
    storage.withLock { $0 = task }
  }
}
