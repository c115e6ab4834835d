/// Applies binding actions: sets the field a ``BindingAction`` names. Put it before the
/// feature's own reducer, so that reducer sees the new value and can react to it.
///
/// ```swift
/// var body: some ReducerOf<Self> {
///   BindingReducer()
///   Reduce { state, action in
///     switch action {
///     case .binding(\.name):
///       state.nameIsValid = !state.name.isEmpty
///       return .none
///     case .binding, .saveTapped:
///       return .none
///     }
///   }
/// }
/// ```
///
/// `Sendable`.
public struct BindingReducer<State, Action: Sendable, ViewAction: BindableAction>: Reducer
where ViewAction.State == State {
  let toViewAction: @Sendable (Action) -> ViewAction?

  /// Applies the binding actions of a ``BindableAction`` action type.
  public init() where Action == ViewAction {
    toViewAction = { $0 }
  }

  /// Applies the binding actions of a ``BindableAction`` enum nested in the feature's actions
  /// (its view actions, for instance).
  ///
  /// - Parameter action: Where the bindable actions sit inside the feature's actions.
  public init(action: ActionPath<Action, ViewAction>) {
    toViewAction = action.extract
  }

  /// Sets the field of a binding action; other actions pass through.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    toViewAction(action)?.binding?.apply(&state)
    return .none
  }
}
