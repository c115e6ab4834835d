#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension DependencyValues {
  /// The dependencies of the store whose reducer or effect is running now.
  ///
  /// Inside a reducer this is the store's values (set on the thread for the length of the
  /// synchronous call); inside an effect it is carried by a task-local value. Elsewhere it is
  /// the process default, which tests can change with `withDependencies`; in a
  /// test (once StoreKernelTesting is in use), the running test's own values, so parallel tests
  /// never share a default such as the uuid sequence.
  public static var current: DependencyValues {
    if let scope = ReducerDependencies.current { return scope.values }
    if let scope = EffectDependencies.current { return scope.values }
    if let test = TestScopes.current { return test.dependencies }
    return processDefault
  }

  /// The overrides a store made now inherits: those of the innermost `withDependencies`
  /// around it, if any, with defaults of the store's own (each store resolves its defaults
  /// once, for itself).
  package static var forNewStore: DependencyValues {
    guard let scope = EffectDependencies.current, scope.isFromWithDependencies else {
      return DependencyValues()
    }
    return scope.values.withOwnDefaults()
  }

  private static let processDefault = DependencyValues()
}

/// Runs `operation` with changed dependencies in effect for the current task, for code that
/// reads ``DependencyValues/current`` outside a store.
///
/// - Parameters:
///   - update: Changes the values.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
nonisolated(nonsending) public func withDependencies<Result>(
  _ update: (inout DependencyValues) -> Void,
  operation: () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  update(&values)
  let scope = DependencyScope(values, isFromWithDependencies: true)
  return try await EffectDependencies.$current.withValue(scope) {
    try await operation()
  }
}

/// Runs synchronous `operation` with changed dependencies in effect for the current task, as
/// the asynchronous ``withDependencies(_:operation:)-6srsy`` does; a store created inside uses them.
///
/// - Parameters:
///   - update: Changes the values.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
public func withDependencies<Result>(
  _ update: (inout DependencyValues) -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  update(&values)
  let scope = DependencyScope(values, isFromWithDependencies: true)
  return try EffectDependencies.$current.withValue(scope) { try operation() }
}

/// A store's dependency values in a box, so a pointer to it can live in thread-local storage.
@usableFromInline
package final class DependencyScope: Sendable {
  package let values: DependencyValues
  /// Set by `withDependencies` (not around a store's effect): a store made inside inherits it.
  package let isFromWithDependencies: Bool
  @usableFromInline
  package init(_ values: DependencyValues, isFromWithDependencies: Bool = false) {
    self.values = values
    self.isFromWithDependencies = isFromWithDependencies
  }
}

extension DependencyScope {
  /// Runs `body`, a reducer's run, with these values as its dependencies: what a reducer reads
  /// and the effects it makes. For a package module that runs a reducer whose dependencies
  /// were settled once (a composed feature's).
  @usableFromInline
  package func run<Result>(_ body: () -> Result) -> Result {
    ReducerDependencies.with(self, body)
  }
}

/// The dependencies effects see: a task-local value set around every effect a store starts.
@usableFromInline
enum EffectDependencies {
  @TaskLocal static var current: DependencyScope?

  /// Runs `body` with `scope` as the effect dependencies.
  @usableFromInline
  static func with(_ scope: DependencyScope, _ body: () async -> Void) async {
    await $current.withValue(scope) { await body() }
  }
}

/// The dependencies a reducer sees: a pointer in a per-thread slot, set for the length of one
/// synchronous `reduce` call. A thread-local costs a few nanoseconds and no allocation; a
/// task-local would allocate on every action.
///
/// The slot is one word of memory per thread, found through a `pthread` key once per reducer
/// call; setting and restoring the pointer are then plain stores. (Calling
/// `pthread_setspecific` to set and again to restore, with the key read through a lazy global
/// each time, cost about a sixth of a root `send`: docs/performance.md.)
@usableFromInline
enum ReducerDependencies {
  /// Where the current thread keeps its reducer dependencies: unretained, for the length of a
  /// `with` call whose caller owns them.
  @usableFromInline typealias Slot = UnsafeMutablePointer<Unretained<DependencyScope>?>

  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    // A thread's slot is freed when the thread exits.
    let status = pthread_key_create(&key) { freeSlot($0) }
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  /// The key, for code that has a copy of it (a store's runtime keeps one, so that its hot
  /// path does not go through the lazy global's initialization check).
  static var keyValue: UInt32 { UInt32(key) }

  @usableFromInline
  static var current: DependencyScope? {
    slotIfAllocated(key)?.pointee?.object
  }

  /// Runs `body` with `scope` as the current reducer dependencies. The caller keeps `scope`
  /// alive for the call; the previous value is restored afterwards, so stores may nest.
  @inlinable @inline(__always)
  static func with<Result>(
    _ scope: Unretained<DependencyScope>, key: UInt32, _ body: () -> Result
  ) -> Result {
    let slot = slot(key)
    let previous = slot.pointee
    slot.pointee = scope
    defer { slot.pointee = previous }
    return body()
  }

  /// Runs `body` with `scope` as the current reducer dependencies, as `with(_:key:_:)`; keeps
  /// `scope` alive for the call.
  static func with<Result>(_ scope: DependencyScope, _ body: () -> Result) -> Result {
    withExtendedLifetime(scope) { with(Unretained(scope), key: keyValue, body) }
  }

  /// The current thread's slot, allocated on the thread's first use. Out of line, so that the
  /// inlinable `with` need not see the C library.
  @usableFromInline
  static func slot(_ key: UInt32) -> Slot {
    let key = pthread_key_t(key)
    if let slot = slotIfAllocated(key) { return slot }
    let slot = Slot.allocate(capacity: 1)
    slot.initialize(to: nil)
    let status = pthread_setspecific(key, slot)
    precondition(status == 0, "pthread_setspecific failed: \(status)")
    return slot
  }

  private static func freeSlot(_ slot: UnsafeMutableRawPointer?) {
    slot?.deallocate()
  }

  private static func slotIfAllocated(_ key: pthread_key_t) -> Slot? {
    pthread_getspecific(key)?.assumingMemoryBound(to: Unretained<DependencyScope>?.self)
  }
}
