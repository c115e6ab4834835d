public import StoreKernel

extension Store {
  /// The feature presented at `state` now, while it is presented: what a view shows in its sheet
  /// (the feature's module makes its view from it, as from any `Feature`), or what a host
  /// inspects. `nil` while nothing is presented, and for a feature of other input and output
  /// types than asked for.
  ///
  /// ```swift
  /// let recorder: Feature<RecorderInput, RecorderOutput>? = store.presentedFeature(\.$recording)
  /// ```
  ///
  /// Read it on the store's actor, from the store whose reducer presents the feature (or a store
  /// scoped from it). The handle is for showing and observing: the parent still sends the
  /// feature its inputs through its own reducer (`.presented(.input(_:))`), and stopping it is
  /// dismissing it.
  ///
  /// - Parameter state: Where the presented value is: the presentation state's projected value,
  ///   as given to `ifLet(_:action:feature:)`.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> Feature<Input, Output>? {
    guard let child = self.state[keyPath: state].presentedID else { return nil }
    return presentedFeature(as: child) { $0[keyPath: state].composed?.storage }
  }

  /// The feature presented by the element `id` of a navigation stack, while it is on the
  /// stack: what a view shows for that screen. `nil` for an id that is not on the stack, and
  /// for a feature of other input and output types than asked for.
  ///
  /// ```swift
  /// let take: Feature<RecorderInput, RecorderOutput>? = store.presentedFeature(\.path, id: id)
  /// ```
  ///
  /// - Parameters:
  ///   - stack: Where the stack is, as given to `forEach(_:action:feature:)`.
  ///   - id: The element's id.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ stack: any WritableKeyPath<State, StackState<Start>> & Sendable,
    id: StackElementID
  ) -> Feature<Input, Output>? {
    presentedFeature(as: NavigationID(place: stack, identity: AnyHashable(id))) {
      $0[keyPath: stack].composed[id]?.storage
    }
  }

  /// The feature presented as `child`: in a store of its own, or composed into this store, its
  /// state then in the box `storage` finds.
  func presentedFeature<Input: Sendable, Output: Sendable>(
    as child: NavigationID, storage: @escaping (State) -> AnyObject?
  ) -> Feature<Input, Output>? {
    guard let presented = existingOperatorState(PresentedFeatures.self)?.feature(presentedAs: child)
    else { return nil }
    if let composed = presented as? ComposedFeature<Input, Output> {
      return composed.handle(in: self, storage: storage)
    }
    return (presented as? PresentedFeature<Input, Output>)?.feature
  }
}

extension Store {
  /// Stops every feature presented in this store's reducers now, as their hosts would (their
  /// stop actions run, and what they emit while stopping reaches their parents): what a
  /// single-store app does before it stops its root store, whose running children are all
  /// the features composed into it, at any depth.
  nonisolated(nonsending) package func stopPresentedFeatures() async {
    await existingOperatorState(PresentedFeatures.self)?.stopAll()
  }
}

extension ViewStore {
  /// The feature presented at `state` now, while it is presented: what a view shows in its
  /// sheet, from the view store of the feature that presents it (its module makes the presented
  /// feature's view from it). `nil` while nothing is presented, once the presenting feature has
  /// stopped, and for a feature of other input and output types than asked for.
  ///
  /// The presentation state read here is not tracked: read the presented value itself through
  /// the view store (`viewStore.recording`) where the view must redraw when it comes and goes.
  ///
  /// - Parameter state: Where the presented value is: the presentation state's projected value,
  ///   as given to `ifLet(_:action:feature:)`.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> Feature<Input, Output>? {
    guard let store = storage.owner as? any PresentingStore<State> else { return nil }
    return store.presentedFeature(state)
  }
}

/// A store that may present features, whatever its state and actions: what a view store, which
/// knows its store only by its state and view actions, asks for a presented feature.
protocol PresentingStore<State>: AnyObject {
  associatedtype State
  func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> Feature<Input, Output>?
}

extension Store: PresentingStore {}
