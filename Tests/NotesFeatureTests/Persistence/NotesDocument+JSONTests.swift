import DurableFiles
import Foundation
import Testing

@testable import NotesFeature

/// The notes file's JSON, read and written a block at a time: what Foundation's JSON reads and
/// writes, any text in a note, and nothing accepted that is not JSON.
@Suite struct NotesDocumentJSONTests {
  static let pieces = [
    "a", "Grüße", "日本", "🎉", "e\u{301}", "\"", "\\", "/", "\n", "\r\n", "\t", "\u{0}",
    "\u{1B}[2J", "\u{7F}", "\u{2028}", " ", "word",
  ]

  func randomText(_ generator: inout SeededGenerator, pieces count: Int) -> String {
    (0..<count).map { _ in Self.pieces.randomElement(using: &generator)! }.joined()
  }

  @Test func randomDocumentsRoundTripAndFoundationReadsThemAlike() throws {
    var generator = SeededGenerator(seed: 8)
    for _ in 0..<60 {
      let notes = (0..<Int.random(in: 0...4, using: &generator)).map { index in
        Note(
          id: index * 7 + 1, title: randomText(&generator, pieces: 3),
          body: randomText(&generator, pieces: Int.random(in: 0...60, using: &generator)),
          revision: Int.random(in: -5...Int.max, using: &generator),
          titleFollowsFirstLine: Bool.random(using: &generator))
      }
      let document = NotesDocument(notes: notes)
      let encoded = document.encoded()
      #expect(try NotesDocument.decode(encoded) == document)
      let parsed = try #require(
        try JSONSerialization.jsonObject(with: Data(encoded)) as? [String: Any])
      let parsedNotes = try #require(parsed["notes"] as? [[String: Any]])
      #expect(parsedNotes.map { $0["body"] as? String } == notes.map(\.body))
      #expect(parsedNotes.map { $0["title"] as? String } == notes.map(\.title))
    }
  }

  @Test func whatFoundationWritesIsRead() throws {
    let object: [String: Any] = [
      "version": 1, "format": "multistore-notes", "extra": ["nested": [1, 2.5e3, true, NSNull()]],
      "notes": [
        ["revision": 3, "body": "a/b \"quoted\" \\ 日本 🎉\n", "id": 9, "title": "t/1", "x": [:]]
      ],
    ]
    for options: JSONSerialization.WritingOptions in [[], [.prettyPrinted, .sortedKeys]] {
      let data = try JSONSerialization.data(withJSONObject: object, options: options)
      let document = try NotesDocument.decode(Array(data))
      #expect(document.notes.map(\.body) == ["a/b \"quoted\" \\ 日本 🎉\n"])
      #expect(document.notes.map(\.title) == ["t/1"])
      #expect(document.notes.map(\.id) == [9])
    }
  }

  @Test func escapesAreRead() throws {
    let json = #"""
      {"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"\u00e9\ud83c\udf89","body":"\"\\\/\b\f\n\r\t\u0041"}]}
      """#
    let document = try NotesDocument.decode(Array(json.utf8))
    #expect(document.notes.first?.title == "é🎉")
    #expect(document.notes.first?.body == "\"\\/\u{8}\u{C}\n\r\tA")
  }

  @Test(arguments: [
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"\ud83c","body":""}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"\udf89x","body":""}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"a"b","body":""}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":01,"revision":1,"title":"","body":""}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1.5,"revision":1,"title":"","body":""}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":99999999999999999999,"revision":1,"title":"","body":""}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[]} x"#,
    #"{"format":"multistore-notes","version":1,"notes":[],}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"","body":"tab\#u{9}raw"}]}"#,
    #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"","body":""}"#,
  ])
  func invalidJSONIsMalformed(_ json: String) {
    #expect(throws: NotesDocumentError.self) { try NotesDocument.decode(Array(json.utf8)) }
  }

  @Test func invalidUTF8IsMalformed() {
    for bad: [UInt8] in [
      [0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80],
    ] {
      let bytes =
        Array(
          #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":""#.utf8)
        + bad + Array(#"","body":""}]}"#.utf8)
      #expect(throws: NotesDocumentError.self) { try NotesDocument.decode(bytes) }
    }
  }

  /// Some editors start a UTF-8 file with a byte order mark; RFC 8259 lets a reader ignore
  /// it. A save writes the file without it.
  @Test func aByteOrderMarkBeforeValidJSONIsAccepted() throws {
    let json = Array(
      #"{"format":"multistore-notes","version":1,"notes":[{"id":1,"revision":1,"title":"t","body":"b"}]}"#
        .utf8)
    let document = try NotesDocument.decode([0xEF, 0xBB, 0xBF] + json)
    #expect(document.notes.map(\.body) == ["b"])
    #expect(document.encoded().first == UInt8(ascii: "{"))
    for bad: [UInt8] in [
      [0xEF, 0xBB], [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF], [0x20, 0xEF, 0xBB, 0xBF],
    ] {
      #expect(throws: NotesDocumentError.self) { try NotesDocument.decode(bad + json) }
    }
  }

  /// Fields this build does not know, of the document and of each note, are written back as
  /// they were read, whatever their values (empty containers inside them included).
  @Test func unknownFieldsOfTheDocumentAndOfEachNoteSurviveARewrite() throws {
    let json = #"""
      {"format":"multistore-notes","sync":{"peers":[],"last":{"at":1.5e3,"ok":true,"x":null}},
       "notes":[{"id":1,"revision":1,"title":"t","body":"b","color":"red","tags":[ "a" , {} ]},
                {"id":2,"revision":2,"title":"u","body":"","pinned":false}],
       "version":1,"comment":"kept \"as is\" \u00e9"}
      """#
    var document = try NotesDocument.decode(Array(json.utf8))
    #expect(document.notes.map(\.title) == ["t", "u"])
    #expect(document.notes[0].unknownFields.members.map(\.name) == ["color", "tags"])
    #expect(document.notes[0].unknownFields.members[1].json == Array(#"[ "a" , {} ]"#.utf8))
    #expect(document.unknownFields.members.map(\.name) == ["sync", "comment"])

    document.notes[0].body = "edited"
    let encoded = document.encoded()
    #expect(try NotesDocument.decode(encoded) == document)
    let parsed = try #require(
      try JSONSerialization.jsonObject(with: Data(encoded)) as? [String: Any])
    let original = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    #expect((parsed["comment"] as? String) == "kept \"as is\" é")
    #expect(
      NSDictionary(dictionary: parsed["sync"] as? [String: Any] ?? [:])
        == NSDictionary(dictionary: original["sync"] as? [String: Any] ?? [:]))
    let notes = try #require(parsed["notes"] as? [[String: Any]])
    #expect(notes[0]["color"] as? String == "red")
    #expect(NSArray(array: notes[0]["tags"] as? [Any] ?? []) == NSArray(array: ["a", [:]]))
    #expect(notes[1]["pinned"] as? Bool == false)
    #expect(notes[0]["body"] as? String == "edited")
  }

  /// What a file says it is, read without its notes: how a newer build's file is told from a
  /// broken one.
  @Test func theHeaderIsReadWithoutTheNotes() throws {
    let json = #"{"notes":{"changed":[{"shape":[]}]},"version":99,"format":"multistore-notes"}"#
    var reader = BlockReader(bytes: Array(json.utf8))
    let header = try NotesDocument.header(from: &reader)
    #expect(header == NotesDocument.Header(format: "multistore-notes", version: 99))
    #expect(throws: NotesDocumentError.unsupportedVersion(99)) {
      try NotesDocument.decode(
        Array(#"{"format":"multistore-notes","version":99,"notes":[]}"#.utf8))
    }
  }

  @Test func deeplyNestedUnknownMembersAreSkippedWithoutRecursion() async throws {
    // Seconds of work: alone in a process of its own, so that it holds none of the threads or
    // actors the tests running beside it need.
    if try await ranAlone(
      suite: "NotesDocumentJSONTests", test: "deeplyNestedUnknownMembersAreSkippedWithoutRecursion")
    {
      return
    }
    let depth = 200_000
    let nested =
      String(repeating: "[{\"a\":", count: depth) + "0" + String(repeating: "}]", count: depth)
    let json = #"{"format":"multistore-notes","deep":\#(nested),"version":1,"notes":[]}"#
    #expect(try NotesDocument.decode(Array(json.utf8)).notes.isEmpty)
  }

  @Test func mutatedDocumentsNeverTrap() throws {
    var generator = SeededGenerator(seed: 99)
    let valid = NotesDocument(notes: [
      Note(id: 1, title: "t", body: "body \"x\" 日本\n", revision: 2, titleFollowsFirstLine: true)
    ]).encoded()
    for _ in 0..<1_000 {
      var bytes = valid
      for _ in 0..<Int.random(in: 1...4, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
        case 1: bytes.remove(at: index)
        default: bytes.insert(UInt8.random(in: 0...255, using: &generator), at: index)
        }
        if bytes.isEmpty { bytes = [0x7B] }
      }
      if let document = try? NotesDocument.decode(bytes) {
        #expect(try NotesDocument.decode(document.encoded()) == document)
      }
    }
  }

  @Test func aLargeNoteSavesAndLoadsThroughTheFileABlockAtATime() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    var generator = SeededGenerator(seed: 4)
    // Multi-byte characters and escapes across the reader's 64 KB blocks and the chunks.
    let body = randomText(&generator, pieces: 60_000)
    let file = NotesFile(directory: directory.path)
    let document = NotesDocument(notes: [Note(id: 1, title: "big", body: body, revision: 1)])
    try file.save(document)
    let loaded = try file.load()
    #expect(loaded == document)
    let text = try #require(loaded.notes.first?.text)
    #expect(text.chunks.allSatisfy { $0.count > 0 && $0.count <= TextBuffer.maximumChunk })
    #expect(text.chunks.count > 2)
  }
}
