/// Runs the same expectations against a real feature and its fake (or any number of
/// implementations of one boundary), so the fake cannot drift from the real thing.
///
/// ```swift
/// try await FeatureContract.verify([
///   ("real", { CounterFeature.start(inputs: $0, favorites: .init([])) }),
///   ("fake", { counterFake.start(inputs: $0) }),
/// ]) { probe in
///   probe.send(.saveFavorite)
///   #expect(await probe.nextOutput() == .favoriteSaved(0))
/// }
/// ```
public enum FeatureContract {
  /// Starts each candidate in turn, runs `expectations` against it, then stops it.
  ///
  /// - Parameters:
  ///   - candidates: A name and a way to start each implementation.
  ///   - isolation: The actor the features run on (the caller's).
  ///   - expectations: The checks, written once.
  public static func verify<Input: Sendable, Output: Sendable>(
    _ candidates: [(name: String, start: (AsyncStream<Input>) -> Feature<Input, Output>)],
    isolation: isolated any Actor = #isolation,
    _ expectations: (FeatureProbe<Input, Output>) async throws -> Void
  ) async rethrows {
    for candidate in candidates {
      let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
      let feature = candidate.start(inputs)
      let probe = FeatureProbe(name: candidate.name, feature: feature, inputs: continuation)
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
  public let feature: Feature<Input, Output>
  private let inputs: AsyncStream<Input>.Continuation
  private var iterator: AsyncStream<Output>.AsyncIterator
  private var sent = 0

  init(name: String, feature: Feature<Input, Output>, inputs: AsyncStream<Input>.Continuation) {
    self.name = name
    self.feature = feature
    self.inputs = inputs
    self.iterator = feature.outputs.makeAsyncIterator()
  }

  /// Sends an input.
  ///
  /// - Parameter input: The input.
  public func send(_ input: Input) {
    sent += 1
    inputs.yield(input)
  }

  /// The next output, or `nil` once the feature has stopped.
  nonisolated(nonsending) public func nextOutput() async -> Output? {
    var iterator = iterator
    let output = await iterator.next(isolation: #isolation)
    self.iterator = iterator
    return output
  }

  /// Waits until every input sent so far has been delivered to the feature's store.
  nonisolated(nonsending) public func settle() async {
    while feature.metrics.inputsDelivered < sent, feature.isRunning {
      await Task.yield()
    }
  }
}
