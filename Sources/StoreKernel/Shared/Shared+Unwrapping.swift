extension Shared {
  /// The shared value inside a shared optional, while it holds one: TCA's unwrapping
  /// initializer. `nil` when `base` holds `nil` now. Reads and writes go through to `base`;
  /// once `base` holds `nil`, the value reads as it was last seen and its writes change
  /// nothing.
  ///
  /// ```swift
  /// if let draft = Shared($editor.draft) {  // $editor.draft: Shared<String?>
  ///   draft.withLock { $0 += "!" }
  /// }
  /// ```
  ///
  /// - Parameter base: The shared optional.
  public init?(_ base: Shared<Value?>) {
    guard let current = base.wrappedValue else { return nil }
    self.init(reference: SharedUnwrappedReference(base: base.reference, current: current))
  }

  /// The shared value `base` holds, or `nil`: TCA's spelling `Shared($rows[id: id])`, whose
  /// `$rows[id:]` is a shared optional there and already `Shared<Element>?` here, gives
  /// `Shared<Element>?` as in TCA.
  ///
  /// ```swift
  /// guard let syncUp = Shared($syncUps[id: id]) else { return .none }
  /// ```
  ///
  /// - Parameter base: A shared value, or `nil`.
  public init?(_ base: Shared<Value>?) {
    guard let base else { return nil }
    self = base
  }
}

/// The value inside a shared optional: reads and writes go through to the optional, under its
/// root's lock. Once the optional holds `nil`, reads give the value it held last and writes
/// change nothing.
///
/// `Sendable`: it holds a `Sendable` reference and its last value behind a lock.
final class SharedUnwrappedReference<Value: Sendable>: SharedReference<Value>,
  @unchecked Sendable
{
  // SAFETY: `base` is immutable and `Sendable`; `lastSeen` is a locked value.
  let base: SharedReference<Value?>
  private let lastSeen: LastSeenElement<Value>

  init(base: SharedReference<Value?>, current: Value) {
    self.base = base
    self.lastSeen = LastSeenElement(current)
  }

  override var root: any AnySharedBox { base.root }
  override var description: String { "\(base.description)!" }

  override func read() -> Value {
    guard let value = base.read() else { return lastSeen.get() }
    lastSeen.set(value)
    return value
  }

  override func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    let lastSeen = lastSeen
    return try base.withLock { optional in
      guard var value = optional else {
        var detached = lastSeen.get()
        return try body(&detached)
      }
      defer {
        optional = value
        lastSeen.set(value)
      }
      return try body(&value)
    }
  }

  override func snapshot(in tracker: SharedChangeTracker) -> Value? {
    base.snapshot(in: tracker) ?? nil
  }

  override func actual(in tracker: SharedChangeTracker) -> Value {
    base.actual(in: tracker) ?? lastSeen.get()
  }

  override func withSnapshot<Result>(
    in tracker: SharedChangeTracker, _ body: (inout Value) throws -> Result
  ) rethrows -> Result {
    let lastSeen = lastSeen
    return try base.withSnapshot(in: tracker) { optional in
      var value = optional ?? lastSeen.get()
      defer { if optional != nil { optional = value } }
      return try body(&value)
    }
  }

  override func subscribe(_ deliver: @escaping @Sendable (Value) -> Void) -> Int {
    base.subscribe { if let value = $0 { deliver(value) } }
  }
}
