import Testing

@testable import NotesFeature

@MainActor
@Suite struct NotesDocumentTests {
  let notes = [
    Note(id: 2, title: "日本 🎉", body: "line\n\u{1B}[2J\ttab", revision: 5),
    Note(id: 1, title: "plain", revision: 1),
  ]

  @Test func encodesAFormatTagAndTheCurrentVersion() throws {
    let text = String(decoding: NotesDocument(notes: notes).encoded(), as: UTF8.self)
    #expect(text.contains(#""format":"multistore-notes""#))
    #expect(text.contains(#""version":1"#))
    #expect(NotesDocument.currentVersion == 1)
  }

  @Test func roundTripsEveryNoteExactly() throws {
    let document = NotesDocument(notes: notes)
    #expect(try NotesDocument.decode(document.encoded()) == document)
  }

  @Test func rejectsAnyOtherVersion() {
    for version in [0, 2, 99] {
      let bytes = Array(#"{"format":"multistore-notes","version":\#(version),"notes":[]}"#.utf8)
      #expect(throws: NotesDocumentError.unsupportedVersion(version)) {
        try NotesDocument.decode(bytes)
      }
    }
  }

  @Test func rejectsAFileWithoutAVersion() {
    let bytes = Array(#"{"format":"multistore-notes","notes":[]}"#.utf8)
    #expect(throws: NotesDocumentError.malformed("missing field 'version'")) {
      try NotesDocument.decode(bytes)
    }
  }

  @Test func rejectsAnotherFormat() {
    let bytes = Array(#"{"format":"todo-list","version":1,"notes":[]}"#.utf8)
    #expect(throws: NotesDocumentError.wrongFormat("todo-list")) {
      try NotesDocument.decode(bytes)
    }
  }

  @Test func rejectsDuplicateIDs() {
    let note = #"{"id":4,"title":"a","body":"","revision":1}"#
    let bytes = Array(
      #"{"format":"multistore-notes","version":1,"notes":[\#(note),\#(note)]}"#.utf8)
    #expect(throws: NotesDocumentError.malformed("duplicate note id 4")) {
      try NotesDocument.decode(bytes)
    }
  }

  @Test func rejectsGarbageAsInvalidJSON() {
    do {
      _ = try NotesDocument.decode([0xFF, 0x00, 0x1B, 0x5B, 0x32, 0x4A])
      Issue.record("garbage decoded")
    } catch {
      guard case .malformed(let reason) = error else {
        Issue.record("expected malformed, got \(error)")
        return
      }
      #expect(reason.hasPrefix("not valid JSON"))
    }
  }

  @Test func describesAnUnsupportedVersion() {
    #expect(
      NotesDocumentError.unsupportedVersion(3).description
        == "version 3 is not supported (this build reads version 1)")
  }
}
