/// The dependencies a store's reducer and effects see: the defaults of every key, plus the
/// overrides its host set when creating the store.
///
/// Read them with ``Dependency`` or ``DependencyValues/current``; set them per store:
///
/// ```swift
/// let store = Store(initialState: Drafts.State(), reducer: Drafts()) {
///   $0.drafts = .inMemory()
///   $0.clock = ContinuousClock()
/// }
/// ```
///
/// `Sendable`: overrides are `Sendable` values and the cache of resolved defaults is locked.
public struct DependencyValues: Sendable {
  /// Whether unset dependencies resolve to live values or to test values.
  public enum Context: Sendable, Equatable {
    /// The running app: unset keys use `liveValue`.
    case live
    /// A test: unset keys use `testValue`.
    case test
  }

  /// Which default an unset key resolves to.
  public var context: Context {
    didSet { if context != oldValue { defaults = DefaultsCache() } }
  }

  private var overrides: [ObjectIdentifier: any Sendable] = [:]
  private var defaults = DefaultsCache()

  /// Creates dependency values with no overrides.
  ///
  /// - Parameter context: `.test` inside a test process, otherwise `.live`, unless given.
  public init(context: Context = Self.processContext) {
    self.context = context
  }

  /// The context of this process: `.test` when it runs under a test runner (its executable is a
  /// `.xctest` bundle), otherwise `.live`.
  public static let processContext: Context = {
    let executable = CommandLine.arguments.first ?? ""
    return executable.hasSuffix(".xctest") || executable.contains("PackageTests")
      ? .test : .live
  }()

  /// Reads or overrides the value of a key.
  ///
  /// - Parameter key: The dependency's key type.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      let id = ObjectIdentifier(key)
      if let value = overrides[id] as? Key.Value { return value }
      return defaults.value(for: id) {
        context == .live ? Key.liveValue : Key.testValue
      }
    }
    set {
      overrides[ObjectIdentifier(key)] = newValue
    }
  }

  /// The value set for `key`, or `nil` when it was not set (without resolving its default).
  func overriddenValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value? {
    overrides[ObjectIdentifier(key)] as? Key.Value
  }
}

/// Resolved default values, computed once per store so a live value that builds a resource is
/// built once, not on every access.
private final class DefaultsCache: Sendable {
  private let values = LockedValue<[ObjectIdentifier: any Sendable]>([:])

  func value<Value: Sendable>(for id: ObjectIdentifier, make: () -> Value) -> Value {
    if let value = values.withLock({ $0[id] }) as? Value { return value }
    // Built outside the lock: a key's default may itself read other dependencies.
    let value = make()
    return values.withLock { cached in
      if let existing = cached[id] as? Value { return existing }
      cached[id] = value
      return value
    }
  }
}
