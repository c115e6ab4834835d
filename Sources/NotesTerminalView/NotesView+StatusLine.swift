import NotesFeature
import StoreKernel
import TerminalUI

/// The status line: the mode, always first, so that a message such as "Saved" never hides
/// whether keys type text or run commands; then the latest message or a hint; and, while
/// editing, where the cursor is.
extension NotesView {
  func statusLine(_ state: Shown, width: Int) -> String {
    if let dialog = state.confirmation {
      // The question and its answers, with the key of each (the dialog is data: any view draws
      // it its own way).
      let answers = dialog.buttons.enumerated().map {
        "\(Self.answerKey(for: $0.element, at: $0.offset)): \(String(state: $0.element.label))"
      }
      let title = String(state: dialog.title)
      let question = ([title] + answers).joined(separator: "  ")
      guard TerminalText.width(of: "CONFIRM  " + question) > width else {
        return statusText.fitted(label: "CONFIRM", message: question, width: width, pad: false)
      }
      // Too narrow for the answers' names: their keys alone, kept whole at the end.
      let keys = dialog.buttons.enumerated().map { Self.answerKey(for: $0.element, at: $0.offset) }
      return Self.fitted(
        label: "CONFIRM", message: title, keys: keys.joined(separator: "/"), width: width)
    }
    if let editor = state.editor { return editorStatusLine(state, editor, width: width) }
    let label: String
    let hint: String
    let keys: String?
    switch state.mode {
    case .searching:
      label = "SEARCHING"
      hint = "type to filter, ⏎ to keep the filter, Esc to clear it"
      keys = "⏎ Esc"
    case .renaming:
      label = "RENAMING"
      hint = "type the new title, ⏎ to keep it, Esc to cancel"
      keys = "⏎ Esc"
    case .browsing:
      label = "BROWSING"
      hint = state.hasUnsavedChanges ? "unsaved changes" : ""
      keys = nil
    }
    let message = state.status ?? hint
    if let keys, state.status == nil, TerminalText.width(of: label + "  " + hint) > width {
      // Too narrow for the hint's words: the keys that leave the field stay on screen.
      return Self.fitted(label: label, message: hint, keys: keys, width: width)
    }
    return statusText.fitted(label: label, message: message, width: width, pad: false)
  }

  /// `label`, as much of `message` as fits, and `keys` whole at the end: on a narrow screen
  /// the message is cut, never the keys that answer it ("CONFIRM  Delete “No…  y/n" at 20
  /// columns). With no room for any of the message, the label and the keys; the label is cut
  /// before the keys are.
  static func fitted(label: String, message: String, keys: String, width: Int) -> String {
    let room = width - TerminalText.width(of: label) - TerminalText.width(of: keys) - 4
    guard room >= 4 else {
      let keysWidth = TerminalText.width(of: keys)
      let head = TerminalText.fit(label, width: max(0, width - keysWidth - 1))
      return TerminalText.fit(head + " " + keys, width: width)
    }
    let inert = TerminalText.inert(message)
    let shown =
      TerminalText.width(of: inert) <= room
      ? inert : TerminalText.fit(inert, width: room - 1) + "…"
    return label + "  " + shown + "  " + keys
  }

  /// The status line while a note is open in its editor: the editor's mode, what its last key
  /// said (or the list's last message, or a hint), and where the cursor is.
  private func editorStatusLine(_ state: Shown, _ editor: EditorShown, width: Int) -> String {
    let label: String
    let hint: String
    switch editor.mode {
    case .editing:
      label = "EDITING"
      hint = statusText.editingHint(title: editor.note.title)
    case .finding:
      label = "FINDING"
      hint = "type what to find, ⏎ to find it (again: the next), Esc to go back"
    default:
      // nano's prompts: the question stands until it is answered.
      return statusText.fitted(
        label: "ASKING", message: Self.question(editor.mode), width: width, pad: false)
    }
    // "Saved" was true of the note before the edits its editor holds.
    let status =
      editor.hasUnreportedEdits && state.status == NotesReducer.savedStatus ? nil : state.status
    let message = editor.notice ?? status ?? hint
    guard editor.mode == .editing else {
      return statusText.fitted(label: label, message: message, width: width, pad: false)
    }
    // Unsaved edits show, as nano's "Modified" does: "Saved" is never left standing after one.
    let modified = editor.hasUnreportedEdits || state.hasUnsavedChanges
    // Built as bytes, once a key: the line is redrawn on every keystroke.
    var position: [UInt8] = []
    position.reserveCapacity(48)
    if editor.hasMark { position.append(contentsOf: "Mark  ".utf8) }
    if modified { position.append(contentsOf: "Modified  ".utf8) }
    Self.appendPosition(of: editor.cursor, in: editor.note.text, to: &position)
    let room = width - position.count - 2
    guard room >= label.utf8.count else {
      return statusText.fitted(label: label, message: message, width: width, pad: false)
    }
    var line = Array(statusText.fitted(label: label, message: message, width: room, pad: true).utf8)
    line.reserveCapacity(line.count + 2 + position.count)
    line.append(contentsOf: "  ".utf8)
    line.append(contentsOf: position)
    return String(decoding: line, as: UTF8.self)
  }

  /// What a prompt of the editor asks, in nano's words, with its answers.
  static func question(_ mode: NoteEditorState.Mode) -> String {
    switch mode {
    case .writing: "File Name to Write: notes.json   ⏎ saves  ^C Cancel"
    case .askingToSave: "Save modified buffer?   Y Yes  N No  ^C Cancel"
    case .confirmingReplace: "Replace this instance?   Y Yes  N No  A All  ^C Cancel"
    case .replacing: "type what to replace, ⏎ to go on  ^C Cancel"
    case .replacingWith: "type what replaces it, ⏎ to start  ^C Cancel"
    case .goingToLine: "line[,column] (a negative line counts from the end), ⏎ to go  ^C Cancel"
    case .editing, .finding: ""
    }
  }

  /// "Ln 12/340, Col 5": the line of `offset` and its column in code points, both from 1.
  static func position(of offset: Int, in text: TextBuffer) -> String {
    var bytes: [UInt8] = []
    appendPosition(of: offset, in: text, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends ``position(of:in:)``'s text to `bytes`.
  private static func appendPosition(of offset: Int, in text: TextBuffer, to bytes: inout [UInt8]) {
    let line = text.lineIndex(at: offset) + 1
    let lineStart = text.lineStart(at: offset)
    // The column from the line's own bytes when it is short (nearly always): one scan of the
    // cursor's chunk instead of two.
    let column =
      offset - lineStart <= 4096
      ? text.bytes(in: lineStart..<offset).count { $0 & 0xC0 != 0x80 }
      : text.scalarIndex(at: offset) - text.scalarIndex(at: lineStart)
    bytes.append(contentsOf: "Ln ".utf8)
    TerminalText.appendDecimal(line, to: &bytes)
    bytes.append(UInt8(ascii: "/"))
    TerminalText.appendDecimal(text.lineCount, to: &bytes)
    bytes.append(contentsOf: ", Col ".utf8)
    TerminalText.appendDecimal(column + 1, to: &bytes)
  }
}

/// The status line's mode and message as last fitted: they change far less often than the
/// cursor's position beside them (not at all while typing).
///
/// Not `Sendable`: view state, confined to the view's actor.
final class StatusText {
  private var last: (label: String, message: String, width: Int, pad: Bool, text: String)?
  private var lastHint: (title: String, hint: String)?

  /// The hint while editing the note titled `title`: made again only for another title.
  func editingHint(title: String) -> String {
    if let lastHint, lastHint.title == title { return lastHint.hint }
    let hint = "“\(title)”: Esc to stop"
    lastHint = (title, hint)
    return hint
  }

  /// `label`, two spaces and `message` made inert, fitted to `width` columns.
  func fitted(label: String, message: String, width: Int, pad: Bool) -> String {
    if let last, last.label == label, last.message == message, last.width == width,
      last.pad == pad
    {
      return last.text
    }
    var shown = TerminalText.inert(message)
    let room = width - label.count - 2
    if TerminalText.width(of: shown) > room {
      shown = Self.shortenQuote(in: shown, to: room) ?? shown
    }
    let text = TerminalText.fit(label + "  " + shown, width: width, pad: pad)
    last = (label, message, width, pad, text)
    return text
  }

  /// A message that quotes a title or a search ("“…” not found", "Deleted “…”: u to undo"), too
  /// wide for `width`: the quoted text cut at its end with an ellipsis, so that its start and
  /// the words after it stay on the line; `nil` when even that does not fit.
  static func shortenQuote(in message: String, to width: Int) -> String? {
    guard let open = message.firstIndex(of: "“"),
      let close = message[message.index(after: open)...].firstIndex(of: "”")
    else { return nil }
    let before = message[...open]
    let after = message[close...]
    let room = width - TerminalText.width(of: before) - TerminalText.width(of: after) - 1
    guard room >= 4 else { return nil }
    let quoted = TerminalText.fit(message[message.index(after: open)..<close], width: room)
    return before + quoted + "…" + after
  }
}
