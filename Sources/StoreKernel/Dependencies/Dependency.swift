import MultiStorePrimitives

/// Reads a dependency of the store that is running the current reducer or effect.
///
/// ```swift
/// @Dependency(\.drafts) var storage
/// let drafts = try await storage.load()
/// ```
///
/// The value is looked up on each access, so a reducer value can be shared between stores with
/// different dependencies. `Sendable`: it holds only a `Sendable` key path.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let keyPath: any KeyPath<DependencyValues, Value> & Sendable

  /// Names the dependency to read.
  ///
  /// - Parameter keyPath: The dependency's property on ``DependencyValues``.
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    self.keyPath = keyPath
  }

  /// Names the dependency to read by its key, a type that is its own key as TCA's clients
  /// often are (`extension APIClient: DependencyKey { static let liveValue = … }`), with no
  /// property on ``DependencyValues``: TCA's `@Dependency(APIClient.self) var api`.
  ///
  /// - Parameter key: The dependency's key.
  public init<Key: DependencyKey & SendableMetatype>(_ key: Key.Type) where Key.Value == Value {
    self.keyPath = DependencyKeyID<Key>.keyPath
  }

  /// The current value of the dependency.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}

/// A dependency key as a key path's subscript index: hashable, and the same for every use.
struct DependencyKeyID<Key: DependencyKey & SendableMetatype>: Hashable, Sendable {
  /// A key path as the table keeps it.
  private struct Made: Sendable {
    let keyPath: any KeyPath<DependencyValues, Key.Value> & Sendable
  }

  /// The key path to `Key`'s dependency, made once for each key type: a key path written in
  /// generic code is made anew each time it is evaluated, and a reducer made in a body is made
  /// again for every action (docs/performance.md, "A dependency read by its key type").
  static var keyPath: any KeyPath<DependencyValues, Key.Value> & Sendable {
    let id = ObjectIdentifier(Key.self)
    if let found = dependencyKeyPaths.withLock({ $0[id] }) as? Made { return found.keyPath }
    let keyPath = \DependencyValues.[keyed: DependencyKeyID<Key>()]
    dependencyKeyPaths.withLock { $0[id] = Made(keyPath: keyPath) }
    return keyPath
  }
}

/// The key paths `DependencyKeyID` has made, by key type.
private let dependencyKeyPaths = LockedValue<[ObjectIdentifier: any Sendable]>([:])

extension DependencyValues {
  /// The dependency of `Key`, for a key path made from its type (`@Dependency(Key.self)`).
  subscript<Key>(keyed _: DependencyKeyID<Key>) -> Key.Value {
    self[Key.self]
  }
}
