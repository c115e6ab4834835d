/// Runs a child reducer on a part of the parent's state, for the child's actions only: the
/// parent's domain is the child's, pulled back along a path.
///
/// The part is a stored property (`Scope(state: \.counter, …)`), or one case of an enum state
/// (`Scope(state: AppState.loggedInPath, …)`, run only while the state is in that case).
/// Actions the path does not match pass through untouched and cost one `extract` call. Child
/// effects are mapped back into parent actions.
///
/// ```swift
/// Scope(state: \.counter, action: AppAction.counterPath) { Counter() }
/// ```
///
/// `Sendable` when the child reducer is.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  @usableFromInline
  enum StatePath: Sendable {
    case keyPath(any WritableKeyPath<ParentState, Child.State> & Sendable)
    case casePath(CasePath<ParentState, Child.State>, fileID: StaticString, line: UInt)
  }

  @usableFromInline let toChildState: StatePath
  @usableFromInline let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Scopes `child` to the state at `state` and the actions matched by `action`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is stored in the parent's state.
  ///   - action: How the child's actions sit inside the parent's actions.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .keyPath(state)
    self.toChildAction = action
    self.child = child()
  }

  /// Scopes `child` to the state at `state` and the actions matched by `action`, the state
  /// unlabeled: TCA's `Scope(\.counter, action: \.counter) { Counter() }`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is stored in the parent's state.
  ///   - action: How the child's actions sit inside the parent's actions.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    _ state: any WritableKeyPath<ParentState, ChildState> & Sendable,
    action: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> _ child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: state, action: action, child: child)
  }

  /// Scopes `child` to one case of an enum state and the actions matched by `action`.
  ///
  /// The child runs only while the state is in that case; a child action that arrives while
  /// it is in another case is reported through ``IssueReporter`` (a test failure under
  /// StoreKernelTesting) and dropped. Use ``Reducer/ifCaseLet(_:state:action:fileID:line:then:)``
  /// when the case is a child that comes and goes, so its effects are cancelled with it.
  ///
  /// - Parameters:
  ///   - state: The case of the parent's state that holds the child's state.
  ///   - action: How the child's actions sit inside the parent's actions.
  ///   - fileID: Where the scope is, for the report.
  ///   - line: Where the scope is, for the report.
  ///   - child: Builds the child reducer.
  @inlinable
  public init<ChildState, ChildAction>(
    state: CasePath<ParentState, ChildState>,
    action: ActionPath<ParentAction, ChildAction>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.toChildState = .casePath(state, fileID: fileID, line: line)
    self.toChildAction = action
    self.child = child()
  }

  /// Runs the child reducer when `action` is one of its actions.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = toChildAction.extract(action) else { return .none }
    switch toChildState {
    case .keyPath(let keyPath):
      return child.reduce(into: &state[keyPath: keyPath], action: childAction)
        .map(toChildAction.embed)
    case .casePath(let casePath, let fileID, let line):
      guard var childState = casePath.extract(state) else {
        Self.reportWrongCase(childAction, fileID: fileID, line: line)
        return .none
      }
      let effect = child.reduce(into: &childState, action: childAction)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embed)
    }
  }

  /// Runs the child's start on its part of the state (in a case path's case only when the
  /// state is in it).
  @inlinable
  public func reduceStoreStart(into state: inout ParentState) -> Effect<ParentAction> {
    switch toChildState {
    case .keyPath(let keyPath):
      return child.reduceStoreStart(into: &state[keyPath: keyPath]).map(toChildAction.embed)
    case .casePath(let casePath, _, _):
      guard var childState = casePath.extract(state) else { return .none }
      let effect = child.reduceStoreStart(into: &childState)
      state = casePath.embed(childState)
      return effect.map(toChildAction.embed)
    }
  }

  @usableFromInline
  static func reportWrongCase(_ action: Child.Action, fileID: StaticString, line: UInt) {
    IssueReporter.report(
      "A Scope at \(fileID):\(line) received a child action when the state was in another "
        + "case: \(action). It was dropped.")
  }
}

extension Scope: Sendable where Child: Sendable, ParentState: Sendable {}
