/// A note's text: UTF-8 in chunks of at most 16 KB, each knowing how many bytes, line breaks
/// and code points it holds.
///
/// An edit changes one or two chunks in place, so typing into a 10 MB note moves a few
/// kilobytes, never the note. Finding an offset walks the chunks' counts (a few hundred
/// integers for 10 MB), never the text. And because a copy of the buffer shares its chunks, a
/// save that holds a copy while the user types makes the next keystroke copy one chunk and the
/// list of chunks, not 10 MB (docs/decisions/0010-editor-at-real-sizes.md).
///
/// Offsets are UTF-8 byte offsets. Every chunk boundary is a Unicode scalar boundary; edits
/// must be made at scalar boundaries (the editor keeps its cursor on character boundaries).
///
/// `Sendable` plain value.
package struct TextBuffer: Sendable {
  /// One piece of the text, with its counts.
  struct Chunk: Sendable {
    private(set) var bytes: [UInt8]
    private(set) var newlines: Int
    private(set) var scalars: Int
    /// `bytes.count`, kept beside the counts so that walking the chunks never reads the
    /// chunks' storage.
    private(set) var count: Int

    init<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
      self.bytes = Array(bytes)
      self.count = self.bytes.count
      (newlines, scalars) = Self.counts(of: self.bytes[...])
    }

    mutating func insert(contentsOf inserted: [UInt8], at index: Int) {
      let (addedNewlines, addedScalars) = Self.counts(of: inserted[...])
      // Room to type up to the split, not the doubling an array grows by: a note typed into
      // everywhere would otherwise hold twice its size.
      if bytes.capacity < count + inserted.count {
        bytes.reserveCapacity(max(count + inserted.count, TextBuffer.maximumChunk))
      }
      bytes.insert(contentsOf: inserted, at: index)
      count += inserted.count
      newlines += addedNewlines
      scalars += addedScalars
    }

    /// Removes `range` and returns the bytes removed.
    mutating func remove(_ range: Range<Int>) -> ArraySlice<UInt8> {
      let removed = bytes[range]
      let (removedNewlines, removedScalars) = Self.counts(of: removed)
      bytes.removeSubrange(range)
      count -= range.count
      newlines -= removedNewlines
      scalars -= removedScalars
      return removed
    }

    /// Line breaks and code points in `bytes`.
    static func counts(of bytes: ArraySlice<UInt8>) -> (newlines: Int, scalars: Int) {
      var newlines = 0
      var scalars = 0
      for byte in bytes {
        newlines &+= byte == 0x0A ? 1 : 0
        scalars &+= byte & 0xC0 == 0x80 ? 0 : 1
      }
      return (newlines, scalars)
    }
  }

  /// The largest chunk; a chunk that grows past it is split.
  static let maximumChunk = 16 * 1024
  /// How full new chunks are made (from a load, a paste or a split), leaving room to type.
  static let fillChunk = 12 * 1024
  /// A chunk that shrinks below this is merged with a neighbour when the two fit in one.
  static let minimumChunk = 2 * 1024

  private(set) var chunks: [Chunk] = []
  /// The number of UTF-8 bytes.
  package private(set) var utf8Count = 0
  /// The number of line breaks (`\n`); the text has one more line than this.
  package private(set) var newlineCount = 0

  /// An empty buffer.
  package init() {}

  /// A buffer holding `text`.
  package init(_ text: some StringProtocol) {
    var text = String(text)
    text.withUTF8 { chunks = Self.chunked($0[...]) }
    utf8Count = chunks.reduce(0) { $0 + $1.count }
    newlineCount = chunks.reduce(0) { $0 + $1.newlines }
  }

  /// The whole text as one string: O(size), for saving, tests and small fields.
  package var string: String {
    String(unsafeUninitializedCapacity: utf8Count) { buffer in
      var written = 0
      for chunk in chunks {
        _ = UnsafeMutableBufferPointer(rebasing: buffer[written...]).initialize(from: chunk.bytes)
        written += chunk.count
      }
      return written
    }
  }

  /// Whether the text is empty.
  package var isEmpty: Bool { utf8Count == 0 }

  // MARK: - Editing

  /// Inserts `text` at `offset`, a scalar boundary (an offset inside a scalar is moved back to
  /// its start).
  package mutating func insert(_ text: some StringProtocol, at offset: Int) {
    var text = String(text)
    text.withUTF8 { insert(Array($0), at: offset) }
  }

  private mutating func insert(_ bytes: [UInt8], at offset: Int) {
    guard !bytes.isEmpty else { return }
    let offset = scalarBoundary(atOrBefore: min(max(0, offset), utf8Count))
    let (added, _) = Chunk.counts(of: bytes[...])
    utf8Count += bytes.count
    newlineCount += added
    guard !chunks.isEmpty else {
      chunks = Self.chunked(bytes[...])
      return
    }
    var (index, within) = locate(offset)
    if index == chunks.count {
      index -= 1
      within = chunks[index].count
    }
    chunks[index].insert(contentsOf: bytes, at: within)
    if chunks[index].count > Self.maximumChunk {
      chunks.replaceSubrange(index...index, with: Self.chunked(chunks[index].bytes[...]))
    }
  }

  /// Removes the bytes in `range` (scalar boundaries) and returns them as a string.
  @discardableResult
  package mutating func remove(_ range: Range<Int>) -> String {
    let lower = scalarBoundary(atOrBefore: min(max(0, range.lowerBound), utf8Count))
    let upper = scalarBoundary(atOrBefore: min(max(lower, range.upperBound), utf8Count))
    guard lower < upper else { return "" }
    var removed: [UInt8] = []
    removed.reserveCapacity(upper - lower)
    var (index, within) = locate(lower)
    let first = index
    var remaining = upper - lower
    while remaining > 0 {
      let take = min(remaining, chunks[index].count - within)
      let piece = chunks[index].remove(within..<(within + take))
      removed.append(contentsOf: piece)
      remaining -= take
      if chunks[index].count == 0 {
        chunks.remove(at: index)
      } else {
        index += 1
      }
      within = 0
    }
    utf8Count -= removed.count
    newlineCount -= Chunk.counts(of: removed[...]).newlines
    mergeSmallChunk(near: first)
    return String(decoding: removed, as: UTF8.self)
  }

  /// Replaces the bytes in `range` with `text`; returns what was removed.
  @discardableResult
  package mutating func replace(_ range: Range<Int>, with text: some StringProtocol) -> String {
    let removed = remove(range)
    insert(text, at: range.lowerBound)
    return removed
  }

  // MARK: - Reading

  /// The byte at `offset` (`offset < utf8Count`).
  package func byte(at offset: Int) -> UInt8 {
    let (index, within) = locate(offset)
    return chunks[index].bytes[within]
  }

  /// The bytes in `range`, clamped to the text.
  package func bytes(in range: Range<Int>) -> [UInt8] {
    let lower = min(max(0, range.lowerBound), utf8Count)
    let upper = min(max(lower, range.upperBound), utf8Count)
    var result: [UInt8] = []
    result.reserveCapacity(upper - lower)
    guard lower < upper else { return result }
    var (index, within) = locate(lower)
    while result.count < upper - lower {
      let take = min(upper - lower - result.count, chunks[index].count - within)
      result.append(contentsOf: chunks[index].bytes[within..<(within + take)])
      index += 1
      within = 0
    }
    return result
  }

  /// The text in `range`, clamped to the text; a range cutting a scalar shows U+FFFD there.
  package func string(in range: Range<Int>) -> String {
    String(decoding: bytes(in: range), as: UTF8.self)
  }

  /// The chunk holding `offset` and the offset inside it: an offset at a chunk's end is the
  /// next chunk's start; `utf8Count` is `(chunks.count, 0)`.
  func locate(_ offset: Int) -> (chunk: Int, within: Int) {
    var remaining = offset
    for index in chunks.indices {
      let count = chunks[index].count
      if remaining < count { return (index, remaining) }
      remaining -= count
    }
    return (chunks.count, 0)
  }

  /// `offset`, or the start of the scalar it falls inside.
  package func scalarBoundary(atOrBefore offset: Int) -> Int {
    var offset = offset
    while offset > 0, offset < utf8Count, byte(at: offset) & 0xC0 == 0x80 {
      offset -= 1
    }
    return offset
  }

  // MARK: - Chunks

  /// `bytes` cut into chunks of about ``fillChunk`` bytes at scalar boundaries.
  private static func chunked<Bytes: RandomAccessCollection<UInt8>>(
    _ bytes: Bytes
  ) -> [Chunk] where Bytes.Index == Int {
    var chunks: [Chunk] = []
    var start = bytes.startIndex
    while start < bytes.endIndex {
      var end = min(start + fillChunk, bytes.endIndex)
      while end < bytes.endIndex, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      chunks.append(Chunk(bytes[start..<end]))
      start = end
    }
    return chunks
  }

  /// Merges the chunk at `index` with a neighbour when one of the two has become small and they
  /// fit in one chunk.
  private mutating func mergeSmallChunk(near index: Int) {
    for candidate in [index - 1, index] where candidate >= 0 && candidate + 1 < chunks.count {
      let small =
        chunks[candidate].count < Self.minimumChunk
        || chunks[candidate + 1].count < Self.minimumChunk
      guard small, chunks[candidate].count + chunks[candidate + 1].count <= Self.fillChunk
      else { continue }
      let next = chunks.remove(at: candidate + 1)
      chunks[candidate].insert(contentsOf: next.bytes, at: chunks[candidate].count)
      return
    }
  }
}
