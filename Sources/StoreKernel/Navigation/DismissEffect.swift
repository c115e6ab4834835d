/// Dismisses the feature that calls it, from one of its effects: the `dismiss` dependency.
///
/// A feature presented with ``Reducer/ifLet(_:action:fileID:line:destination:)-(_,ActionPath<Self.Action,PresentationAction<ChildAction>>,_,_,_)`` or pushed on a
/// stack with ``Reducer/forEach(_:action:fileID:line:destination:)-(_,ActionPath<Self.Action,StackAction<ElementState,ElementAction>>,_,_,_)`` can close itself without
/// telling its parent how: its effects see a `dismiss` that sends the parent's
/// ``PresentationAction/dismiss`` (or ``StackAction/popFrom(id:)`` for a stack element). The
/// parent runs, the feature's state goes away, and every effect of the feature is cancelled,
/// the one that called `dismiss` included.
///
/// ```swift
/// struct Editor: Reducer {
///   @Dependency(\.dismiss) var dismiss
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .textChanged(let text):
///       state.text = text
///       return .none
///     case .closeTapped:
///       return .run { _ in await dismiss() }
///     }
///   }
/// }
/// ```
///
/// Call it from an effect: it dismisses the feature that effect belongs to (a value read in the
/// reducer and captured by the effect works too). Called where nothing presents the feature (a
/// root store, a test store over the child alone), it reports an issue (a test failure under
/// StoreKernelTesting) and does nothing else; a test of the child alone can override the
/// dependency with ``init(_:)`` to record the call.
///
/// `Sendable`: it holds a `@Sendable` closure.
public struct DismissEffect: Sendable {
  let dismiss: (@Sendable () async -> Void)?

  /// A dismiss that runs `dismiss`: for a test of a feature on its own.
  ///
  /// - Parameter dismiss: What dismissing does.
  public init(_ dismiss: @escaping @Sendable () async -> Void) {
    self.dismiss = dismiss
  }

  init() {
    self.dismiss = nil
  }

  /// Dismisses the feature whose effect calls it.
  ///
  /// - Parameters:
  ///   - fileID: Where it was called, for the report when nothing presents the feature.
  ///   - line: Where it was called, for the report when nothing presents the feature.
  public func callAsFunction(fileID: StaticString = #fileID, line: UInt = #line) async {
    // The store's value (the one a reducer reads, and an effect may have captured) dismisses
    // the feature whose effect is running now: its `ifLet` or `forEach` set that effect's own.
    guard let dismiss = dismiss ?? DependencyValues.current.dismiss.dismiss else {
      // A test store's feature, tested on its own: it dismissed itself (TCA's `isDismissed`).
      if let dismissedAtRoot = DependencyValues.current.dismissedAtRoot {
        dismissedAtRoot()
        return
      }
      IssueReporter.report(
        "dismiss() was called at \(fileID):\(line) in a feature that nothing presents: it is "
          + "not the child of an ifLet over PresentationState, nor an element of a forEach over "
          + "StackState, so nothing was dismissed.")
      return
    }
    await dismiss()
  }
}

extension DependencyValues {
  /// Dismisses the feature whose effect reads it; see ``DismissEffect``.
  public var dismiss: DismissEffect {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }
}

extension DependencyValues {
  /// What a `dismiss()` that nothing presents does instead of being reported: a test store
  /// notes that its feature dismissed itself. `nil` (reported) by default.
  package var dismissedAtRoot: (@Sendable () -> Void)? {
    get { self[DismissedAtRootKey.self] }
    set { self[DismissedAtRootKey.self] = newValue }
  }
}

private enum DismissedAtRootKey: DependencyKey {
  static let liveValue: (@Sendable () -> Void)? = nil
  static let testValue: (@Sendable () -> Void)? = nil
}

private enum DismissKey: DependencyKey {
  static let liveValue = DismissEffect()
  static let testValue = DismissEffect()
}

extension Effect {
  /// This child effect, already in its parent's action type, with `dismiss` set in every run
  /// of it to send `action` (the parent's dismiss of this child) through that run's own
  /// `Send`: once the child is gone, its runs are cancelled and the send is dropped.
  @inlinable
  package func dismissing(with action: Action) -> Self {
    hasNoRuns ? self : settingDismiss(to: action)
  }

  @usableFromInline
  func settingDismiss(to action: Action) -> Self {
    transformingDependencies { values, send in
      values.dismiss = DismissEffect { await send(action) }
    }
  }
}
