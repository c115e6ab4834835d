/// The actor the terminal app's stores live on. Not the main actor: an effect's action costs a
/// ~60 ns hop here instead of ~20 µs (docs/decisions/0001-store-isolation.md). It runs on one
/// thread of its own, ``ShellExecutor``, which also reads the terminal's keys, so a key is
/// handled and drawn where it was read (docs/decisions/0015-a-keystroke-as-light-as-nano.md).
@globalActor
actor ShellActor {
  static let shared = ShellActor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    ShellExecutor.shared.asUnownedSerialExecutor()
  }

  /// Runs `operation` on the actor from code that is on the actor's thread without being in
  /// one of its jobs: the loop of ``ShellExecutor`` between jobs. Traps anywhere else.
  ///
  /// - Parameter operation: Code isolated to the actor.
  /// - Returns: What `operation` returns.
  static func assumeIsolated<T>(_ operation: @ShellActor () throws -> T) rethrows -> T {
    typealias Nonisolated = () throws -> T
    // The executor's own question (its `checkIsolated`'s): the runtime's `preconditionIsolated`
    // reaches the same answer through it at several times the cost, and the loop asks four
    // times a keystroke.
    precondition(ShellExecutor.shared.isOnLoopThread, "not on the shell's thread")
    // SAFETY: the precondition above proved the caller runs on the executor's only thread,
    // between its jobs (or in one), so nothing else runs on the actor while `operation` does;
    // the cast only removes the isolation the compiler cannot see (the standard library's
    // `MainActor.assumeIsolated` does the same).
    return try withoutActuallyEscaping(operation) { operation in
      try unsafeBitCast(operation, to: Nonisolated.self)()
    }
  }
}
