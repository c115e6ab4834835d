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
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    // A key path through the key's subscript: a read costs what a property's does.
    self.keyPath = \DependencyValues.[keyed: DependencyKeyID<Key>()]
  }

  /// The current value of the dependency.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}

/// A dependency key as a key path's subscript index: hashable, and the same for every use.
struct DependencyKeyID<Key: DependencyKey>: Hashable, Sendable {}

extension DependencyValues {
  /// The dependency of `Key`, for a key path made from its type (`@Dependency(Key.self)`).
  subscript<Key>(keyed _: DependencyKeyID<Key>) -> Key.Value {
    self[Key.self]
  }
}
