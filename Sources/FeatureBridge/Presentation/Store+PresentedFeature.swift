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
    return presentedFeature(as: child)
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
    presentedFeature(as: NavigationID(place: stack, identity: AnyHashable(id)))
  }

  private func presentedFeature<Input: Sendable, Output: Sendable>(
    as child: NavigationID
  ) -> Feature<Input, Output>? {
    let presented = existingOperatorState(PresentedFeatures.self)
    return (presented?.feature(presentedAs: child) as? PresentedFeature<Input, Output>)?.feature
  }
}
