/// What one of a feature's outputs means to the shell. Each feature's declaration turns its
/// outputs into these; the shell knows nothing else about the feature.
enum ShellEvent: Equatable, Sendable {
  /// The number the feature shows in its tab.
  case badge(String)
  /// A message for the status line, replaced by the next one.
  case status(String)
  /// An error, kept (whole) until the user dismisses it.
  case error(String)
  /// A save the feature made has finished, or failed (script mode waits for one).
  case saveReported
  /// The feature stopped with work it could not save.
  case unsaved(UnsavedWork)
}

/// The end of a run whose work could not all be saved: the process must say so and exit
/// non-zero.
enum UnsavedWork: Equatable, Sendable {
  /// Kept in this recovery file, which the next start restores.
  case kept(path: String)
  /// Neither saved nor kept.
  case lost(reason: String)
}
