import Synchronization

/// A property of a feature's state that carries a stamp, renewed by every change: a view reads
/// it through its view store as `viewStore.$name`, and the view store tracks the stamp instead
/// of the value.
///
/// Mark the state's large properties with it (a list of 10,000 notes, a 10 MB text): a tracked
/// read of a plain property keeps the value it saw and compares it after every action, so a
/// large one would be compared on every keystroke and kept alive beside the store's copy, and
/// its next change in place would copy it whole. A stamp is one word, compared in one
/// instruction, and keeps nothing alive. Reducers use the property as before.
///
/// ```swift
/// struct EditorState: Equatable {
///   @Stamped var body = ""
///   var cursor = 0
/// }
///
/// /// What the editor's status line shows, over its view store.
/// func statusLine<ViewAction>(of viewStore: ViewStore<EditorState, ViewAction>) -> String {
///   "\(viewStore.$body.count) characters, cursor at \(viewStore.cursor)"
/// }
/// ```
///
/// Every change takes a stamp no other value has had (from one counter for the process), and a
/// copy keeps its original's: equal stamps mean the same value, so `==` compares stamps first
/// and values only when the stamps differ. A change that leaves the value as it was still takes
/// a new stamp; a view tracking it is told, and draws the same thing again.
///
/// `Sendable` when `Value` is.
@propertyWrapper
public struct Stamped<Value> {
  /// What changes with every change of the value: equal stamps mean equal values.
  ///
  /// `Sendable`.
  public struct Stamp: Hashable, Sendable {
    @usableFromInline let rawValue: UInt64

    @usableFromInline
    init(rawValue: UInt64) {
      self.rawValue = rawValue
    }
  }

  @usableFromInline var value: Value
  /// The value's stamp: renewed by every change.
  public var stamp: Stamp { currentStamp }
  @usableFromInline var currentStamp: Stamp

  /// Stamps a first value.
  ///
  /// - Parameter wrappedValue: The value.
  @inlinable
  public init(wrappedValue: Value) {
    value = wrappedValue
    currentStamp = Stamp(rawValue: StampCounter.next())
  }

  /// The value; every change of it takes a new stamp.
  @inlinable
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      currentStamp = Stamp(rawValue: StampCounter.next())
    }
    _modify {
      // Renewed first: a change that is abandoned half-way (an error thrown) is still a change
      // to whoever saw the old stamp.
      currentStamp = Stamp(rawValue: StampCounter.next())
      yield &value
    }
  }

  /// The value with its stamp: what `$name` reads, and what a view store tracks.
  @inlinable
  public var projectedValue: Stamped<Value> { self }
}

/// Hands out the stamps: one counter for the process, so no two changes anywhere share one.
@usableFromInline
enum StampCounter {
  private static let counter = Atomic<UInt64>(0)

  @usableFromInline
  static func next() -> UInt64 {
    counter.wrappingAdd(1, ordering: .relaxed).newValue
  }
}

extension Stamped: Equatable where Value: Equatable {
  /// Whether the values are equal: at once when the stamps are, by comparing them otherwise.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.currentStamp == rhs.currentStamp || lhs.value == rhs.value
  }
}

extension Stamped: Hashable where Value: Hashable {
  /// Hashes the value (not the stamp: equal values with different stamps are equal).
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(value)
  }
}

extension Stamped: Sendable where Value: Sendable {}

extension Stamped: Encodable where Value: Encodable {
  /// Encodes the value alone.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(value)
  }
}

extension Stamped: Decodable where Value: Decodable {
  /// Decodes a value, with a new stamp.
  public init(from decoder: any Decoder) throws {
    self.init(wrappedValue: try decoder.singleValueContainer().decode(Value.self))
  }
}

extension Stamped: CustomReflectable {
  /// The value's own mirror: a state's printed changes (`printChanges`, a test store's
  /// failures) show the value, not its stamp.
  public var customMirror: Mirror { Mirror(reflecting: value) }
}
