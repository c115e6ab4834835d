import FeatureBridge
import TerminalUI
import Testing

@testable import NotesFeature
@testable import NotesTerminalView

/// A 10 MB note in the editor: each key and the frame after it lay out the rows on screen and
/// a few around them, exactly as many as in a small note that ends the same way, and typing
/// edits the note in place.
@MainActor
@Suite struct NotesViewLargeNoteTests {
  static let width = 100
  static let height = 30

  /// Lines of prose of 20 to 90 characters, about `bytes` long in all.
  static func prose(bytes: Int, seed: Int = 0) -> String {
    var text = ""
    text.reserveCapacity(bytes + 100)
    var line = seed
    while text.utf8.count < bytes {
      let words = 3 + (line * 7) % 13
      text += "Line \(line):" + String(repeating: " word", count: words) + "\n"
      line += 1
    }
    return text
  }

  /// The same last 8 KB, after nothing or after 10 MB.
  static let tail = prose(bytes: 8_000, seed: 5)
  static let large = prose(bytes: 10 << 20) + tail

  func open(_ body: String) async -> (RunningNotes, NotesView) {
    let notes = await RunningNotes(storage: .inMemory([("Note", body)]))
    notes.type([.enter, .modified(.end, .control)])
    _ = notes.render(width: Self.width, height: Self.height)
    return (notes, notes.view as! NotesView)
  }

  /// The rows each key and the frame after it lay out.
  func rowsPerKey(_ keys: [KeyPress], in notes: RunningNotes, view: NotesView) -> [Int] {
    keys.map { key in
      let before = view.rowsLaidOut
      notes.type([key])
      _ = notes.render(width: Self.width, height: Self.height)
      return view.rowsLaidOut - before
    }
  }

  // Computed, not a `static let`: KeyPress is an indirect enum whose boxes are referenced through
  // tagged pointers, which LeakSanitizer cannot see, so boxes kept by a global read as leaks.
  static var keys: [KeyPress] {
    [
      .character("x"), .backspace, .up, .left, .enter, .pageUp, .down, .pageDown,
      .modified(.left, .control), .home, .end, .alt("u"),
    ]
  }

  @Test func aKeyInA10MBNoteLaysOutWhatItDoesInASmallNote() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NotesViewLargeNoteTests", test: "aKeyInA10MBNoteLaysOutWhatItDoesInASmallNote")
    {
      return
    }
    let (small, smallView) = await open(Self.tail)
    let smallRows = rowsPerKey(Self.keys, in: small, view: smallView)
    await small.feature.stop()

    let (large, largeView) = await open(Self.large)
    let largeRows = rowsPerKey(Self.keys, in: large, view: largeView)
    #expect(largeRows == smallRows)
    // About a screenful at most: the rows shown, the cursor's and the top row's.
    for (key, rows) in zip(Self.keys, largeRows) {
      #expect(rows <= 2 * Self.height + 4, "\(key): \(rows) rows")
    }
    await large.feature.stop()
  }

  @Test func jumpingToEitherEndOfA10MBNoteLaysOutAScreenful() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NotesViewLargeNoteTests", test: "jumpingToEitherEndOfA10MBNoteLaysOutAScreenful")
    {
      return
    }
    let (notes, view) = await open(Self.large)
    for (key, rows) in zip(
      [KeyPress.modified(.home, .control), .modified(.end, .control)],
      rowsPerKey([.modified(.home, .control), .modified(.end, .control)], in: notes, view: view))
    {
      #expect(rows <= 2 * Self.height + 4, "\(key): \(rows) rows")
    }
    let screen = notes.render(width: Self.width, height: Self.height)
    #expect(screen.last?.contains("Ln \(TextBuffer(Self.large).lineCount)/") == true)
    await notes.feature.stop()
  }

  @Test func typingAtTheEndOfA10MBLineLaysOutOneSectionAndAScreenful() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NotesViewLargeNoteTests",
      test: "typingAtTheEndOfA10MBLineLaysOutOneSectionAndAScreenful")
    {
      return
    }
    let line = String(repeating: "0123456789", count: 1 << 20)
    let (notes, view) = await open(line)
    let sectionRows = RowLayout.sectionLength / (Self.width - 35) + 1
    for rows in rowsPerKey([.character("x"), .backspace, .up, .down], in: notes, view: view) {
      #expect(rows <= 2 * sectionRows + 2 * Self.height)
    }
    await notes.feature.stop()
  }

  @Test func typingEditsTheNotesTextInPlace() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(suite: "NotesViewLargeNoteTests", test: "typingEditsTheNotesTextInPlace")
    {
      return
    }
    let (notes, view) = await open(Self.large)
    notes.type([.character("a")])
    func lastChunkAddress() -> UnsafeRawPointer? {
      view.store.peek(\.notes)[0].text.chunks.last!.bytes.withUnsafeBytes { $0.baseAddress }
    }
    let address = lastChunkAddress()
    // A second reference to the note kept anywhere across a key would make this key copy the
    // chunk it types into (copy-on-write), and its storage would move.
    notes.type([.character("b")])
    _ = notes.render(width: Self.width, height: Self.height)
    notes.type([.character("c")])
    #expect(lastChunkAddress() == address)
    await notes.feature.stop()
  }
}
