import MultiStorePrimitives

extension DependencyValues {
  /// The random number generator reducers and effects draw from. Live: the system's. Tests: a
  /// generator seeded with 0, so every run draws the same numbers; override it with
  /// ``WithRandomNumberGenerator/seeded(_:)`` for another sequence.
  ///
  /// ```swift
  /// @Dependency(\.randomNumberGenerator) var random
  /// let roll = random { Int.random(in: 1...6, using: &$0) }
  /// ```
  public var randomNumberGenerator: WithRandomNumberGenerator {
    get { self[RandomNumberGeneratorKey.self] }
    set { self[RandomNumberGeneratorKey.self] = newValue }
  }
}

/// A random number generator behind a lock, usable from any thread.
///
/// `Sendable`: the generator is only reached inside the lock.
public final class WithRandomNumberGenerator: Sendable {
  private let generator: LockedValue<any RandomNumberGenerator & Sendable>

  /// Wraps `generator`.
  ///
  /// - Parameter generator: The generator to draw from.
  public init(_ generator: some RandomNumberGenerator & Sendable) {
    self.generator = LockedValue(generator)
  }

  /// A generator that produces the same sequence for the same `seed` (SplitMix64).
  ///
  /// - Parameter seed: The seed.
  /// - Returns: The generator.
  public static func seeded(_ seed: UInt64) -> WithRandomNumberGenerator {
    WithRandomNumberGenerator(SplitMix64(state: seed))
  }

  /// Runs `work` with exclusive use of the generator.
  ///
  /// - Parameter work: Draws from the generator.
  /// - Returns: What `work` returns.
  public func callAsFunction<Result>(
    _ work: (inout any RandomNumberGenerator & Sendable) -> Result
  ) -> Result {
    generator.withLock { work(&$0) }
  }
}

/// SplitMix64: small, fast, and good enough for deterministic tests.
private struct SplitMix64: RandomNumberGenerator, Sendable {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

private enum RandomNumberGeneratorKey: DependencyKey {
  static var liveValue: WithRandomNumberGenerator {
    WithRandomNumberGenerator(SystemRandomNumberGenerator())
  }
  static var testValue: WithRandomNumberGenerator { .seeded(0) }
}
