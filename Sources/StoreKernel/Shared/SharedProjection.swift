import MultiStorePrimitives

/// A shared property of another shared value: reads and writes go through to the base, under
/// its root's lock.
///
/// `Sendable`: it holds a `Sendable` reference and a `Sendable` key path.
final class SharedKeyPathReference<Base: Sendable, Value: Sendable>: SharedReference<Value>,
  @unchecked Sendable
{
  // SAFETY: both stored properties are immutable and `Sendable`.
  let base: SharedReference<Base>
  let keyPath: any WritableKeyPath<Base, Value> & Sendable

  init(base: SharedReference<Base>, keyPath: any WritableKeyPath<Base, Value> & Sendable) {
    self.base = base
    self.keyPath = keyPath
  }

  override var root: any AnySharedBox { base.root }
  override var description: String { "\(base.description)[keyPath: \(keyPath)]" }
  override func read() -> Value { base.read()[keyPath: keyPath] }

  override func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    try base.withLock { try body(&$0[keyPath: keyPath]) }
  }

  override func snapshot(in tracker: SharedChangeTracker) -> Value? {
    base.snapshot(in: tracker)?[keyPath: keyPath]
  }

  override func actual(in tracker: SharedChangeTracker) -> Value {
    base.actual(in: tracker)[keyPath: keyPath]
  }

  override func withSnapshot<Result>(
    in tracker: SharedChangeTracker, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    try base.withSnapshot(in: tracker) { try body(&$0[keyPath: keyPath]) }
  }

  override func subscribe(_ deliver: @escaping @Sendable (Value) -> Void) -> Int {
    let keyPath = keyPath
    return base.subscribe { deliver($0[keyPath: keyPath]) }
  }
}

/// A shared element of a shared collection, found by its id: reads and writes go through to
/// the collection, under its root's lock. Once the element is removed, reads give the value it
/// had last and writes change nothing.
///
/// `Sendable`: it holds a `Sendable` reference, a `Sendable` id and its last value behind the
/// root's lock.
final class SharedElementReference<Collection: SharedIdentifiedCollection>: SharedReference<
  Collection.Element
>, @unchecked Sendable
where Collection: Sendable, Collection.Element: Sendable, Collection.Element.ID: Sendable {
  // SAFETY: `base` and `id` are immutable and `Sendable`; `lastSeen` is only read and written
  // inside the base's `withLock` or `read`, and is itself a locked value.
  let base: SharedReference<Collection>
  let id: Collection.Element.ID
  private let lastSeen: LastSeenElement<Collection.Element>

  init(base: SharedReference<Collection>, id: Collection.Element.ID, current: Collection.Element) {
    self.base = base
    self.id = id
    self.lastSeen = LastSeenElement(current)
  }

  override var root: any AnySharedBox { base.root }
  override var description: String { "\(base.description)[id: \(id)]" }

  override func read() -> Collection.Element {
    if let element = base.read().sharedElement(id: id) {
      lastSeen.set(element)
      return element
    }
    return lastSeen.get()
  }

  override func withLock<Result>(
    _ body: (inout Collection.Element) throws -> Result
  ) rethrows -> Result {
    let id = id
    let lastSeen = lastSeen
    return try base.withLock { collection in
      guard var element = collection.sharedElement(id: id) else {
        var detached = lastSeen.get()
        return try body(&detached)
      }
      defer {
        collection.replaceSharedElement(id: id, with: element)
        lastSeen.set(element)
      }
      return try body(&element)
    }
  }

  override func snapshot(in tracker: SharedChangeTracker) -> Collection.Element? {
    base.snapshot(in: tracker).flatMap { $0.sharedElement(id: id) }
  }

  override func actual(in tracker: SharedChangeTracker) -> Collection.Element {
    base.actual(in: tracker).sharedElement(id: id) ?? lastSeen.get()
  }

  override func withSnapshot<Result>(
    in tracker: SharedChangeTracker, _ body: (inout Collection.Element) throws -> Result
  ) rethrows -> Result {
    let id = id
    let lastSeen = lastSeen
    return try base.withSnapshot(in: tracker) { collection in
      var element = collection.sharedElement(id: id) ?? lastSeen.get()
      defer { collection.replaceSharedElement(id: id, with: element) }
      return try body(&element)
    }
  }

  override func subscribe(_ deliver: @escaping @Sendable (Collection.Element) -> Void) -> Int {
    let id = id
    return base.subscribe { collection in
      if let element = collection.sharedElement(id: id) { deliver(element) }
    }
  }
}

/// The last value an element reference saw, for reads after the element was removed.
final class LastSeenElement<Element: Sendable>: Sendable {
  private let value: LockedValue<Element>
  init(_ value: Element) { self.value = LockedValue(value) }
  func get() -> Element { value.withLock { $0 } }
  func set(_ element: Element) { value.withLock { $0 = element } }
}

/// A collection whose elements can be found and replaced by id: what `Shared.subscript(id:)`
/// derives a shared element from. Arrays of `Identifiable` elements conform; an identified
/// array type conforms by forwarding to its own lookup by id.
///
/// Conforming types are value types; the protocol says nothing about `Sendable`.
public protocol SharedIdentifiedCollection {
  /// The element type, identified by `ID`.
  associatedtype Element: Identifiable

  /// The element with `id`, if there is one.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The element, or `nil`.
  func sharedElement(id: Element.ID) -> Element?

  /// Replaces the element with `id` by `element`; does nothing when there is none.
  ///
  /// - Parameters:
  ///   - id: The element's id.
  ///   - element: Its new value.
  mutating func replaceSharedElement(id: Element.ID, with element: Element)
}

extension Array: SharedIdentifiedCollection where Element: Identifiable {
  /// The first element with `id`, if there is one.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The element, or `nil`.
  public func sharedElement(id: Element.ID) -> Element? {
    first { $0.id == id }
  }

  /// Replaces the first element with `id` by `element`, in place; does nothing when there is
  /// none.
  ///
  /// - Parameters:
  ///   - id: The element's id.
  ///   - element: Its new value.
  public mutating func replaceSharedElement(id: Element.ID, with element: Element) {
    guard let index = firstIndex(where: { $0.id == id }) else { return }
    self[index] = element
  }
}
