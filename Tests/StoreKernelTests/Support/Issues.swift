import Testing

extension Issue {
  /// The text of the issue's comments: what `Issue.record` and the kernel's reports say.
  var message: String { comments.map(\.rawValue).joined(separator: "\n") }
}
