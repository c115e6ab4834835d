extension Shared {
  /// Holds the value kept under `key`: the value other holders of the same key hold, or a new
  /// one starting at `wrappedValue` (then loaded from the key's storage, if it keeps one).
  ///
  /// ```swift
  /// @Shared(.inMemory("count")) var count = 0
  /// ```
  ///
  /// - Parameters:
  ///   - wrappedValue: The value to start with when no one holds the key yet.
  ///   - key: Where the value is kept.
  public init(wrappedValue: @autoclosure () -> Value, _ key: some SharedKey<Value>) {
    let registry = DependencyValues.current.sharedRegistry
    self.init(reference: registry.box(for: key, makeDefault: wrappedValue))
  }

  /// Saves the value now if its key's storage has a change not yet written, and waits for
  /// the write: what a feature does as it stops. Does nothing for a value no storage keeps.
  public func save() async {
    await (reference.root as? any SharedKeyHolding)?.anyKeyStorage?.save()
  }

  /// Waits until the key's storage has loaded what it kept (at once for a value no storage
  /// keeps); ``loadError`` then says whether the load failed.
  public func loaded() async {
    await (reference.root as? any SharedKeyHolding)?.anyKeyStorage?.loaded()
  }

  /// Why loading the kept value failed (the value then stays at its default), or `nil`.
  public var loadError: (any Error)? {
    (reference.root as? any SharedKeyHolding)?.anyKeyStorage?.loadError
  }

  /// Why the last save of the value failed, or `nil`.
  public var saveError: (any Error)? {
    (reference.root as? any SharedKeyHolding)?.anyKeyStorage?.saveError
  }
}

/// A root box that may have a key's storage.
package protocol SharedKeyHolding {
  /// The storage, with its value type erased.
  var anyKeyStorage: (any SharedKeyStorage)? { get }
}

extension SharedBox: SharedKeyHolding {
  package var anyKeyStorage: (any SharedKeyStorage)? { keyStorage }
}
