public import Observation
public import StoreKernel

/// What a feature's view holds: it reads the feature's state, is told through Swift's
/// Observation when what it read changed, and sends view actions, nothing else. Internal and
/// delegate actions cannot be expressed through it, so the compiler keeps view code to its side
/// of the view / internal / delegate convention.
///
/// It knows nothing about any UI: a terminal view, a SwiftUI view or a test reads it the same
/// way. Reads are tracked per property: `viewStore.count` inside `withObservationTracking`
/// registers `count`, and the tracking fires when `count` changes, and not when anything else
/// does. A renderer (`TerminalRendering`, SwiftUI's `body`) therefore redraws exactly when state
/// it showed has changed.
///
/// ```swift
/// let text = withObservationTracking {
///   "\(viewStore.count) \(viewStore.isFavorite ? "★" : "")"
/// } onChange: {
///   scheduleRedraw()
/// }
/// ```
///
/// **Read narrow, cheap properties.** After every batch of actions the view store compares the
/// value of each property its views have read with the new state, and it keeps the last value
/// of each. A property that holds a large value (the notes array, a 10 MB body) would be
/// compared on every keystroke and kept alive alongside the store's copy, so a mutation in place
/// would copy it. Track a small key that changes with it (a revision, a count) and read the
/// large value with ``peek(_:)``, which is not tracked.
///
/// It holds its store weakly: once the feature has stopped, `send` does nothing and reads give
/// the feature's last state.
///
/// Not `Sendable`: confined to the feature's actor.
@dynamicMemberLookup
public final class ViewStore<State, ViewAction: Sendable>: Observable {
  // The paths a keystroke takes (send, the comparison after each batch, a read) are
  // `@inlinable`, and the view store is made in the feature's module, so they run specialized
  // for the feature's state: compiled once in this module they would look up generic type
  // metadata on every call (docs/performance.md).
  @usableFromInline weak var source: (any StateSource<State>)?
  @usableFromInline let sendView: (ViewAction) -> Void
  @usableFromInline let sendViews: ([ViewAction]) -> Void
  @usableFromInline let registrar = ObservationRegistrar()
  /// Where each property read so far is in `reads`, so a read finds it at once.
  @usableFromInline var trackedIndex: [TrackedKey: Int] = [:]
  /// The properties read so far, with their last values, in the order first read: what every
  /// batch of actions is compared against.
  @usableFromInline var reads: [TrackedRead] = []
  /// The store's last state, once it has ended. In a box of its own, so the store's end hook
  /// need not refer to the view store: nothing refers to a view store weakly, which keeps its
  /// retains and releases on the fast path (an object referred to weakly gets a side table, and
  /// every release of it takes the slow path).
  @usableFromInline let ending = FinalState()
  @usableFromInline var observation: ObservationToken?

  /// Creates a view store over a feature's store. Feature modules get one from their running
  /// feature (``Feature/viewStore(state:viewAction:)``); a host builds one over a scoped store
  /// in a single-store app.
  ///
  /// - Parameter store: The store whose state the view reads and to which it sends.
  @inlinable
  package init<Action: BoundaryAction>(_ store: Store<State, Action>)
  where Action.ViewAction == ViewAction {
    self.source = store
    self.sendView = { [weak store] in store?.send(.view($0)) }
    self.sendViews = { [weak store] actions in
      store?.send(contentsOf: actions.lazy.map { Action.view($0) })
    }
    // `unowned(unsafe)`: the observation is cancelled when the view store goes (its token is
    // released with it), and the store checks that before each call, on this actor.
    let ending = ending
    observation = store.observeStates(
      { [unowned(unsafe) self] state in stateDidChange(state) },
      onEnd: { state in ending.state = state })
  }

  /// A view store of a feature that has stopped: it shows the last state and sends nothing.
  @usableFromInline
  init(finalState: State) {
    self.sendView = { _ in }
    self.sendViews = { _ in }
    ending.state = finalState
  }

  /// Whether the feature is still running. Once it has stopped, reads give its last state.
  ///
  /// Named apart from any likely state property: a member of the view store itself (this,
  /// ``send(_:)``, ``peek(_:)``) hides a state property of the same name from
  /// `viewStore.name`; such a property can still be read with ``peek(_:)``.
  public var isFeatureRunning: Bool { source != nil }

  /// Reads a property of the feature's state, and tracks the read: an observer of this view
  /// store (inside `withObservationTracking`) is told when this property changes.
  ///
  /// - Parameter keyPath: The property.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let key = TrackedKey(keyPath)
    let value = currentState[keyPath: keyPath]
    let read: TrackedRead
    if let index = trackedIndex[key] {
      read = reads[index]
    } else {
      let tracked = TrackedValue(key: key, keyPath: keyPath, value: value)
      // Formed here, where the property's type is known, so the comparison runs specialized
      // (a method overridden in a generic class runs its generic copy). `unowned(unsafe)`: the
      // closure is stored in the object it refers to, so it cannot outlive it.
      tracked.takeIfChanged = { [unowned(unsafe) tracked] in tracked.take(ifChangedIn: $0) }
      read = tracked
      trackedIndex[key] = reads.count
      reads.append(read)
    }
    read.mayBeObserved = true
    registrar.access(self, keyPath: read.observationKey)
    return value
  }

  /// Reads a property without tracking it: for large values a view shows but tracks through a
  /// smaller key (see the type's discussion).
  ///
  /// - Parameter keyPath: The property.
  /// - Returns: Its current value.
  @inlinable
  public func peek<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    currentState[keyPath: keyPath]
  }

  /// Sends a view action to the feature.
  ///
  /// - Parameter action: The view action.
  @inlinable
  public func send(_ action: ViewAction) {
    sendView(action)
  }

  /// Sends several view actions as one batch: observers are notified once (a paste is one
  /// render, not one per character).
  ///
  /// - Parameter actions: The view actions, in order.
  @inlinable
  public func send(contentsOf actions: [ViewAction]) {
    sendViews(actions)
  }

  @inlinable
  var currentState: State {
    if let source { return source.state }
    guard let finalState = ending.state else {
      preconditionFailure("A ViewStore's store was released before it reported its last state")
    }
    return finalState
  }

  /// Compares every tracked property with `state` and tells observers about the changed ones.
  @inlinable
  func stateDidChange(_ state: State) -> Bool {
    // One property at a time, as if each were set in turn: no list of changes to allocate.
    var changedAny = false
    // Each property is read from the state once: `takeIfChanged` compares and keeps it.
    for read in reads where read.takeIfChanged(state) {
      changedAny = true
      // Observation's tracking is one-shot: a change ends every tracking that registered the
      // property, and only a new read registers it again. Until then nobody can be told, so
      // the registrar (tens of nanoseconds per change, observed or not) is skipped: a burst of
      // keys between two frames tells Observation once.
      guard read.mayBeObserved else { continue }
      read.mayBeObserved = false
      registrar.willSet(self, keyPath: read.observationKey)
      registrar.didSet(self, keyPath: read.observationKey)
    }
    return changedAny
  }

  /// A property a view read, with the value it read last, and the key path Observation
  /// tracks it by (made once: building a key path with an argument allocates). The comparison
  /// is a closure made where the property was first read, so it runs specialized for the
  /// property's type, with no boxing.
  @usableFromInline
  class TrackedRead {
    /// Whether `state` holds another value than the one last read; if so, records it as the
    /// last one read.
    @usableFromInline final var takeIfChanged: (State) -> Bool = { _ in false }
    @usableFromInline let observationKey: KeyPath<ViewStore, Int>
    /// Whether the property was read since Observation was last told it changed: only a read
    /// can register an observer (``ViewStore/subscript(dynamicMember:)``).
    @usableFromInline final var mayBeObserved = false

    @usableFromInline
    init(key: TrackedKey) {
      observationKey = \ViewStore.[tracked: key]
    }

  }

  @usableFromInline
  final class TrackedValue<Value: Equatable>: TrackedRead {
    @usableFromInline let keyPath: KeyPath<State, Value>
    @usableFromInline var value: Value

    @inlinable
    init(key: TrackedKey, keyPath: KeyPath<State, Value>, value: Value) {
      self.keyPath = keyPath
      self.value = value
      super.init(key: key)
    }

    @inlinable
    func take(ifChangedIn state: State) -> Bool {
      let current = state[keyPath: keyPath]
      guard current != value else { return false }
      value = current
      return true
    }
  }

  /// Where the store's end hook leaves its last state.
  @usableFromInline
  final class FinalState {
    @usableFromInline var state: State?

    @usableFromInline
    init() {}
  }

  /// What Observation tracks for a read of a state property: one key path of this view store
  /// per state key path read.
  @usableFromInline
  subscript(tracked key: TrackedKey) -> Int { 0 }
}

/// A state key path, as a hashable subscript argument of a view store key path.
@usableFromInline
struct TrackedKey: Hashable, @unchecked Sendable {
  // SAFETY: key paths are immutable values; only compared and hashed here.
  @usableFromInline let keyPath: AnyKeyPath

  @inlinable
  init(_ keyPath: AnyKeyPath) {
    self.keyPath = keyPath
  }
}

/// The parts of a store a view store reaches, without knowing the store's action type.
@usableFromInline
protocol StateSource<State>: AnyObject {
  associatedtype State
  var state: State { get }
}

extension Store: StateSource {}
