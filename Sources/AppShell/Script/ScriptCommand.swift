import FeatureBridge
import TerminalUI

/// One line of a command script (stdin that is not a terminal).
///
/// ```
/// # comment
/// tab notes            switch tab, by its title (case-insensitive), or next
/// key n                keys by name: enter, tab, backspace, delete, esc, up, down, left,
/// key down 3             right, home, end, pageup, pagedown, space, ctrl-X, f1…f12, or one
///                        character; an optional count repeats it
/// type Hello, world    each character as a key press (\n, \t, \e, \\ escapes)
/// paste Line 1\nLine 2 one paste (same escapes)
/// save                 ask every feature that saves to save now
/// wait 1500            sleep this many milliseconds (for autosave)
/// screen               print the active tab's screen
/// echo typed chunk 7   print this text on its own line at once (progress for a harness)
/// quit                 stop reading the script
/// ```
enum ScriptCommand: Equatable {
  /// A tab by its lowercased title; `nil` is the next tab.
  case tab(String?)
  case keys([KeyPress])
  case save
  case wait(milliseconds: Int)
  case screen
  case echo(String)
  case quit

  /// Parses one line; `nil` for blank lines and comments.
  static func parse(_ line: Substring, lineNumber: Int) throws -> ScriptCommand? {
    let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
    let word = trimmed.prefix { $0 != " " }
    let rest = trimmed.dropFirst(word.count).dropFirst()
    func fail(_ message: String) -> ShellError {
      ShellError("script line \(lineNumber): \(message)")
    }
    switch word {
    case "tab":
      // Checked against the app's features when it runs.
      guard !rest.isEmpty else { throw fail("tab needs a title or next") }
      return .tab(rest == "next" ? nil : rest.lowercased())
    case "type":
      return .keys(unescape(rest).map { KeyPress.character($0) })
    case "paste":
      return .keys([.paste(unescape(rest))])
    case "key":
      let parts = rest.split(separator: " ")
      guard let name = parts.first, parts.count <= 2 else { throw fail("key needs a name") }
      guard let key = key(named: String(name)) else { throw fail("unknown key '\(name)'") }
      let count = parts.count == 2 ? Int(parts[1]) : 1
      guard let count, count > 0, count <= 100_000 else { throw fail("bad repeat count") }
      return .keys(Array(repeating: key, count: count))
    case "save":
      return .save
    case "wait":
      guard let milliseconds = Int(rest), milliseconds >= 0 else { throw fail("wait needs ms") }
      return .wait(milliseconds: milliseconds)
    case "screen":
      return .screen
    case "echo":
      return .echo(String(rest))
    case "quit":
      return .quit
    default:
      throw fail("unknown command '\(word)'")
    }
  }

  static func key(named name: String) -> KeyPress? {
    switch name.lowercased() {
    case "enter", "return": return .enter
    case "tab": return .tab
    case "backspace": return .backspace
    case "delete", "del": return .delete
    case "esc", "escape": return .escape
    case "up": return .up
    case "down": return .down
    case "left": return .left
    case "right": return .right
    case "home": return .home
    case "end": return .end
    case "pageup": return .pageUp
    case "pagedown": return .pageDown
    case "space": return .character(" ")
    default:
      let lower = name.lowercased()
      if lower.hasPrefix("ctrl-"), lower.count == 6, let character = lower.last {
        return .control(character)
      }
      if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
        return .function(number)
      }
      if name.count == 1, let character = name.first { return .character(character) }
      return nil
    }
  }

  static func unescape(_ text: Substring) -> String {
    var result = ""
    var escaping = false
    for character in text {
      if escaping {
        switch character {
        case "n": result.append("\n")
        case "t": result.append("\t")
        case "e": result.append("\u{1B}")
        default: result.append(character)
        }
        escaping = false
      } else if character == "\\" {
        escaping = true
      } else {
        result.append(character)
      }
    }
    if escaping { result.append("\\") }
    return result
  }
}
