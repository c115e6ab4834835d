/// Optional state of a feature that a parent presents (a sheet, a pushed screen, an alert):
/// present while it is shown, `nil` otherwise.
///
/// Mark the property with it:
///
/// ```swift
/// struct State: Equatable {
///   @PresentationState var editor: Editor.State?
/// }
/// ```
///
/// and integrate the child with the `ifLet` that takes its projected value:
///
/// ```swift
/// .ifLet(\.$editor, action: Action.editor) { Editor() }
/// ```
///
/// The reducer reads and writes `state.editor` as a plain optional. The value is kept in a box,
/// copied on write, so a feature can present itself (`@PresentationState var child: State?`
/// inside `State`). Equality and hashing are the wrapped value's. `Equatable`, `Hashable`,
/// `Codable` when `State` is; `Sendable` when `State` is.
@propertyWrapper
public struct PresentationState<State> {
  private final class Box: @unchecked Sendable {
    // SAFETY: a box is written only through a `PresentationState` that holds its only reference
    // (`wrappedValue` copies it first otherwise), so a box that another value or thread can see
    // never changes; `PresentationState` is `Sendable` only when `State` is.
    let serial = UniqueNumber.next()
    var writes = 0
    var value: State?
    init(_ value: State?) { self.value = value }
  }

  private var box: Box
  /// The child the `ifLet` last saw presented, so that it can cancel that child's effects
  /// however it went away; not part of the value.
  @usableFromInline var presented: PresentedChild?

  /// The navigation id of the child the `ifLet` last saw presented (its effects' id), or `nil`:
  /// what a reducer built on the `ifLet` compares before and after it runs to learn that a new
  /// child appeared (FeatureBridge starts a presented feature then).
  @usableFromInline package var presentedID: NavigationID? { presented?.id }

  /// The state of the feature presented here when it is composed into the presenting store
  /// (FeatureBridge's `FeatureHosting.composed`): the feature's own, opaque to the parent; not
  /// part of the value (equality, hashing, coding and printing are the presented value's, as
  /// when the feature runs in a store of its own).
  @usableFromInline package var composed: ComposedState?

  /// Whether a child is presented, read without copying its state.
  @usableFromInline
  var isPresented: Bool {
    box.value != nil
  }

  /// Which box holds the value and how many times it was written: the same stamp means the
  /// same value (a box is only written while no other value shares it).
  @usableFromInline
  var stamp: PresentationStamp {
    PresentationStamp(serial: box.serial, writes: box.writes)
  }

  /// Creates the state with its initial value.
  ///
  /// - Parameter wrappedValue: The presented child's state, or `nil`.
  public init(wrappedValue: State?) {
    box = Box(wrappedValue)
  }

  /// The presented child's state, or `nil` when nothing is presented.
  public var wrappedValue: State? {
    get { box.value }
    set {
      if isKnownUniquelyReferenced(&box) {
        box.value = newValue
        box.writes &+= 1
      } else {
        box = Box(newValue)
      }
    }
    _modify {
      if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
      box.writes &+= 1
      yield &box.value
    }
  }

  /// The state itself, which `ifLet` takes: `\.$editor`.
  public var projectedValue: Self {
    get { self }
    set { self = newValue }
    // In place: a write through `\.$editor` must not copy the state while the original holds
    // it too (a composed feature's box would be copied on every action).
    _modify { yield &self }
  }

  /// The child's state in one case of an enum destination: `nil` when nothing is presented or
  /// the destination is in another case. Changing it while the destination is in another case
  /// (or nothing is presented) is reported and changes nothing; setting it to `nil` dismisses.
  ///
  /// ```swift
  /// state.$destination[case: Destination.State.editorPath]?.text = "Draft"
  /// ```
  ///
  /// - Parameter casePath: The case of the destination enum.
  public subscript<Case>(case casePath: CasePath<State, Case>) -> Case? {
    get { box.value.flatMap(casePath.extract) }
    _modify {
      var value = box.value.flatMap(casePath.extract)
      let found = value != nil
      yield &value
      if found {
        wrappedValue = value.map(casePath.embed)
      } else {
        IssueReporter.report(
          "A presented destination was changed through a case it is not in (\(Case.self)); "
            + "the change was dropped.")
      }
    }
  }

  /// The child's state in one case of an enum destination, the case by its constructor:
  /// TCA's `$0.destination?.modify(\.edit) { $0.title = "Draft" }` in a test's assertion is
  /// `$0.$destination[case: Destination.State.edit]?.title = "Draft"`. As
  /// ``subscript(case:)-(CasePath<State,Case>)``, with the path read by reflection.
  ///
  /// - Parameter embed: The case of the destination enum, by its constructor.
  public subscript<Case>(case embed: @escaping @Sendable (Case) -> State) -> Case? {
    get { self[case: CasePath(embed)] }
    _modify { yield &self[case: CasePath(embed)] }
  }

  /// Whether both share one box: then they are equal without comparing.
  func sharesBox(with other: Self) -> Bool {
    box === other.box
  }
}

/// When a presentation state's value was last seen: see `PresentationState.stamp`.
@usableFromInline
struct PresentationStamp: Equatable, Sendable {
  let serial: UInt64
  let writes: Int
}

/// A child an `ifLet` saw presented: its identity, and the stamp of the state it read it from
/// (while the stamp is the same, so is the identity, and it need not be read again).
@usableFromInline
struct PresentedChild: Sendable {
  @usableFromInline let id: NavigationID
  @usableFromInline let stamp: PresentationStamp

  @usableFromInline
  init(id: NavigationID, stamp: PresentationStamp) {
    self.id = id
    self.stamp = stamp
  }
}

extension PresentationState: Equatable where State: Equatable {
  /// Whether both present equal states (or nothing).
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.sharesBox(with: rhs) || lhs.wrappedValue == rhs.wrappedValue
  }
}

extension PresentationState: Hashable where State: Hashable {
  /// Hashes the presented state.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(wrappedValue)
  }
}

extension PresentationState: Sendable where State: Sendable {}

extension PresentationState: Encodable where State: Encodable {
  /// Encodes the presented state, or `nil`.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(wrappedValue)
  }
}

extension PresentationState: Decodable where State: Decodable {
  /// Decodes the presented state, or `nil`.
  ///
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self.init(wrappedValue: try container.decode(State?.self))
  }
}

extension PresentationState: CustomReflectable {
  /// The presented state as an optional: a diff or a dump shows it as one.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue as Any)
  }
}

extension PresentationState: CustomStringConvertible, CustomDebugStringConvertible {
  /// The presented state as an optional prints it.
  public var description: String { String(describing: wrappedValue) }
  /// The presented state as an optional prints it for debugging.
  public var debugDescription: String { String(reflecting: wrappedValue) }
}
