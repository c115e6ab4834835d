public import FeatureBridge
public import StoreKernel
public import StoreKernelTesting

extension TestStore {
  /// The feature the store under test presents at `state` now, while it is presented: a test
  /// reaches it to look at its metrics or to send it inputs as its host would. `nil` while
  /// nothing is presented, and for a feature of other input and output types than asked for.
  ///
  /// ```swift
  /// await store.send(.recordTapped) { $0.recording = Recording(id: 1) }
  /// let recorder: FeatureHandle<RecorderInput, RecorderOutput>? = store.presentedFeature(
  ///   \.$recording)
  /// ```
  ///
  /// - Parameter state: Where the presented value is, as given to `ifLet(_:action:feature:)`.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ state: any WritableKeyPath<State, PresentationState<Start>> & Sendable
  ) -> FeatureHandle<Input, Output>? {
    store.presentedFeature(state)
  }

  /// The feature the store under test presents for the element `id` of a navigation stack,
  /// while it is on the stack. `nil` for an id that is not on the stack, for an element of a
  /// case that presents no feature, and for a feature of other input and output types than
  /// asked for.
  ///
  /// - Parameters:
  ///   - stack: Where the stack is, as given to `forEach(_:action:feature:)`.
  ///   - id: The element's id.
  /// - Returns: The running feature, or `nil`.
  public func presentedFeature<Start: Sendable, Input: Sendable, Output: Sendable>(
    _ stack: any WritableKeyPath<State, StackState<Start>> & Sendable,
    id: StackElementID
  ) -> FeatureHandle<Input, Output>? {
    store.presentedFeature(stack, id: id)
  }
}
