public import StoreKernel

extension Store {
  /// Feeds a projection of this store's state into a feature's input stream, only when the
  /// projection changed (and once now): the App → FeatureHandle direction.
  ///
  /// ```swift
  /// let token = appStore.feed({ $0.searchText }, into: notesInputs, as: NotesInput.search)
  /// ```
  ///
  /// - Parameters:
  ///   - project: Derives the value the feature needs.
  ///   - continuation: The feature's input continuation.
  ///   - makeInput: Turns the value into the feature's input.
  /// - Returns: The token that keeps the feed alive.
  public func feed<Value: Equatable, Input: Sendable>(
    _ project: @escaping (State) -> Value,
    into continuation: AsyncStream<Input>.Continuation,
    as makeInput: @escaping (Value) -> Input
  ) -> ObservationToken {
    observe(project) { continuation.yield(makeInput($0)) }
  }
}

extension FeatureHandle {
  /// Routes this feature's outputs into a parent store's actions, on the parent's actor: the
  /// FeatureHandle → App direction. Outputs mapped to `nil` are ignored.
  ///
  /// - Parameters:
  ///   - store: The parent store.
  ///   - toAction: Maps an output to a parent action.
  ///   - isolation: The parent store's actor (the caller's).
  /// - Returns: The routing task; it ends when the feature stops.
  public func route<ParentState, ParentAction>(
    into store: Store<ParentState, ParentAction>,
    _ toAction: @escaping @Sendable (Output) -> ParentAction?,
    isolation: isolated any Actor = #isolation
  ) -> Task<Void, Never> {
    let outputs = outputs
    return Task {
      _ = isolation
      for await output in outputs {
        if let action = toAction(output) { store.send(action) }
      }
    }
  }
}
