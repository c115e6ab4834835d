public import FeatureBridge

/// Runs the same expectations against a real feature and its fake (or any number of
/// implementations of one boundary), so the fake cannot drift from the real thing.
///
/// ```swift
/// let counterFake = FakeFeature<CounterInput, CounterOutput> { input in
///   input == .increment ? [.countChanged(1)] : []
/// }
/// await FeatureContract.verify([
///   ("real", { CounterFeature.launcher.start(.init(favorites: Shared(value: []))) }),
///   ("fake", { counterFake.start() }),
/// ]) { probe in
///   await probe.send(.increment)
///   #expect(await probe.nextOutput() == .countChanged(1), "\(probe.name)")
/// }
/// ```
///
/// A namespace: no values.
public enum FeatureContract {
  /// Starts each candidate in turn, runs `expectations` against it, then stops it.
  ///
  /// - Parameters:
  ///   - candidates: A name and a way to start each implementation.
  ///   - isolation: The actor the features run on (the caller's).
  ///   - expectations: The checks, written once.
  public static func verify<Input: Sendable, Output: Sendable>(
    _ candidates: [(name: String, start: () -> FeatureHandle<Input, Output>)],
    isolation: isolated any Actor = #isolation,
    _ expectations: (FeatureProbe<Input, Output>) async throws -> Void
  ) async rethrows {
    for candidate in candidates {
      let feature = candidate.start()
      let probe = FeatureProbe(name: candidate.name, feature: feature)
      do {
        try await expectations(probe)
      } catch {
        await feature.stop()
        throw error
      }
      await feature.stop()
    }
  }
}

/// One candidate under a contract: send it inputs, read its outputs.
///
/// Not `Sendable`: confined to the caller's actor.
public final class FeatureProbe<Input: Sendable, Output: Sendable> {
  /// The candidate's name, for messages.
  public let name: String
  /// The running candidate.
  public let feature: FeatureHandle<Input, Output>
  private var iterator: AsyncStream<Output>.AsyncIterator

  init(name: String, feature: FeatureHandle<Input, Output>) {
    self.name = name
    self.feature = feature
    self.iterator = feature.outputs.makeAsyncIterator()
  }

  /// Sends an input and returns once the candidate has handled it.
  ///
  /// - Parameter input: The input.
  nonisolated(nonsending) public func send(_ input: Input) async {
    await feature.send(input)
  }

  /// The next output, or `nil` once the feature has stopped.
  nonisolated(nonsending) public func nextOutput() async -> Output? {
    var iterator = iterator
    let output = await iterator.next(isolation: #isolation)
    self.iterator = iterator
    return output
  }

  /// Waits until everything the inputs sent so far started has ended.
  nonisolated(nonsending) public func settle() async {
    await feature.settle()
  }
}
