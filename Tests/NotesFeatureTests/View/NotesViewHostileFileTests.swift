import FeatureBridge
import FeatureBridgeTesting
import Foundation
import NotesFeature
import NotesTerminalView
import StoreKernelTesting
import TerminalUI
import Testing

/// Notes that arrive from a file on disk, written by anyone: escape sequences, controls and
/// very long lines render inert and inside the layout, and a file with invalid UTF-8 is kept
/// aside and reported, never shown raw. (NotesViewTests covers the same for notes typed or
/// seeded in memory.)
@MainActor
@Suite struct NotesViewHostileFileTests {
  /// A notes file as an attacker would write it: JSON escapes for ESC (CSI, OSC, DCS, an OSC 8
  /// link), C1 controls (CSI 0x9B, OSC 0x9D, ST 0x9C), NUL, BEL, DEL, CR, a 100,000-character
  /// line, a 10,000-character title and 2,000 lines.
  static let hostileFile: [UInt8] = {
    let longLine = String(repeating: "ab日🎉\\u001b[2J", count: 12_500)
    let manyLines = Array(repeating: "\\u001b[1A\\u009b2K line", count: 2_000)
      .joined(separator: "\\n")
    let notes = [
      (
        "\\u001b[2J\\u001b]0;pwned\\u0007 title \\u009b31m",
        "csi \\u001b[31mred\\u001b[0m osc8 \\u001b]8;;http://evil\\u001b\\\\link\\u001b]8;;\\u001b\\\\ "
          + "c1 \\u009b2J \\u009d0;x\\u009c nul \\u0000 bel \\u0007 del \\u007f cr \\r end "
          + "dcs \\u001bP1$r\\u001b\\\\ nel \\u0085 crlf \\r\\n next"
      ),
      ("long line", longLine),
      (String(repeating: "W\\u001b", count: 5_000), manyLines),
    ]
    let json = notes.enumerated().map { index, note in
      #"{"id":\#(index + 1),"title":"\#(note.0)","body":"\#(note.1)","revision":\#(index + 1)}"#
    }
    return Array(
      #"{"format":"multistore-notes","version":1,"notes":[\#(json.joined(separator: ","))]}"#
        .utf8)
  }()

  /// Whether `line` holds a C0 or C1 control character or DEL, which a terminal would act on.
  func holdsControlCharacters(_ line: String) -> Bool {
    line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
  }

  /// Renders at several sizes; every line must be inert and fit, and no more lines than asked.
  func expectInertAndFitting(_ notes: RunningNotes, _ comment: Comment) -> [String] {
    var all: [String] = []
    for (width, height) in [(1, 1), (7, 3), (30, 10), (49, 5), (50, 24), (80, 24), (133, 40)] {
      let lines = notes.render(width: width, height: height)
      #expect(lines.count <= height, "\(comment) \(width)×\(height): \(lines.count) lines")
      for line in lines {
        if holdsControlCharacters(line) {
          Issue.record("\(comment) \(width)×\(height): raw control in \(line.debugDescription)")
        }
        if TerminalText.width(of: line) > width {
          Issue.record("\(comment) \(width)×\(height): too wide: \(line.debugDescription)")
        }
      }
      all += lines
    }
    return all
  }

  @Test func hostileNotesFromAFileRenderInertAndFitInEveryMode() async throws {
    try await withTemporaryDirectory { directory in
      try directory.write(Self.hostileFile, to: "notes.json")
      let notes = await RunningNotes(storage: .file(inDirectory: directory.path))
      #expect(notes.log.outputs.first == .noteCountChanged(3))

      // Newest first: the note of 2,000 lines, the long line, the note full of escapes.
      var shown = expectInertAndFitting(notes, "browsing")
      notes.type([.enter])
      shown += expectInertAndFitting(notes, "editing 2,000 lines, cursor at the start")
      notes.type([.down, .down, .end])
      shown += expectInertAndFitting(notes, "editing 2,000 lines, cursor moved")
      notes.type([.escape, .down, .enter])
      shown += expectInertAndFitting(notes, "editing the long line, cursor at its end")
      notes.type([.home])
      shown += expectInertAndFitting(notes, "editing the long line, cursor at its start")
      notes.type([.escape, .down, .enter])
      shown += expectInertAndFitting(notes, "editing the note full of escapes, at its end")
      notes.type([.home])
      shown += expectInertAndFitting(notes, "editing the note full of escapes, at its start")
      notes.type([.escape, .character("r"), .paste("\u{1B}[H\u{9B}2J\u{0}")])
      shown += expectInertAndFitting(notes, "renaming")
      notes.type([.escape, .character("/"), .paste("\u{1B}]8;;x\u{07}")])
      shown += expectInertAndFitting(notes, "searching")

      // The escapes are shown as visible text, not dropped.
      let text = shown.joined(separator: "\n")
      for visible in [
        "^[[2J^[]0;pwned^G title <9B>31m", "^[[31mred^[[0m", "<9B>2J", "<9D>0;x<9C>", "^@", "^?",
        "ab日🎉^[[2Jab", "^[[1A<9B>2K line", "W^[W^[",
      ] {
        #expect(text.contains(visible), "\(visible) is not shown")
      }
      await notes.feature.stop()
    }
  }

  /// JSON strings holding bytes that are not UTF-8 (0xFF, a truncated sequence, an encoded
  /// surrogate, raw ESC and 0x9B): the decoder rejects the file as a whole, so it is left as it
  /// is and reported, and nothing from it reaches the screen.
  @Test func aFileWithInvalidUTF8IsLeftAloneReportedAndShownInert() async throws {
    try await withTemporaryDirectory { directory in
      // The data directory's own name carries escapes too: it appears in the error message.
      let name = "data-\u{1B}[2J-\u{9B}31m-\u{7}"
      let dataDirectory = directory.path(of: name)
      try FileManager.default.createDirectory(
        atPath: dataDirectory, withIntermediateDirectories: false)
      let bytes =
        Array(#"{"format":"multistore-notes","version":1,"notes":[{"id":1,"title":"ok "#.utf8)
        + [0xFF, 0xFE, 0xC3, 0x28, 0x1B, 0x5B, 0x32, 0x4A, 0x9B]
        + Array(#"","body":""#.utf8) + [0xED, 0xA0, 0x80, 0xF0, 0x9F]
        + Array(#"","revision":1}]}"#.utf8)
      try directory.write(bytes, to: name + "/notes.json")

      let notes = await RunningNotes(storage: .file(inDirectory: dataDirectory))
      guard case .storageError(let message) = notes.log.outputs.first else {
        Issue.record("expected a storage error, got \(notes.log.outputs)")
        return
      }
      #expect(message.contains("is not a notes file this app can read"))
      #expect(!message.contains("\n"))
      let shown = expectInertAndFitting(notes, "after the rejected load").joined()
      #expect(shown.contains("No notes: n to create one"))
      #expect(message.contains(name))

      await notes.feature.stop()
      let entries = try FileManager.default.contentsOfDirectory(atPath: dataDirectory)
      #expect(entries.sorted() == [".locks", "notes.json"])
      #expect(FileManager.default.contents(atPath: dataDirectory + "/notes.json") == Data(bytes))
    }
  }
}
