package import DurableFiles

/// The notes file's JSON, read and written a block at a time, each note's body straight
/// between the file and its ``TextBuffer``: a 10 MB note loads into 10 MB of chunks, not into a
/// copy of the file, a `Data`, a `String` and then the chunks (four copies of the note at the
/// peak), and saves without a 10 MB string and a 10 MB encoding.
///
/// What it reads is JSON (RFC 8259) in UTF-8, after a byte order mark if there is one: members
/// in any order, any whitespace; strings with every escape, including surrogate pairs. Members
/// it does not know, of the document and of each note, are kept as they were read
/// (``UnknownFields``) and written back. Anything else is `NotesDocumentError.malformed`,
/// naming the byte where reading stopped.
extension NotesDocument {
  /// Reads a document of this build's version from `input`.
  package static func decode(
    from input: inout BlockReader
  ) throws(NotesDocumentError)
    -> NotesDocument
  {
    try decode(from: &input, anyVersion: false)
  }

  /// Reads a document from `input`; with `anyVersion`, one of any version whose notes read as
  /// this build's do (a newer build's file, to show read-only).
  package static func decode(
    from input: inout BlockReader, anyVersion: Bool
  ) throws(NotesDocumentError)
    -> NotesDocument
  {
    var parser = JSONDocumentParser(input: input)
    defer { input = parser.input }
    let document = try parser.document()
    try document.validate(anyVersion: anyVersion)
    return document
  }

  /// Reads only the document's `format` and `version` (`nil` when absent), skipping the rest:
  /// what a file that does not decode says it is.
  package static func header(from input: inout BlockReader) throws(NotesDocumentError) -> Header {
    var parser = JSONDocumentParser(input: input)
    defer { input = parser.input }
    return try parser.header()
  }

  /// Writes the document as JSON to `output`: `format`, `notes` (each note's fields in name
  /// order) and `version`, with no spaces.
  package func encode(to output: inout BlockWriter) {
    output.write(#"{"format":"#)
    JSONText.writeString(format, to: &output)
    output.write(#","notes":["#)
    for (index, note) in notes.enumerated() {
      if index > 0 { output.write(UInt8(ascii: ",")) }
      output.write(#"{"body":""#)
      note.text.forEachChunk { JSONText.writeEscaped($0, to: &output) }
      output.write(#"","id":\#(note.id),"revision":\#(note.revision),"title":"#)
      JSONText.writeString(note.title, to: &output)
      if note.titleFollowsFirstLine { output.write(#","titleFollowsFirstLine":true"#) }
      note.unknownFields.write(to: &output)
      output.write(UInt8(ascii: "}"))
    }
    output.write(#"],"version":\#(version)"#)
    unknownFields.write(to: &output)
    output.write(UInt8(ascii: "}"))
  }
}

/// Writing JSON strings.
enum JSONText {
  /// `text` as a JSON string, quotes included.
  static func writeString(_ text: String, to output: inout BlockWriter) {
    output.write(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { writeEscaped($0, to: &output) }
    output.write(UInt8(ascii: "\""))
  }

  /// UTF-8 `bytes` escaped for the inside of a JSON string: quotes, backslashes and control
  /// characters; everything else as it is, a run at a time.
  static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout BlockWriter) {
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      if start < index { output.write(UnsafeBufferPointer(rebasing: bytes[start..<index])) }
      output.write(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.write(byte)
      case 0x0A: output.write(UInt8(ascii: "n"))
      case 0x0D: output.write(UInt8(ascii: "r"))
      case 0x09: output.write(UInt8(ascii: "t"))
      case 0x08: output.write(UInt8(ascii: "b"))
      case 0x0C: output.write(UInt8(ascii: "f"))
      default:
        let hex = Array("0123456789abcdef".utf8)
        output.write("u00")
        output.write(hex[Int(byte >> 4)])
        output.write(hex[Int(byte & 0xF)])
      }
      index += 1
      start = index
    }
    if start < bytes.count { output.write(UnsafeBufferPointer(rebasing: bytes[start...])) }
  }
}

/// Reads the notes file's JSON from a ``BlockReader``.
///
/// `Sendable` plain value, used where it was made.
struct JSONDocumentParser {
  var input: BlockReader
  /// Where the value being read is, for messages: `notes.3.id`.
  private var path: [String] = []
  /// Whether the container just begun has not had its first member or element read.
  private var pendingFirst = false

  init(input: BlockReader) {
    self.input = input
  }

  mutating func document() throws(NotesDocumentError) -> NotesDocument {
    var format: String?
    var version: Int?
    var notes: [Note]?
    var unknown = UnknownFields()
    try skipByteOrderMark()
    try beginObject()
    while let key = try nextMember() {
      switch key {
      case "format": format = try string()
      case "version": version = try integer()
      case "notes":
        var read: [Note] = []
        try beginArray()
        while try nextElement() { read.append(try note(read.count)) }
        notes = read
      default: unknown.members.append(.init(name: key, json: try captureValue()))
      }
      path.removeLast()
    }
    skipWhitespace()
    guard input.peek() == nil else { throw invalid("more after the end of the document") }
    guard let format else { throw .malformed("missing field 'format'") }
    guard let version else { throw .malformed("missing field 'version'") }
    guard let notes else { throw .malformed("missing field 'notes'") }
    var document = NotesDocument(notes: notes, unknownFields: unknown)
    document.format = format
    document.version = version
    return document
  }

  /// The top-level `format` and `version` (`nil` when absent); every other member skipped, and
  /// reading stops once both are found.
  mutating func header() throws(NotesDocumentError) -> NotesDocument.Header {
    var format: String?
    var version: Int?
    try skipByteOrderMark()
    try beginObject()
    while format == nil || version == nil, let key = try nextMember() {
      switch key {
      case "format": format = try string()
      case "version": version = try integer()
      default: try skipValue()
      }
      path.removeLast()
    }
    return NotesDocument.Header(format: format, version: version)
  }

  private mutating func note(_ index: Int) throws(NotesDocumentError) -> Note {
    path.append("\(index)")
    defer { path.removeLast() }
    var id: Int?
    var title: String?
    var text: TextBuffer?
    var revision: Int?
    var followsFirstLine = false
    var unknown = UnknownFields()
    try beginObject()
    while let key = try nextMember() {
      switch key {
      case "id": id = try integer()
      case "title": title = try string()
      case "body": text = try body()
      case "revision": revision = try integer()
      case "titleFollowsFirstLine": followsFirstLine = try boolean()
      default: unknown.members.append(.init(name: key, json: try captureValue()))
      }
      path.removeLast()
    }
    guard let id else { throw missing("id") }
    guard let title else { throw missing("title") }
    guard let text else { throw missing("body") }
    guard let revision else { throw missing("revision") }
    var note = Note(
      id: id, title: title, revision: revision, titleFollowsFirstLine: followsFirstLine)
    note.text = text
    note.unknownFields = unknown
    return note
  }

  // MARK: - Structure

  /// Reads the `{` that starts an object; ``nextMember()`` reads its members.
  private mutating func beginObject() throws(NotesDocumentError) {
    skipWhitespace()
    guard input.peek() == UInt8(ascii: "{") else { throw wrongValue() }
    _ = input.next()
    pendingFirst = true
  }

  /// The next member's name, with the reader at its value (whose name ends ``path`` until
  /// the caller removes it); `nil` at the object's end.
  private mutating func nextMember() throws(NotesDocumentError) -> String? {
    skipWhitespace()
    if pendingFirst {
      pendingFirst = false
      if input.peek() == UInt8(ascii: "}") {
        _ = input.next()
        return nil
      }
    } else {
      switch input.next() {
      case UInt8(ascii: ","): skipWhitespace()
      case UInt8(ascii: "}"): return nil
      default: throw invalid("',' or '}' expected")
      }
    }
    guard input.peek() == UInt8(ascii: "\"") else { throw invalid("a member's name expected") }
    let key = try string()
    try expect(UInt8(ascii: ":"))
    skipWhitespace()
    path.append(key)
    return key
  }

  /// Reads the `[` that starts an array; ``nextElement()`` says whether an element follows.
  private mutating func beginArray() throws(NotesDocumentError) {
    skipWhitespace()
    guard input.peek() == UInt8(ascii: "[") else { throw wrongValue() }
    _ = input.next()
    pendingFirst = true
  }

  /// Whether another element follows, with the reader at it; `false` at the array's end.
  private mutating func nextElement() throws(NotesDocumentError) -> Bool {
    skipWhitespace()
    if pendingFirst {
      pendingFirst = false
      if input.peek() == UInt8(ascii: "]") {
        _ = input.next()
        return false
      }
      return true
    }
    switch input.next() {
    case UInt8(ascii: ","):
      skipWhitespace()
      return true
    case UInt8(ascii: "]"): return false
    default: throw invalid("',' or ']' expected")
    }
  }

  /// Skips any value, however deeply nested (without recursion: a file of ten thousand `[`
  /// must not exhaust the stack).
  private mutating func skipValue() throws(NotesDocumentError) {
    var closers: [UInt8] = []
    repeat {
      skipWhitespace()
      switch input.peek() {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        let opener = input.next()!
        let closer = opener == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        skipWhitespace()
        if input.peek() == closer {
          // An empty container is a whole value: what follows is read as after any value.
          _ = input.next()
        } else {
          closers.append(closer)
          if opener == UInt8(ascii: "{") { try skipMemberName() }
          continue
        }
      case UInt8(ascii: "\""):
        try skipString()
      case UInt8(ascii: "t"), UInt8(ascii: "f"):
        _ = try boolean()
      case UInt8(ascii: "n"):
        try literal("null")
      default:
        try skipNumber()
      }
      // After a value: the next one of its container, or the container's end.
      while let closer = closers.last {
        skipWhitespace()
        let next = input.next()
        if next == closer {
          closers.removeLast()
          continue
        }
        guard next == UInt8(ascii: ",") else {
          throw invalid("',' or '\(Character(Unicode.Scalar(closer)))' expected")
        }
        if closer == UInt8(ascii: "}") { try skipMemberName() }
        break
      }
    } while !closers.isEmpty
  }

  /// Reads any value and returns its JSON as it was read, to be written back unchanged.
  private mutating func captureValue() throws(NotesDocumentError) -> [UInt8] {
    input.startCapture()
    do {
      try skipValue()
    } catch {
      _ = input.endCapture()
      throw error
    }
    return input.endCapture()
  }

  private mutating func skipMemberName() throws(NotesDocumentError) {
    skipWhitespace()
    guard input.peek() == UInt8(ascii: "\"") else { throw invalid("a member's name expected") }
    try skipString()
    try expect(UInt8(ascii: ":"))
  }

  // MARK: - Values

  private mutating func string() throws(NotesDocumentError) -> String {
    var bytes: [UInt8] = []
    try readString { bytes.append(contentsOf: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }

  private mutating func body() throws(NotesDocumentError) -> TextBuffer {
    var builder = TextBuffer.Builder()
    try readString { builder.append($0) }
    return builder.finish()
  }

  private mutating func skipString() throws(NotesDocumentError) {
    try readString { _ in }
  }

  /// Reads a string, handing its UTF-8 (unescaped and checked) to `sink` a run at a time.
  private mutating func readString(
    _ sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(NotesDocumentError) {
    guard input.peek() == UInt8(ascii: "\"") else { throw wrongValue() }
    _ = input.next()
    var validator = UTF8Validator()
    var valid = true
    while true {
      // The run up to the next quote, backslash or control character, checked as UTF-8.
      var stop: UInt8?
      let more = input.readRun { bytes in
        var index = 0
        while index < bytes.count {
          let byte = bytes[index]
          if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 {
            stop = byte
            break
          }
          if !validator.accept(byte) { valid = false }
          index += 1
        }
        if index > 0 { sink(UnsafeBufferPointer(rebasing: bytes[0..<index])) }
        return index
      }
      guard valid else { throw invalid("not UTF-8") }
      guard more else { throw invalid("the string does not end") }
      guard let stop else { continue }
      guard validator.isComplete else { throw invalid("not UTF-8") }
      _ = input.next()
      switch stop {
      case UInt8(ascii: "\""):
        return
      case UInt8(ascii: "\\"):
        try readEscape(sink)
      default:
        throw invalid("a control character in a string")
      }
    }
  }

  private mutating func readEscape(
    _ sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(NotesDocumentError) {
    let simple: UInt8?
    switch input.next() {
    case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
    case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
    case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
    case UInt8(ascii: "b"): simple = 0x08
    case UInt8(ascii: "f"): simple = 0x0C
    case UInt8(ascii: "n"): simple = 0x0A
    case UInt8(ascii: "r"): simple = 0x0D
    case UInt8(ascii: "t"): simple = 0x09
    case UInt8(ascii: "u"): simple = nil
    default: throw invalid("an unknown escape")
    }
    if let simple {
      withUnsafeBytes(of: simple) { sink($0.assumingMemoryBound(to: UInt8.self)) }
      return
    }
    var value = UInt32(try hexQuad())
    if (0xD800..<0xDC00).contains(value) {
      // A high surrogate: its low surrogate must follow, as another escape.
      guard input.next() == UInt8(ascii: "\\"), input.next() == UInt8(ascii: "u") else {
        throw invalid("a lone surrogate")
      }
      let low = UInt32(try hexQuad())
      guard (0xDC00..<0xE000).contains(low) else { throw invalid("a lone surrogate") }
      value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
    } else if (0xDC00..<0xE000).contains(value) {
      throw invalid("a lone surrogate")
    }
    guard let scalar = Unicode.Scalar(value) else { throw invalid("not a Unicode scalar") }
    var encoded = Array(String(Character(scalar)).utf8)
    encoded.withUnsafeMutableBufferPointer { sink(UnsafeBufferPointer($0)) }
  }

  private mutating func hexQuad() throws(NotesDocumentError) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = input.next() else { throw invalid("the string does not end") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw invalid("a \\u escape needs four hexadecimal digits")
      }
      value = value << 4 | UInt16(digit)
    }
    return value
  }

  /// An integer: JSON's number syntax without a fraction or an exponent, within `Int`.
  private mutating func integer() throws(NotesDocumentError) -> Int {
    var negative = false
    if input.peek() == UInt8(ascii: "-") {
      negative = true
      _ = input.next()
    }
    guard let first = input.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      throw wrongValue()
    }
    var magnitude: UInt64 = 0
    var digits = 0
    while let byte = input.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      _ = input.next()
      let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { throw unexpected() }
      magnitude = sum
      digits += 1
    }
    if first == UInt8(ascii: "0"), digits > 1 { throw invalid("a number with a leading zero") }
    if let byte = input.peek(),
      byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    {
      throw unexpected()
    }
    if negative {
      guard magnitude <= UInt64(Int.max) + 1 else { throw unexpected() }
      return magnitude == UInt64(Int.max) + 1 ? .min : -Int(magnitude)
    }
    guard magnitude <= UInt64(Int.max) else { throw unexpected() }
    return Int(magnitude)
  }

  /// Any number, checked against JSON's syntax, its value unread.
  private mutating func skipNumber() throws(NotesDocumentError) {
    func digits(_ input: inout BlockReader) -> Int {
      var count = 0
      while let byte = input.peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
        _ = input.next()
        count += 1
      }
      return count
    }
    if input.peek() == UInt8(ascii: "-") { _ = input.next() }
    guard digits(&input) > 0 else { throw invalid("a value expected") }
    if input.peek() == UInt8(ascii: ".") {
      _ = input.next()
      guard digits(&input) > 0 else { throw invalid("digits expected after '.'") }
    }
    if input.peek() == UInt8(ascii: "e") || input.peek() == UInt8(ascii: "E") {
      _ = input.next()
      if input.peek() == UInt8(ascii: "+") || input.peek() == UInt8(ascii: "-") {
        _ = input.next()
      }
      guard digits(&input) > 0 else { throw invalid("digits expected in an exponent") }
    }
  }

  private mutating func boolean() throws(NotesDocumentError) -> Bool {
    switch input.peek() {
    case UInt8(ascii: "t"):
      try literal("true")
      return true
    case UInt8(ascii: "f"):
      try literal("false")
      return false
    default:
      throw wrongValue()
    }
  }

  private mutating func literal(_ word: String) throws(NotesDocumentError) {
    for expected in word.utf8 where input.next() != expected {
      throw invalid("'\(word)' expected")
    }
  }

  // MARK: - Bytes

  /// Skips a UTF-8 byte order mark at the start: some editors write one, and RFC 8259 lets a
  /// reader ignore it.
  private mutating func skipByteOrderMark() throws(NotesDocumentError) {
    guard input.offset == 0, input.peek() == 0xEF else { return }
    guard input.next() == 0xEF, input.next() == 0xBB, input.next() == 0xBF else {
      throw invalid("a value expected")
    }
  }

  private mutating func skipWhitespace() {
    while let byte = input.peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      _ = input.next()
    }
  }

  private mutating func expect(_ byte: UInt8) throws(NotesDocumentError) {
    skipWhitespace()
    guard input.next() == byte else {
      throw invalid("'\(Character(Unicode.Scalar(byte)))' expected")
    }
  }

  // MARK: - Errors

  private func invalid(_ what: String) -> NotesDocumentError {
    .malformed("not valid JSON (\(what) at byte \(input.offset))")
  }

  /// A value of the wrong kind where the reader is, or no JSON value at all.
  private mutating func wrongValue() -> NotesDocumentError {
    guard let byte = input.peek() else { return invalid("the document ends early") }
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"),
      UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "-"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return unexpected()
    default:
      return invalid("a value expected")
    }
  }

  private func unexpected() -> NotesDocumentError {
    .malformed("unexpected value at '\(path.joined(separator: "."))'")
  }

  private func missing(_ field: String) -> NotesDocumentError {
    .malformed("missing field '\(field)' at '\(path.joined(separator: "."))'")
  }
}

/// Checks UTF-8 a byte at a time (RFC 3629: no overlong forms, no surrogates, nothing past
/// U+10FFFF).
struct UTF8Validator {
  private var remaining = 0
  private var lower: UInt8 = 0x80
  private var upper: UInt8 = 0xBF

  /// Whether no scalar is half read.
  var isComplete: Bool { remaining == 0 }

  /// Takes the next byte; `false` when it cannot be where it is.
  mutating func accept(_ byte: UInt8) -> Bool {
    if remaining == 0 {
      switch byte {
      case 0x00...0x7F: return true
      case 0xC2...0xDF: remaining = 1
      case 0xE0: (remaining, lower) = (2, 0xA0)
      case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
      case 0xED: (remaining, upper) = (2, 0x9F)
      case 0xF0: (remaining, lower) = (3, 0x90)
      case 0xF1...0xF3: remaining = 3
      case 0xF4: (remaining, upper) = (3, 0x8F)
      default: return false
      }
      return true
    }
    guard byte >= lower, byte <= upper else { return false }
    (lower, upper) = (0x80, 0xBF)
    remaining -= 1
    return true
  }
}
