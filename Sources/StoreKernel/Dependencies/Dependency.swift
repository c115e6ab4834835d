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

  /// The current value of the dependency.
  public var wrappedValue: Value {
    DependencyValues.current[keyPath: keyPath]
  }
}
