/// Text to show in an alert, a dialog or a button: a plain string, so any view (a terminal's, a
/// SwiftUI one) can render it, and a test can compare it.
///
/// ```swift
/// let title: TextState = "Delete the note?"
/// let message = TextState("“\(name)” will be gone for good.")
/// ```
///
/// `Equatable`, `Hashable`, `Sendable`.
public struct TextState: Hashable, Sendable, ExpressibleByStringLiteral {
  /// The text.
  public var string: String

  /// Creates text from a string.
  ///
  /// - Parameter content: The text.
  public init(_ content: some StringProtocol) {
    string = String(content)
  }

  /// Creates text from a string, shown as it is.
  ///
  /// - Parameter content: The text.
  public init(verbatim content: String) {
    string = content
  }

  /// Creates text from a string literal.
  ///
  /// - Parameter value: The text.
  public init(stringLiteral value: String) {
    string = value
  }

  /// The two texts one after the other.
  ///
  /// - Parameters:
  ///   - lhs: The first text.
  ///   - rhs: The text that follows it.
  /// - Returns: Both texts, joined.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(verbatim: lhs.string + rhs.string)
  }
}

extension TextState: CustomStringConvertible, CustomDebugStringConvertible {
  /// The text.
  public var description: String { string }
  /// The text, quoted: `TextState("Delete?")`.
  public var debugDescription: String { "TextState(\(string.debugDescription))" }
}

extension String {
  /// The string of `state`.
  ///
  /// - Parameter state: The text.
  public init(state: TextState) {
    self = state.string
  }
}
