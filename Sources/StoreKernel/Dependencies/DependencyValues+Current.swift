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
  /// the process default, which tests can change with ``withDependencies(_:operation:)``.
  public static var current: DependencyValues {
    if let scope = ReducerDependencies.current { return scope.values }
    if let scope = EffectDependencies.current { return scope.values }
    return processDefault
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
  return try await EffectDependencies.$current.withValue(DependencyScope(values)) {
    try await operation()
  }
}

/// A store's dependency values in a box, so a pointer to it can live in thread-local storage.
final class DependencyScope: Sendable {
  let values: DependencyValues
  init(_ values: DependencyValues) { self.values = values }
}

/// The dependencies effects see: a task-local value set around every effect a store starts.
enum EffectDependencies {
  @TaskLocal static var current: DependencyScope?
}

/// The dependencies a reducer sees: a thread-local pointer set for the length of one
/// synchronous `reduce` call. A thread-local costs a few nanoseconds and no allocation; a
/// task-local would allocate on every action.
@usableFromInline
enum ReducerDependencies {
  private static let key: pthread_key_t = {
    var key = pthread_key_t()
    let status = pthread_key_create(&key, nil)
    precondition(status == 0, "pthread_key_create failed: \(status)")
    return key
  }()

  static var current: DependencyScope? {
    guard let pointer = pthread_getspecific(key) else { return nil }
    return Unmanaged<DependencyScope>.fromOpaque(pointer).takeUnretainedValue()
  }

  /// Runs `body` with `scope` as the current reducer dependencies. The caller keeps `scope`
  /// alive for the call; the previous value is restored afterwards, so stores may nest.
  @inlinable @inline(__always)
  static func with<Result>(_ scope: UnsafeMutableRawPointer, _ body: () -> Result) -> Result {
    let previous = enter(scope)
    defer { exit(restoring: previous) }
    return body()
  }

  /// Makes `scope` current and returns the value it replaces. Out of line, so that the
  /// inlinable `with` need not see the C library.
  @usableFromInline
  static func enter(_ scope: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    let previous = pthread_getspecific(key)
    pthread_setspecific(key, scope)
    return previous
  }

  @usableFromInline
  static func exit(restoring previous: UnsafeMutableRawPointer?) {
    pthread_setspecific(key, previous)
  }
}
