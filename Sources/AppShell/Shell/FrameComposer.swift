import FeatureBridge
import TerminalUI

/// Composes one full screen: the tab bar with each feature's badge, the active feature's view
/// (or the key help), the kept errors, and the status line.
struct FrameComposer {
  var color: Bool
  /// The last tab bar and status line, with what they were made from: they change far less
  /// often than the view (not at all while typing), so a frame reuses them.
  private let memo = Memo()

  init(color: Bool) {
    self.color = color
  }

  private final class Memo {
    var tabBar: (key: TabBarKey, line: String)?
    var statusLine: (status: String, width: Int, line: String)?
  }

  private struct TabBarKey: Equatable {
    var badges: [String]
    var activeTab: Int
    var titles: [String]
    var tabs: [Int]
    var width: Int
  }

  struct Frame: Equatable {
    var lines: [String]
    var cursor: (row: Int, column: Int)?
    /// On the help screen: how far it can scroll (0 when it fits).
    var helpMaxOffset: Int?
    /// On the help screen: how many of its lines show at once (a page).
    var helpPage: Int?

    static func == (lhs: Frame, rhs: Frame) -> Bool {
      lhs.lines == rhs.lines && lhs.cursor?.row == rhs.cursor?.row
        && lhs.cursor?.column == rhs.cursor?.column
    }
  }

  /// The screen for `shell` at `width` × `height`.
  ///
  /// - Parameters:
  ///   - titles: Each feature's title, by feature index.
  ///   - tabs: The indices of the features that have a tab, in tab order.
  ///   - render: Renders the active view at a width and height (the session renders inside
  ///     Observation tracking; a script renders plainly).
  func compose(
    shell: ShellState, titles: [String], tabs: [Int], view: any TerminalView,
    width: Int, height: Int,
    render: (any TerminalView, Int, Int) -> [String] = { $0.render(width: $1, height: $2) }
  ) -> Frame {
    guard width > 0, height > 0 else { return Frame(lines: []) }
    let tabBarKey = TabBarKey(
      badges: shell.badges, activeTab: shell.activeTab, titles: titles, tabs: tabs, width: width)
    if memo.tabBar?.key != tabBarKey {
      memo.tabBar = (tabBarKey, tabBar(shell, titles: titles, tabs: tabs, width: width))
    }
    var lines: [String] = []
    lines.reserveCapacity(height)
    lines.append(memo.tabBar?.line ?? "")
    let errors = shell.showHelp ? [] : errorLines(shell, width: width, height: height)
    let contentHeight = max(0, height - 2 - errors.count)
    var cursor: (row: Int, column: Int)?
    var helpMaxOffset: Int?
    var helpPage: Int?
    if shell.showHelp {
      let help = help(
        view, errors: shell.errors, tabCount: tabs.count, width: width, height: contentHeight,
        offset: shell.helpOffset)
      lines += help.lines
      helpMaxOffset = help.maxOffset
      helpPage = help.page
    } else {
      let content = render(view, width, contentHeight)
      lines.append(contentsOf: content.prefix(contentHeight))
      if let viewCursor = view.cursor, viewCursor.row < contentHeight {
        cursor = (row: viewCursor.row + 1, column: min(max(0, viewCursor.column), width - 1))
      }
    }
    while lines.count < height - 1 - errors.count { lines.append("") }
    lines += errors
    if height > 1 {
      if let kept = memo.statusLine, kept.status == shell.status, kept.width == width {
        lines.append(kept.line)
      } else {
        let line = statusLine(shell, width: width)
        memo.statusLine = (shell.status, width, line)
        lines.append(line)
      }
    }
    if lines.count > height { lines.removeLast(lines.count - height) }
    return Frame(
      lines: lines, cursor: cursor, helpMaxOffset: helpMaxOffset, helpPage: helpPage)
  }

  /// The tab bar. Labels shrink as the width does (title, then its first letter, then the
  /// number alone) so that every tab stays visible and reachable.
  func tabBar(_ shell: ShellState, titles: [String], tabs: [Int], width: Int) -> String {
    func labels(_ style: Int) -> [String] {
      tabs.enumerated().map { position, index in
        let badge = shell.badges.indices.contains(index) ? shell.badges[index] : ""
        let title = titles[index]
        let number = position < 9 ? "\(position + 1)" : "·"
        let badgeText = badge.isEmpty ? "" : " \(TerminalText.inert(badge))"
        switch style {
        case 0: return "\(number) \(title)\(badgeText)"
        case 1: return "\(number) \(title.prefix(1))\(badgeText)"
        default: return number
        }
      }
    }
    var chosen = labels(2)
    for style in 0...1 {
      let candidate = labels(style)
      if candidate.reduce(0, { $0 + TerminalText.width(of: $1) + 3 }) <= width {
        chosen = candidate
        break
      }
    }
    var line = ""
    for (position, label) in chosen.enumerated() {
      if tabs[position] == shell.activeTab {
        line += color ? "\u{1B}[7m[\(label)]\u{1B}[0m " : "[\(label)] "
      } else {
        line += " \(label)  "
      }
    }
    return color ? line : TerminalText.fit(line, width: width)
  }

  /// The kept errors above the status line, oldest first, each wrapped so it shows whole. When
  /// they do not all fit in a third of the screen, the last line says how many more there are:
  /// the help screen shows every one.
  private func errorLines(_ shell: ShellState, width: Int, height: Int) -> [String] {
    guard !shell.errors.isEmpty, height > 6 else { return [] }
    let room = max(2, (height - 2) / 3)
    var lines = shell.errors.flatMap { wrappedError($0, width: width) }
    if lines.count < room {
      lines.append(TerminalText.fit("  x dismisses", width: width))
    } else if lines.count > room {
      let hidden = lines.count - (room - 1)
      lines = Array(lines.prefix(room - 1))
      lines.append(
        TerminalText.fit("  … \(hidden) more line(s): ? shows them all, x dismisses", width: width))
    }
    return lines.map { color ? "\u{1B}[1;31m" + $0 + "\u{1B}[0m" : $0 }
  }

  /// One error as lines of at most `width` columns: `! ` then the message, wrapped.
  private func wrappedError(_ error: String, width: Int) -> [String] {
    TerminalText.wrap(error, width: max(1, width - 2)).enumerated().map { index, line in
      (index == 0 ? "! " : "  ") + line
    }
  }

  /// The help screen's lines from `offset` on, as many as fit in `height`; when not all fit,
  /// the last line says which are shown and how to scroll. Also how far it can scroll, and how
  /// many of its lines show at once.
  private func help(
    _ view: any TerminalView, errors: [String], tabCount: Int, width: Int, height: Int,
    offset: Int
  ) -> (lines: [String], maxOffset: Int, page: Int) {
    let count = max(1, min(9, tabCount))
    let numbers = (1...count).map(String.init).joined(separator: " ")
    var lines: [String] = []
    if !errors.isEmpty {
      // Every kept error, whole: the help screen is where a long one is read in full.
      lines += ["", "  Errors (x dismisses them)", ""]
      lines += errors.flatMap { wrappedError($0, width: width - 2).map { "  " + $0 } }
    }
    lines += [
      "", "  Keys", "",
      "  F1–F\(count), Alt-1–\(count)   switch tabs (Tab and \(numbers) too, when not typing)",
      "  ? / Ctrl-G      show or hide this help (↑ ↓ PgUp PgDn scroll it)",
      "  Ctrl-S / Ctrl-O save now            Ctrl-L  redraw the screen",
      "  Ctrl-Z          suspend (fg resumes)",
      "  q / Ctrl-X      quit when not typing; Ctrl-C in the list, Ctrl-Q anywhere (saves first)",
      "  x               dismiss the errors shown above the status line", "",
      "  This tab:",
    ]
    lines += view.keyHelp.map { "    " + $0 }
    lines = lines.flatMap { Self.wrappedHelpLine($0, width: width) }
    guard lines.count > height, height > 1 else {
      return (lines.prefix(height).map { TerminalText.fit($0, width: width) }, 0, max(1, height))
    }
    // One line for where the window is and how to move it.
    let window = height - 1
    let maxOffset = lines.count - window
    let first = min(max(0, offset), maxOffset)
    let shown = lines[first..<(first + window)].map { TerminalText.fit($0, width: width) }
    let range = "\(first + 1)–\(first + window)"
    // The longest form that fits: on a narrow screen the keys stay, the words go.
    let forms = [
      "  lines \(range) of \(lines.count): ↑ ↓ PgUp PgDn scroll, Esc closes",
      "  \(range) of \(lines.count): ↑ ↓ PgUp PgDn, Esc closes",
      "\(range)/\(lines.count) ↑↓ PgUp PgDn Esc",
      "\(range)/\(lines.count) PgDn Esc",
    ]
    let position = forms.first { TerminalText.width(of: $0) <= width } ?? forms[forms.count - 1]
    return (shown + [TerminalText.fit(position, width: width)], maxOffset, window)
  }

  /// A help line as it fits: whole when it does, otherwise broken at its last space that fits,
  /// under its own indent, each continuation two columns further in (help is read whole, never
  /// cut off). The spaces that line up its columns are kept.
  private static func wrappedHelpLine(_ line: String, width: Int) -> [String] {
    guard TerminalText.width(of: line) > width else { return [line] }
    let indent = line.prefix { $0 == " " }.count
    var rest = line.dropFirst(indent)
    var pieces: [String] = []
    while !rest.isEmpty {
      let lead = pieces.isEmpty ? indent : indent + 2
      let room = max(1, width - lead)
      var used = 0
      var end = rest.startIndex
      var lastSpace: Substring.Index?
      while end < rest.endIndex {
        let columns = TerminalText.width(of: rest[end])
        if used + columns > room { break }
        if rest[end] == " " { lastSpace = end }
        used += columns
        end = rest.index(after: end)
      }
      // A word wider than the room is cut; otherwise the break is at the last space.
      var cut = end == rest.endIndex ? end : (lastSpace ?? end)
      if cut == rest.startIndex { cut = rest.index(after: cut) }
      var piece = rest[..<cut]
      while piece.last == " " { piece = piece.dropLast() }
      pieces.append(String(repeating: " ", count: lead) + piece)
      rest = rest[cut...].drop { $0 == " " }
    }
    return pieces
  }

  private func statusLine(_ shell: ShellState, width: Int) -> String {
    let hint = "  ? help  q quit"
    let room = max(0, width - TerminalText.width(of: hint))
    let text = TerminalText.fit(TerminalText.inert(shell.status), width: room, pad: true) + hint
    let fitted = TerminalText.fit(text, width: width)
    return color ? "\u{1B}[2m" + fitted + "\u{1B}[0m" : fitted
  }
}
