import Synchronization

/// Which store's effect the current task is running: set around every effect a store starts,
/// so a host's wait that would wait for the very effect it is called from (a feature's
/// `settle()` called by one of that feature's effects) is recognized at once instead of
/// hanging.
@usableFromInline
enum EffectOwner {
  /// The identity (``StoreRuntime/identity``) of the store whose effect this task runs.
  @TaskLocal static var current: Int?

  /// The ``EffectMark``s on the effect this task runs, innermost last: set by
  /// ``Effect/marked(_:)`` for a feature whose reducer runs in another store.
  @TaskLocal static var marks: [Int] = []

  /// Runs `body` as an effect of the store with identity `owner`.
  @usableFromInline
  static func with(_ owner: Int, _ body: () async -> Void) async {
    await $current.withValue(owner) { await body() }
  }

  private static let counter = Atomic<Int>(0)

  /// A new identity: never reused, unlike an object's address.
  static func nextIdentity() -> Int {
    counter.add(1, ordering: .relaxed).newValue
  }
}
