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
/// Once the feature has stopped, `send` does nothing and reads give the feature's last state.
/// (It holds the store strongly while the feature runs, and the feature's host tells it when the
/// feature stops.)
///
/// Not `Sendable`: confined to the feature's actor.
@dynamicMemberLookup
public final class ViewStore<State, ViewAction: Sendable>: Observable {
  // The paths a keystroke takes (send, the comparison after each batch, a read) are
  // `@inlinable`, and the view store is made in the feature's module, so they run specialized
  // for the feature's state: compiled once in this module they would look up generic type
  // metadata on every call (docs/performance.md).
  //
  // The properties those paths touch are `@exclusivity(unchecked)`: a view store is confined to
  // its feature's actor, and every access to them is a single read or write that calls no other
  // code, so two accesses can never overlap; the runtime's dynamic check (a thread-local
  // access set, on each access) was a tenth of a keystroke.
  @usableFromInline let registrar = ObservationRegistrar()
  /// Where each property read so far is in `reads`, so a read finds it at once.
  @usableFromInline var trackedIndex: [TrackedKey: Int] = [:]
  /// The same, by the identity of each key path object read so far (kept alive here).
  @usableFromInline var indexByIdentity: [ObjectIdentifier: (keyPath: AnyKeyPath, index: Int)] =
    [:]
  /// The properties read so far, with their last values, in the order first read: what every
  /// batch of actions is compared against.
  @usableFromInline @exclusivity(unchecked) var reads: [TrackedRead] = []
  /// The store while the feature runs, its last state once it has stopped (see ``Connection``).
  @usableFromInline let connection: Connection
  @usableFromInline var observation: ObservationToken?

  /// Creates a view store over a feature's store. Feature modules get one from their running
  /// feature (``Feature/viewStore(state:viewAction:)``); a host builds one over a scoped store
  /// in a single-store app.
  ///
  /// - Parameter store: The store whose state the view reads and to which it sends.
  @inlinable
  package init<Action: BoundaryAction>(_ store: Store<State, Action>)
  where Action.ViewAction == ViewAction {
    connection = Connection(
      store: store,
      sendView: { store, action in
        unsafeDowncast(store, to: Store<State, Action>.self).send(.view(action))
      },
      sendViews: { store, actions in
        unsafeDowncast(store, to: Store<State, Action>.self)
          .send(contentsOf: actions.lazy.map { Action.view($0) })
      })
    // Unretained, and lent to the call without a retain: the observation is cancelled when the
    // view store goes (its token is released with it), and the store checks that before each
    // call, on this actor. No end hook: the connection holds the store, so the store cannot end
    // before the connection does, and the connection's end records the last state.
    let unretained = Unmanaged.passUnretained(self)
    observation = store.observeStates(
      { state in unretained._withUnsafeGuaranteedRef { $0.stateDidChange(state) } },
      onEnd: { _ in })
  }

  /// A view store of a feature that has stopped: it shows the last state and sends nothing.
  @usableFromInline
  init(finalState: State) {
    connection = Connection(finalState: finalState)
  }

  /// Whether the feature is still running. Once it has stopped, reads give its last state.
  ///
  /// Named apart from any likely state property: a member of the view store itself (this,
  /// ``send(_:)``, ``peek(_:)``) hides a state property of the same name from
  /// `viewStore.name`; such a property can still be read with ``peek(_:)``.
  public var isFeatureRunning: Bool { !connection.hasEnded }

  /// Reads a property of the feature's state, and tracks the read: an observer of this view
  /// store (inside `withObservationTracking`) is told when this property changes.
  ///
  /// - Parameter keyPath: The property.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let read = trackedRead(of: keyPath)
    let value = read.read(from: currentState)
    read.mayBeObserved = true
    registrar.access(self, keyPath: read.observationKey)
    return value
  }

  /// The tracked read of `keyPath`, made when a view first reads it. Found by the key path
  /// object's identity first (a key path literal is one object per place in the code): hashing
  /// a key path hashes each of its components.
  @inlinable
  func trackedRead<Value: Equatable>(of keyPath: KeyPath<State, Value>) -> TrackedValue<Value> {
    let identity = ObjectIdentifier(keyPath)
    // Equal key paths have the same value type, so the read at a key path's index is a
    // `TrackedValue<Value>`.
    if let known = indexByIdentity[identity] {
      return unsafeDowncast(reads[known.index], to: TrackedValue<Value>.self)
    }
    let key = TrackedKey(keyPath)
    let index: Int
    if let existing = trackedIndex[key] {
      index = existing
    } else {
      let tracked = TrackedValue(key: key, keyPath: keyPath, value: currentState[keyPath: keyPath])
      // Formed here, where the property's type is known, so the comparison runs specialized
      // (a method overridden in a generic class runs its generic copy). It captures nothing
      // (the read is passed in), so calling it retains no context.
      tracked.takeIfChanged = { read, state in
        unsafeDowncast(read, to: TrackedValue<Value>.self).take(ifChangedIn: state)
      }
      index = reads.count
      trackedIndex[key] = index
      reads.append(tracked)
    }
    // The key path is kept with its identity, so the identity cannot be reused by another.
    indexByIdentity[identity] = (keyPath, index)
    return unsafeDowncast(reads[index], to: TrackedValue<Value>.self)
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
    connection.send(action)
  }

  /// Sends several view actions as one batch: observers are notified once (a paste is one
  /// render, not one per character).
  ///
  /// - Parameter actions: The view actions, in order.
  @inlinable
  public func send(contentsOf actions: [ViewAction]) {
    connection.send(contentsOf: actions)
  }

  @inlinable
  var currentState: State {
    if !connection.hasEnded, let source = connection.source { return source.state }
    guard let finalState = connection.finalState else {
      preconditionFailure(
        "A ViewStore's store was released before it reported its last state: a bug in "
          + "FeatureBridge (a view store's connection keeps its store until the feature stops).")
    }
    return finalState
  }

  /// Compares every tracked property with `state` and tells observers about the changed ones.
  @inlinable
  func stateDidChange(_ state: State) -> Bool {
    // One property at a time, as if each were set in turn: no list of changes to allocate.
    var changedAny = false
    // The store lends this view store to the pass without a retain. Observation's observers
    // run any code, which may let the view store go: from the first one on, the pass holds a
    // retain, released as it ends (the last use of the view store).
    var retained = false
    // Each property is read from the state once: `takeIfChanged` compares and keeps it. The
    // reads are lent to the loop rather than copied out (a retain and a release each); the
    // local copy of the array keeps them alive, whatever a registrar's observer does.
    let all = reads
    all.withUnsafeBufferPointer { reads in
      for index in reads.indices {
        Unmanaged.passUnretained(reads[index])._withUnsafeGuaranteedRef { read in
          guard read.takeIfChanged(read, state) else { return }
          changedAny = true
          // Observation's tracking is one-shot: a change ends every tracking that registered
          // the property, and only a new read registers it again. Until then nobody can be
          // told, so the registrar (tens of nanoseconds per change, observed or not) is
          // skipped: a burst of keys between two frames tells Observation once.
          guard read.mayBeObserved else { return }
          read.mayBeObserved = false
          if !retained {
            _ = Unmanaged.passUnretained(self).retain()
            retained = true
          }
          registrar.willSet(self, keyPath: read.observationKey)
          registrar.didSet(self, keyPath: read.observationKey)
        }
      }
    }
    if retained { Unmanaged.passUnretained(self).release() }
    return changedAny
  }

  /// A property a view read, with the value it read last, and the key path Observation
  /// tracks it by (made once: building a key path with an argument allocates). The comparison
  /// is a closure made where the property was first read, so it runs specialized for the
  /// property's type, with no boxing.
  @usableFromInline
  class TrackedRead {
    /// Whether `state` holds another value than the one last read by the read passed in (this
    /// one); if so, records it as the last one read.
    @usableFromInline @exclusivity(unchecked) final var takeIfChanged:
      (TrackedRead, State) -> Bool = { _, _ in false }
    @usableFromInline let observationKey: KeyPath<ViewStore, Int>
    /// Whether the property was read since Observation was last told it changed: only a read
    /// can register an observer (``ViewStore/subscript(dynamicMember:)``).
    @usableFromInline @exclusivity(unchecked) final var mayBeObserved = false

    @usableFromInline
    init(key: TrackedKey) {
      observationKey = \ViewStore.[tracked: key]
    }

  }

  @usableFromInline
  final class TrackedValue<Value: Equatable>: TrackedRead {
    /// Reads the property, in place when it is stored (no run-time key path projection).
    @usableFromInline let reader: KeyPathReader<State, Value>
    @usableFromInline @exclusivity(unchecked) var value: Value

    @inlinable
    init(key: TrackedKey, keyPath: KeyPath<State, Value>, value: Value) {
      self.reader = KeyPathReader(keyPath)
      self.value = value
      super.init(key: key)
    }

    /// The property's value in `state`.
    @inlinable
    func read(from state: State) -> Value {
      reader.read(from: state)
    }

    @inlinable
    func take(ifChangedIn state: State) -> Bool {
      let current = read(from: state)
      guard current != value else { return false }
      value = current
      return true
    }
  }

  /// The view store's hold on its store. Strong while the feature runs (a weak reference
  /// gives the store a side table, and then every release of it takes the runtime's slow path,
  /// on every keystroke); the feature's host ends it when the feature stops, which lets the
  /// store go. A box of its own, so neither the host nor the store's end hook refers to the view
  /// store.
  @usableFromInline
  final class Connection {
    /// The store, for reads; it owns the store until the connection has ended and no send is
    /// under way.
    @usableFromInline @exclusivity(unchecked) private(set) var source: (any StateSource<State>)?
    /// The same store, unretained, lent to each send (a retain and a release fewer per key):
    /// sound because `source` keeps it alive until the connection ends, and an end during a
    /// send lets it go only once the send has returned (`sends`).
    @usableFromInline let store: Unmanaged<AnyObject>?
    /// Send a view action, or a batch, to the store passed in. Formed where the store's action
    /// type is known, they capture nothing, so a call retains no context.
    @usableFromInline let sendView: (AnyObject, ViewAction) -> Void
    @usableFromInline let sendViews: (AnyObject, [ViewAction]) -> Void
    /// How many sends are under way: a send can lead to another, and to the feature's stop (an
    /// output handler that lets the feature go), within it.
    @usableFromInline @exclusivity(unchecked) var sends = 0
    @usableFromInline @exclusivity(unchecked) private(set) var hasEnded = false
    /// The store's last state, once the connection has ended.
    @usableFromInline private(set) var finalState: State?

    @usableFromInline
    init<Action>(
      store: Store<State, Action>, sendView: @escaping (AnyObject, ViewAction) -> Void,
      sendViews: @escaping (AnyObject, [ViewAction]) -> Void
    ) {
      self.source = store
      self.store = Unmanaged.passUnretained(store)
      self.sendView = sendView
      self.sendViews = sendViews
    }

    /// A connection that has ended, with `finalState`.
    @usableFromInline
    init(finalState: State) {
      source = nil
      store = nil
      sendView = { _, _ in }
      sendViews = { _, _ in }
      hasEnded = true
      self.finalState = finalState
    }

    @inlinable
    func send(_ action: ViewAction) {
      guard !hasEnded, let store else { return }
      sends += 1
      store._withUnsafeGuaranteedRef { sendView($0, action) }
      sends -= 1
      if hasEnded { letStoreGo() }
    }

    @inlinable
    func send(contentsOf actions: [ViewAction]) {
      guard !hasEnded, let store else { return }
      sends += 1
      store._withUnsafeGuaranteedRef { sendViews($0, actions) }
      sends -= 1
      if hasEnded { letStoreGo() }
    }

    /// Ends the connection: sends do nothing and reads give `state` from now on; the store is
    /// let go now, or when the send under way returns.
    @usableFromInline
    func end(with state: State) {
      guard !hasEnded else { return }
      hasEnded = true
      finalState = state
      letStoreGo()
    }

    @usableFromInline
    func letStoreGo() {
      if sends == 0 { source = nil }
    }
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
