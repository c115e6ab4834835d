/// A mark a feature puts on its effects when its reducer runs in another store (a feature
/// composed into the store that presents it): that store's effects are all that store's, so
/// the mark is how the feature tells its own from its neighbours', to recognize a `settle()`
/// that would wait for the very effect it is called from.
///
/// `Sendable`: an integer.
@usableFromInline
package struct EffectMark: Sendable {
  private let identity: Int

  /// A new mark, never used before.
  @usableFromInline
  package init() {
    identity = EffectOwner.nextIdentity()
  }

  /// Whether the current task runs an effect marked with this mark (or a task such an effect
  /// started).
  package var isOnCurrentTask: Bool {
    EffectOwner.marks.contains(identity)
  }

  /// Runs `body` as an effect marked with this mark, and with the marks it already had.
  func with(_ body: () async -> Void) async {
    await EffectOwner.$marks.withValue(EffectOwner.marks + [identity]) { await body() }
  }
}

extension Effect {
  /// The same effect, every run of it marked with `mark`: a task it runs in answers
  /// ``EffectMark/isOnCurrentTask``.
  ///
  /// - Parameter mark: The mark.
  /// - Returns: The marked effect.
  @inlinable
  package func marked(_ mark: EffectMark) -> Self {
    hasNoRuns ? self : markingRuns(mark)
  }

  @usableFromInline
  func markingRuns(_ mark: EffectMark) -> Self {
    transformingRuns { $0.marked(mark) }
  }
}

extension Effect.Run {
  fileprivate func marked(_ mark: EffectMark) -> Self {
    let body = body
    return Self(dependencies: dependencies) { send in await mark.with { await body(send) } }
  }
}
