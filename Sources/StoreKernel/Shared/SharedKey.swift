/// Where a shared value is kept and how: the strategy behind `@Shared(.inMemory("count"))`.
///
/// Two holders of keys with the same ``id`` in one process share one value: the first one
/// makes it (with its default), and the key's storage, if it has one, loads what was kept and
/// saves every change from then on. In a test, values are kept per test (parallel tests never
/// share one), once StoreKernelTesting is in use.
///
/// `Sendable`: keys are plain values.
public protocol SharedKey<Value>: Sendable {
  /// The kept value's type.
  associatedtype Value: Sendable

  /// Names the value in its process: keys with equal ids share one value. Include the kind of
  /// storage (`"inMemory:count"`), so different strategies never collide.
  var id: String { get }

  /// Starts keeping the value the first holder of this key has made: loads what was kept
  /// without blocking the caller (``SharedKeyContext/replaceWithLoaded(_:ifUnchangedSince:)``), and saves changes
  /// from then on. Called once per value.
  ///
  /// - Parameter context: The value being kept.
  /// - Returns: The storage, or `nil` to keep the value in memory only.
  func makeStorage(for context: SharedKeyContext<Value>) -> (any SharedKeyStorage<Value>)?
}

/// Keeps one shared value between runs: what a ``SharedKey`` makes for it.
///
/// `Sendable`: shared by the value's holders and the storage's own work.
public protocol SharedKeyStorage<Value>: AnyObject, Sendable {
  /// The kept value's type.
  associatedtype Value: Sendable

  /// The value changed to `value`: save it, as soon as the storage's rules allow (a burst of
  /// changes may be one write). Called after each change, outside the value's lock; calls from
  /// concurrent writers may arrive out of order, so keep the value with the highest `version`.
  ///
  /// - Parameters:
  ///   - value: The new value.
  ///   - version: Counts the value's changes: a higher version is a newer value.
  func valueDidChange(_ value: Value, version: Int)

  /// Waits until the first load has ended (at once if it has).
  func loaded() async

  /// Saves the newest value if a change has not been saved yet, and waits for the write.
  func save() async

  /// Why the last load failed (the value then stays at its default), or `nil`.
  var loadError: (any Error)? { get }

  /// Why the last save failed, or `nil` once a save succeeds.
  var saveError: (any Error)? { get }
}

/// The shared value a ``SharedKeyStorage`` keeps: read it, replace it with what was loaded.
///
/// `Sendable`: it holds the value's box weakly; the box is `Sendable`.
public struct SharedKeyContext<Value: Sendable>: Sendable {
  private weak var box: SharedBox<Value>?

  init(box: SharedBox<Value>) {
    self.box = box
  }

  /// The current value, or `nil` once every holder has let it go.
  public var value: Value? { box?.read() }

  /// Installs a loaded value, unless the value has changed since the change numbered
  /// `version` (a holder's change wins over what was kept): every holder and subscriber sees
  /// it, and it is not handed to the storage to save.
  ///
  /// - Parameters:
  ///   - value: What the storage loaded.
  ///   - version: The newest change the storage has been told of (0 for none).
  /// - Returns: Whether the value was installed.
  @discardableResult
  public func replaceWithLoaded(_ value: Value, ifUnchangedSince version: Int = 0) -> Bool {
    box?.replaceWithLoaded(value, ifUnchangedSince: version) ?? false
  }
}

extension SharedKey {
  /// A value kept in memory under `name`: every holder of the same name in the process (in a
  /// test, in the same test) shares it; nothing is written anywhere.
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  ///
  /// - Parameter name: The value's name.
  /// - Returns: The key.
  public static func inMemory<Kept>(_ name: String) -> Self where Self == InMemoryKey<Kept> {
    InMemoryKey(name: name)
  }
}

/// A shared value kept in memory under a name; see ``SharedKey/inMemory(_:)``.
///
/// `Sendable` plain value.
public struct InMemoryKey<Value: Sendable>: SharedKey {
  /// The value's name.
  public let name: String

  /// Creates the key for `name`.
  ///
  /// - Parameter name: The value's name.
  public init(name: String) {
    self.name = name
  }

  /// `inMemory:` and the name.
  public var id: String { "inMemory:" + name }

  /// None: the value lives in memory only.
  ///
  /// - Parameter context: The value.
  /// - Returns: `nil`.
  public func makeStorage(for context: SharedKeyContext<Value>) -> (any SharedKeyStorage<Value>)? {
    nil
  }
}
