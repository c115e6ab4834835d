public import FeatureBridge

/// A countdown on the injected clock (`@Dependency(\.clock)`): it waits for ``CountdownInput/start``,
/// tells each second it counts, and says when it reaches zero. Its state, actions and reducer
/// are internal to this module; what it publishes is how to make it.
public enum CountdownFeature {
  /// How to make a countdown for the seconds a host or a parent gives it: a host starts one
  /// with `CountdownFeature.launcher.start(Countdown(seconds: 90))` and sends it `.start`.
  public static let launcher = FeatureLauncher { (countdown: Countdown) in
    FeatureRecipe(
      name: "Countdown", initialState: CountdownState(countdown: countdown),
      reducer: CountdownReducer())
  }
}

/// What a countdown starts with: how many seconds it counts down from.
///
/// `Sendable` plain value.
public struct Countdown: Equatable, Hashable, Sendable {
  /// The seconds to count down from.
  public var seconds: Int

  /// A countdown from `seconds`.
  ///
  /// - Parameter seconds: The seconds to count down from.
  public init(seconds: Int) {
    self.seconds = seconds
  }
}

/// What a host may tell a countdown.
///
/// `Sendable` plain value.
public enum CountdownInput: Equatable, Sendable {
  /// Count down, from where it was paused.
  case start
  /// Stop counting, keeping the seconds left.
  case pause
}

/// What a countdown tells its host.
///
/// `Sendable` plain value.
public enum CountdownOutput: Equatable, Sendable {
  /// A second went by; this many are left (more than zero).
  case tick(remaining: Int)
  /// The countdown reached zero.
  case finished
}
