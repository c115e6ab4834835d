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
/// **Read what you show.** After every batch of actions the view store compares each property
/// its views have read with the new state, keeping the last value of each. A large property (a
/// list of 10,000 notes, a 10 MB text) is marked ``Stamped`` in the state and read as
/// `viewStore.$name`: the view store then keeps and compares its stamp, one word renewed by
/// every change, never the value. ``peek(_:)`` reads without tracking.
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
  // metadata on every call (docs/performance.md). Everything here is an ordinary strong
  // reference with checked access; what the hot path lends without a retain, or accesses
  // unchecked, is in `ViewStoreStorage`, with the argument for each
  // (docs/decisions/0016-view-store-safe-facade.md).

  /// The store while the feature runs (its last state once it has stopped), and the properties
  /// read so far, with what each last saw. The store's observer holds it too.
  @usableFromInline let storage: ViewStoreStorage<State, ViewAction>
  /// Keeps the store's observer; released with the view store, which ends the observation.
  @usableFromInline let observation: ObservationToken?
  /// The handle of the presented feature this view store shows, kept while the view store
  /// lives (``FeatureHandle/viewStore(state:viewAction:)``).
  var presentedHandle: AnyObject?

  /// Creates a view store over a feature's store. FeatureHandle modules get one from their running
  /// feature (``FeatureHandle/viewStore(state:viewAction:)``); a host builds one over a scoped store
  /// in a single-store app.
  ///
  /// - Parameter store: The store whose state the view reads and to which it sends.
  @inlinable
  package init<Action: BoundaryAction>(_ store: Store<State, Action>)
  where Action.ViewAction == ViewAction {
    let storage = ViewStoreStorage(store)
    self.storage = storage
    // The observer holds the storage, not the view store: the view store goes when its views
    // let it go, its token ends the observation, and the storage lets the store go. No end
    // hook: the storage holds the store, so the store cannot end before the storage does, and
    // the storage's end records the last state.
    observation = store.observeStates({ storage.stateDidChange($0) }, onEnd: { _ in })
  }

  deinit {
    storage.viewStoreDidGo()
  }

  /// A view store of a feature that has stopped: it shows the last state and sends nothing.
  @usableFromInline
  init(finalState: State) {
    storage = ViewStoreStorage(finalState: finalState)
    observation = nil
  }

  /// Whether the feature is still running. Once it has stopped, reads give its last state.
  ///
  /// Named apart from any likely state property: a member of the view store itself (this,
  /// ``send(_:)``, ``peek(_:)``) hides a state property of the same name from
  /// `viewStore.name`; such a property can still be read with ``peek(_:)``.
  public var isFeatureRunning: Bool { !storage.hasEnded }

  /// Reads a property of the feature's state, and tracks the read: an observer of this view
  /// store (inside `withObservationTracking`) is told when this property changes.
  ///
  /// - Parameter keyPath: The property.
  @inlinable
  public subscript<Value: Equatable>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    let read = trackedRead(keyPath) {
      ViewStoreStorage.ValueRead(keyPath, in: storage.state, storage: storage)
    }
    return storage.read(read.reader)
  }

  /// Reads a ``Stamped`` property of the feature's state (`viewStore.$name`), and tracks its
  /// stamp: an observer is told when the value changes, and the view store keeps one word, not
  /// the value.
  ///
  /// - Parameter keyPath: The stamped property's projection (`\.$name`).
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Stamped<Value>>) -> Value {
    stampedRead(keyPath)
  }

  /// Reads a ``Stamped`` property whose value is `Equatable` (`viewStore.$name`), and tracks
  /// its stamp, not its value.
  ///
  /// This overload exists so that Swift prefers it to the plain property read, which would keep
  /// and compare the stamped value itself.
  ///
  /// - Parameter keyPath: The stamped property's projection (`\.$name`).
  @inlinable
  public subscript<Value: Equatable>(
    dynamicMember keyPath: KeyPath<State, Stamped<Value>>
  ) -> Value {
    stampedRead(keyPath)
  }

  @inlinable
  func stampedRead<Value>(_ keyPath: KeyPath<State, Stamped<Value>>) -> Value {
    let read = trackedRead(keyPath) {
      ViewStoreStorage.StampRead(keyPath, in: storage.state, storage: storage)
    }
    return storage.read(read.reader).wrappedValue
  }

  /// The read made for `keyPath`, or a new one from `make` (added to the storage and the
  /// index); either way registered with Observation.
  ///
  /// - Parameters:
  ///   - keyPath: The property read.
  ///   - make: Makes the read of a property read for the first time.
  @inlinable
  func trackedRead<Kind: ViewStoreStorage<State, ViewAction>.Read>(
    _ keyPath: AnyKeyPath, orMake make: () -> Kind
  ) -> Kind {
    let read: Kind
    if let known = storage.index.find(keyPath) {
      // Equal key paths have the same value type, so their reads are of the same kind.
      guard let known = known as? Kind else {
        preconditionFailure("A view store's read of \(keyPath) is not a \(Kind.self)")
      }
      read = known
    } else {
      read = make()
      storage.add(read)
      storage.index.add(read, keyPath: keyPath)
    }
    read.registerAccess()
    return read
  }

  /// Reads a property without tracking it.
  ///
  /// - Parameter keyPath: The property.
  /// - Returns: Its current value.
  @inlinable
  public func peek<Value>(_ keyPath: KeyPath<State, Value>) -> Value {
    storage.state[keyPath: keyPath]
  }

  /// Sends a view action to the feature.
  ///
  /// - Parameter action: The view action.
  @inlinable
  public func send(_ action: ViewAction) {
    storage.send(action)
  }

  /// Sends several view actions as one batch: observers are notified once (a paste is one
  /// render, not one per character).
  ///
  /// - Parameter actions: The view actions, in order.
  @inlinable
  public func send(contentsOf actions: [ViewAction]) {
    storage.send(contentsOf: actions)
  }
}
