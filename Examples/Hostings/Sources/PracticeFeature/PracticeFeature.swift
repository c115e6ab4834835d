public import FeatureBridge

/// A practice session: countdowns pushed on a stack, a log shown as a sheet, and one
/// destination at a time (a rating, or the dialog that asks before a reset). It presents three
/// feature modules through their launchers, reacts to their outputs, and publishes its own
/// launcher in turn. Its state, actions and reducer are internal to this module.
///
/// A host chooses where the presented features run, once, at its root store:
///
/// ```swift
/// let practice = PracticeFeature.launcher.start(Practice(logPath: "/nonexistent/log.json")) {
///   $0.clock = clock
///   $0.featureHosting = hosting
/// }
/// ```
///
/// (`hosting` is `.composed`, or `.ownStores`, the default.)
public enum PracticeFeature {
  /// How to make a practice session for the log file a host names.
  public static let launcher = FeatureLauncher { (practice: Practice) in
    FeatureRecipe(
      name: "Practice", initialState: PracticeState(practice: practice),
      reducer: PracticeReducer())
  }
}

/// What a practice session starts with: where its log is kept.
///
/// `Sendable` plain value.
public struct Practice: Equatable, Hashable, Sendable {
  /// The log's file (JSON); its directory must exist.
  public var logPath: String

  /// A session whose log is kept at `logPath`.
  ///
  /// - Parameter logPath: The log's file.
  public init(logPath: String) {
    self.logPath = logPath
  }
}

/// What a host may tell a practice session.
///
/// `Sendable` plain value.
public enum PracticeInput: Equatable, Sendable {
  /// Push a countdown of `seconds` and start it.
  case addTimer(seconds: Int)
  /// Write a line in the log, when it is shown.
  case note(String)
}

/// What a practice session tells its host.
///
/// `Sendable` plain value.
public enum PracticeOutput: Equatable, Sendable {
  /// One of its countdowns reached zero.
  case timerFinished
  /// The session was rated with this many stars.
  case rated(stars: Int)
}
