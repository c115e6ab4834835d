import FeatureBridge

/// Composes one full screen: the tab bar with live counts, the active tab's view (or the key
/// help), and the status line.
struct FrameComposer {
  var color: Bool

  struct Frame: Equatable {
    var lines: [String]
    var cursor: (row: Int, column: Int)?

    static func == (lhs: Frame, rhs: Frame) -> Bool {
      lhs.lines == rhs.lines && lhs.cursor?.row == rhs.cursor?.row
        && lhs.cursor?.column == rhs.cursor?.column
    }
  }

  func compose(shell: ShellState, view: any FeatureView, width: Int, height: Int) -> Frame {
    guard width > 0, height > 0 else { return Frame(lines: []) }
    var lines = [tabBar(shell, width: width)]
    let contentHeight = max(0, height - 2)
    var cursor: (row: Int, column: Int)?
    if shell.showHelp {
      lines += help(view, width: width, height: contentHeight)
    } else {
      let content = view.render(width: width, height: contentHeight)
      lines += content.prefix(contentHeight)
      if let viewCursor = view.cursor, viewCursor.row < contentHeight {
        cursor = (row: viewCursor.row + 1, column: min(viewCursor.column, width - 1))
      }
    }
    while lines.count < height - 1 { lines.append("") }
    if height > 1 { lines.append(statusLine(shell, width: width)) }
    return Frame(lines: Array(lines.prefix(height)), cursor: cursor)
  }

  private func tabBar(_ shell: ShellState, width: Int) -> String {
    var line = ""
    var used = 0
    for tab in Tab.allCases {
      let count =
        switch tab {
        case .counter: shell.count
        case .profile: shell.favoritesCount
        case .notes: shell.notesCount
        }
      let label = " \(tab.rawValue + 1) \(tab.title) \(count) "
      let labelWidth = TerminalText.width(of: label) + 2
      guard used + labelWidth <= width else { break }
      if tab == shell.activeTab {
        line += color ? "\u{1B}[7m[\(label)]\u{1B}[0m" : "[\(label)]"
      } else {
        line += " \(label) "
      }
      used += labelWidth
    }
    return line
  }

  private func help(_ view: any FeatureView, width: Int, height: Int) -> [String] {
    let lines =
      [
        "", "  Keys", "",
        "  Tab / 1 2 3   switch tabs          ?   show or hide this help",
        "  q / Ctrl-C    quit (notes are saved first)", "",
        "  This tab:",
      ] + view.keyHelp.map { "    " + $0 }
    return lines.prefix(height).map { TerminalText.fit($0, width: width) }
  }

  private func statusLine(_ shell: ShellState, width: Int) -> String {
    let hint = "  ? help  q quit"
    let room = max(0, width - TerminalText.width(of: hint))
    let text = TerminalText.fit(shell.status, width: room, pad: true) + hint
    let fitted = TerminalText.fit(text, width: width)
    return color ? "\u{1B}[2m" + fitted + "\u{1B}[0m" : fitted
  }
}
