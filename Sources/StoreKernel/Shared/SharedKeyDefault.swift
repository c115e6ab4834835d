/// A key that carries the value to start from: TCA's `SharedKey.Default`. Declare it once, as a
/// static member, and every holder writes `@Shared(.syncUps) var syncUps`, with no type and no
/// default:
///
/// ```swift
/// extension SharedKey where Self == InMemoryKey<[String]>.Default {
///   static var recentSearches: Self {
///     Self[.inMemory("recentSearches"), default: []]
///   }
/// }
///
/// struct Search {
///   @Shared(.recentSearches) var recentSearches
/// }
/// ```
///
/// It names the same value as the key it wraps (the same ``id`` and storage). A holder may still
/// give a default of its own (`@Shared(.recentSearches) var recentSearches = ["swift"]`), used
/// when it is the first holder.
///
/// `Sendable`: it holds a `Sendable` key and a `@Sendable` closure.
public struct SharedKeyDefault<Base: SharedKey>: SharedKey {
  /// The kept value's type: the wrapped key's.
  public typealias Value = Base.Value

  /// The key that says where the value is kept.
  public let base: Base
  /// Makes the value to start from when no one holds the key yet.
  let defaultValue: @Sendable () -> Base.Value

  /// Creates the key with its default.
  ///
  /// - Parameters:
  ///   - base: Where the value is kept.
  ///   - defaultValue: The value to start from; made only when the first holder needs it.
  public init(_ base: Base, default defaultValue: @escaping @Sendable () -> Base.Value) {
    self.base = base
    self.defaultValue = defaultValue
  }

  /// The key `key` with the default `value`, as TCA spells it: `Self[.inMemory("x"), default: 0]`.
  ///
  /// - Parameters:
  ///   - key: Where the value is kept.
  ///   - value: The value to start from when no one holds the key yet.
  public static subscript(
    _ key: Base, default value: @autoclosure @escaping @Sendable () -> Base.Value
  ) -> Self {
    Self(key, default: value)
  }

  /// The wrapped key's id: both name one value.
  public var id: String { base.id }

  /// The wrapped key's storage.
  ///
  /// - Parameter context: The value being kept.
  /// - Returns: What the wrapped key makes.
  public func makeStorage(for context: SharedKeyContext<Value>) -> (any SharedKeyStorage<Value>)? {
    base.makeStorage(for: context)
  }
}

extension SharedKey {
  /// This key with a default value: `FileStorageKey<[SyncUp]>.Default`, as in TCA.
  public typealias Default = SharedKeyDefault<Self>
}

extension Shared {
  /// Holds the value kept under `key`, starting from the key's default when no one holds it
  /// yet: `@Shared(.syncUps) var syncUps`.
  ///
  /// - Parameter key: Where the value is kept, and its default.
  public init<Key: SharedKey>(_ key: SharedKeyDefault<Key>) where Key.Value == Value {
    self.init(wrappedValue: key.defaultValue(), key)
  }

  /// Holds the value kept under `key`, starting from `wrappedValue` (not the key's default)
  /// when no one holds it yet: `@Shared(.syncUps) var syncUps = [syncUp]`.
  ///
  /// - Parameters:
  ///   - wrappedValue: The value to start with when no one holds the key yet.
  ///   - key: Where the value is kept.
  public init<Key: SharedKey>(
    wrappedValue: @autoclosure () -> Value, _ key: SharedKeyDefault<Key>
  ) where Key.Value == Value {
    let registry = DependencyValues.current.sharedRegistry
    self.init(reference: registry.box(for: key, makeDefault: wrappedValue))
  }
}
