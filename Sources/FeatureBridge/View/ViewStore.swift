public import StoreKernel

/// What a feature's view holds: it can read the feature's state, observe it, and send view
/// actions, and nothing else. Internal and delegate actions cannot be expressed through it,
/// so the compiler keeps view code to its side of seed 003's convention.
///
/// It holds its store weakly: once the feature stops, sends are ignored and `state` is `nil`.
///
/// Not `Sendable`: confined to the feature's actor.
public final class ViewStore<State, ViewAction: Sendable> {
  private weak var source: (any StateSource<State>)?
  private let sendView: (ViewAction) -> Void
  private let sendViews: ([ViewAction]) -> Void

  @usableFromInline
  package init<Action: BoundaryAction>(_ store: Store<State, Action>)
  where Action.ViewAction == ViewAction {
    self.source = store
    self.sendView = { [weak store] in store?.send(.view($0)) }
    self.sendViews = { [weak store] actions in
      store?.send(contentsOf: actions.lazy.map { Action.view($0) })
    }
  }

  /// The feature's current state, or `nil` once it has stopped.
  public var state: State? { source?.state }

  /// Sends a view action to the feature.
  ///
  /// - Parameter action: The view action.
  public func send(_ action: ViewAction) {
    sendView(action)
  }

  /// Sends several view actions as one batch: observers are notified once (a paste is one
  /// render, not one per character).
  ///
  /// - Parameter actions: The view actions, in order.
  public func send(contentsOf actions: [ViewAction]) {
    sendViews(actions)
  }

  /// Calls `onChange` with the projected value now and whenever it changes.
  ///
  /// - Parameters:
  ///   - project: Derives the observed value.
  ///   - onChange: Receives the value and every change.
  /// - Returns: The token that keeps the observation alive, or `nil` if the feature stopped.
  public func observe<Value: Equatable>(
    _ project: @escaping (State) -> Value, onChange: @escaping (Value) -> Void
  ) -> ObservationToken? {
    source?.observe(project, onChange: onChange)
  }
}

/// The parts of a store a view store reaches, without knowing the store's action type.
protocol StateSource<State>: AnyObject {
  associatedtype State
  var state: State { get }
  func observe<Value: Equatable>(
    _ project: @escaping (State) -> Value, onChange: @escaping (Value) -> Void
  ) -> ObservationToken
}

extension Store: StateSource {}
