public import FeatureBridge

/// A session's log: lines kept in a file (`@Shared(.fileStorage(path))`), so every log opened
/// on the same file sees the same lines. It tells how many lines it holds when it starts and
/// each time that changes. Its state, actions and reducer are internal to this module.
public enum SessionLogFeature {
  /// How to make a log for the file a host or a parent names: a host starts one with
  /// `SessionLogFeature.launcher.start(SessionLog(path: "/tmp/session.json"))` and sends it
  /// `.append("warm up")`.
  public static let launcher = FeatureLauncher { (log: SessionLog) in
    FeatureRecipe(
      name: "SessionLog", initialState: SessionLogState(log: log), reducer: SessionLogReducer())
  }
}

/// What a log starts with: the file its lines are kept in.
///
/// `Sendable` plain value.
public struct SessionLog: Equatable, Hashable, Sendable {
  /// The file (JSON); its directory must exist. In a test the lines stay in memory unless the
  /// test sets `$0.sharedFileStorage = .disk`.
  public var path: String

  /// A log kept in the file at `path`.
  ///
  /// - Parameter path: The file; its directory must exist.
  public init(path: String) {
    self.path = path
  }
}

/// What a host may tell a log.
///
/// `Sendable` plain value.
public enum SessionLogInput: Equatable, Sendable {
  /// Add a line at the end.
  case append(String)
  /// Remove every line.
  case clear
}

/// What a log tells its host.
///
/// `Sendable` plain value.
public enum SessionLogOutput: Equatable, Sendable {
  /// The log holds this many lines now (also said once when it starts).
  case countChanged(Int)
}
