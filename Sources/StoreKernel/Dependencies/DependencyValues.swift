import MultiStorePrimitives

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

  // Each value sits in a box typed by its key's value. A key's type decides its value's type,
  // so a read finds the box by the key and takes the value out without a dynamic cast: a cast
  // of `any Sendable` to a constrained existential such as `any Clock<Duration>` checks the
  // constraint through the runtime's demangler, microseconds on every read (docs/performance.md).
  private var overrides: [ObjectIdentifier: AnyDependencyBox] = [:]
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
      if let box = overrides[ObjectIdentifier(key)] { return box.value(of: key) }
      return defaults.value(for: key) {
        context == .live ? Key.liveValue : Key.testValue
      }
    }
    set {
      overrides[ObjectIdentifier(key)] = DependencyBox<Key.Value>(newValue)
    }
  }

  /// These values with a cache of resolved defaults of their own.
  func withOwnDefaults() -> DependencyValues {
    var values = self
    values.defaults = DefaultsCache()
    return values
  }

  /// The value set for `key`, or `nil` when it was not set (without resolving its default).
  func overriddenValue<Key: DependencyKey>(for key: Key.Type) -> Key.Value? {
    overrides[ObjectIdentifier(key)]?.value(of: key)
  }
}

/// Resolved default values, computed once per store so a live value that builds a resource is
/// built once, not on every access.
private final class DefaultsCache: Sendable {
  private let values = LockedValue<[ObjectIdentifier: AnyDependencyBox]>([:])

  func value<Key: DependencyKey>(for key: Key.Type, make: () -> Key.Value) -> Key.Value {
    let id = ObjectIdentifier(key)
    if let box = values.withLock({ $0[id] }) { return box.value(of: key) }
    // Built outside the lock: a key's default may itself read other dependencies.
    let value = make()
    return values.withLock { cached in
      if let existing = cached[id] { return existing.value(of: key) }
      cached[id] = DependencyBox<Key.Value>(value)
      return value
    }
  }
}

/// A dependency value, stored under its key's identifier. `Sendable`: it holds a `Sendable`
/// value and never changes.
private class AnyDependencyBox: @unchecked Sendable {
  // SAFETY: the only instances are `DependencyBox`es, whose one stored value is `Sendable` and
  // immutable.

  /// The value, for the key it is stored under.
  final func value<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    // Boxes are stored only under `ObjectIdentifier(Key.self)` and made as
    // `DependencyBox<Key.Value>`, so the box under a key always has that key's value type. A
    // checked cast would look up the box type's metadata on every read (this runs generic).
    Unretained<DependencyBox<Key.Value>>(knownType: self).lend { $0.value }
  }
}

private final class DependencyBox<Value: Sendable>: AnyDependencyBox, @unchecked Sendable {
  // SAFETY: see `AnyDependencyBox`.
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
