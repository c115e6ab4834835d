import Synchronization

/// A note's text: UTF-8 in chunks of at most 16 KB, each knowing how many bytes, line breaks
/// and code points it holds.
///
/// An edit changes one or two chunks in place, so typing into a 10 MB note moves a few
/// kilobytes, never the note. Finding an offset is a binary search of where each chunk starts
/// (kept beside the chunks, with the line breaks and code points before each), never a walk of
/// the text: a frame asks it dozens of times. And because a copy of the buffer shares its chunks, a
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
      self.init(owning: Array(bytes))
    }

    /// A chunk of `bytes`, which it keeps (no copy).
    init(owning bytes: [UInt8]) {
      self.bytes = bytes
      self.count = bytes.count
      (newlines, scalars) = Self.counts(of: bytes[...])
    }

    /// Inserts `inserted` at `index`; `counts` are its line breaks and code points when the
    /// caller has them.
    mutating func insert(
      contentsOf inserted: [UInt8], at index: Int,
      counts: (newlines: Int, scalars: Int)? = nil
    ) {
      let (addedNewlines, addedScalars) = counts ?? Self.counts(of: inserted[...])
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

    /// Line breaks and code points in `bytes`, sixteen bytes at a time (the status line asks
    /// for them in the cursor's chunk on every frame).
    static func counts(of bytes: ArraySlice<UInt8>) -> (newlines: Int, scalars: Int) {
      // A key's few bytes: no block to count.
      if bytes.count < 16 {
        var newlines = 0
        var scalars = 0
        for byte in bytes {
          newlines &+= byte == 0x0A ? 1 : 0
          scalars &+= byte & 0xC0 == 0x80 ? 0 : 1
        }
        return (newlines, scalars)
      }
      return bytes.withUnsafeBufferPointer { buffer in
        var newlines = 0
        var continuations = 0
        var index = 0
        let raw = UnsafeRawBufferPointer(buffer)
        while index + 16 <= buffer.count {
          // Up to 255 blocks per lane before the byte counters could wrap.
          var lineLanes = SIMD16<UInt8>()
          var continuationLanes = SIMD16<UInt8>()
          var blocks = 0
          while blocks < 255, index + 16 <= buffer.count {
            let block = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            lineLanes &+= SIMD16(repeating: 1) & (block .== 0x0A).bytes
            continuationLanes &+= SIMD16(repeating: 1) & ((block & 0xC0) .== 0x80).bytes
            index += 16
            blocks += 1
          }
          newlines += Int(lineLanes.wrappedSumWidened)
          continuations += Int(continuationLanes.wrappedSumWidened)
        }
        while index < buffer.count {
          newlines &+= buffer[index] == 0x0A ? 1 : 0
          continuations &+= buffer[index] & 0xC0 == 0x80 ? 1 : 0
          index += 1
        }
        return (newlines, buffer.count - continuations)
      }
    }
  }

  /// The largest chunk; a chunk that grows past it is split.
  static let maximumChunk = 16 * 1024
  /// How full new chunks are made (from a load, a paste or a split), leaving room to type.
  static let fillChunk = 12 * 1024
  /// A chunk that shrinks below this is merged with a neighbour when the two fit in one.
  static let minimumChunk = 2 * 1024

  private(set) var chunks: [Chunk] = []
  /// The bytes, line breaks and code points before each chunk after the first (the first
  /// starts at zero): `chunkStarts[i]` is where chunk `i + 1` starts. A note of one chunk keeps
  /// none, so a keystroke into a copied note copies no list of starts.
  private var chunkStarts: [ChunkStart] = []
  /// Where a chunk starts: the bytes, line breaks and code points before it.
  struct ChunkStart: Sendable {
    var offset: Int
    var newlines: Int
    var scalars: Int

    static let zero = ChunkStart(offset: 0, newlines: 0, scalars: 0)
  }

  /// Where chunk `index` (`0 ..< chunks.count`) starts.
  func chunkStart(_ index: Int) -> ChunkStart {
    index == 0 ? .zero : chunkStarts[index - 1]
  }

  /// One change to the text: where it began, and how many bytes it removed and inserted there.
  package struct Edit: Equatable, Sendable {
    /// The revision of the text the edit was made to.
    package var previousRevision: Int
    package var offset: Int
    package var removed: Int
    package var inserted: Int
  }

  /// Which text this is, among every text the process has held: a new number for each new
  /// buffer and after each edit, shared by copies until one of them is edited. A view that kept
  /// rows of a revision knows the text is the same when the revision is.
  package private(set) var revision = TextBuffer.newRevision()
  /// The last edit, made to revision `lastEdit.previousRevision`: a view that kept rows of that
  /// revision can keep those the edit did not touch.
  package private(set) var lastEdit: Edit?

  /// The next revision number, unique in the process.
  private static func newRevision() -> Int {
    revisions.wrappingAdd(1, ordering: .relaxed).newValue
  }

  private static let revisions = Atomic<Int>(0)

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
    chunksChanged(from: 0)
  }

  /// A buffer of `chunks`, each at most ``maximumChunk`` bytes and ending on a scalar boundary.
  init(chunks: [Chunk]) {
    self.chunks = chunks.filter { $0.count > 0 }
    utf8Count = self.chunks.reduce(0) { $0 + $1.count }
    newlineCount = self.chunks.reduce(0) { $0 + $1.newlines }
    chunksChanged(from: 0)
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
    replace(offset..<offset, with: text)
  }

  /// Inserts `bytes` at `offset`, a scalar boundary.
  private mutating func insert(_ bytes: [UInt8], at offset: Int) {
    guard !bytes.isEmpty else { return }
    let counts = Chunk.counts(of: bytes[...])
    utf8Count += bytes.count
    newlineCount += counts.newlines
    guard !chunks.isEmpty else {
      chunks = Self.chunked(bytes[...])
      chunksChanged(from: 0)
      return
    }
    var (index, within) = locate(offset)
    if index == chunks.count {
      index -= 1
      within = chunks[index].count
    }
    chunks[index].insert(contentsOf: bytes, at: within, counts: counts)
    if chunks[index].count > Self.maximumChunk {
      chunks.replaceSubrange(index...index, with: Self.chunked(chunks[index].bytes[...]))
    }
    chunksChanged(from: index)
  }

  /// Removes the bytes in `range` (scalar boundaries) and returns them as a string.
  @discardableResult
  package mutating func remove(_ range: Range<Int>) -> String {
    replace(range, with: "")
  }

  /// Removes the bytes from `lower` to `upper` (scalar boundaries) and returns them.
  private mutating func removeBytes(_ lower: Int, _ upper: Int) -> [UInt8] {
    guard lower < upper else { return [] }
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
    chunksChanged(from: max(0, first - 1))
    return removed
  }

  /// Replaces the bytes in `range` (scalar boundaries; a bound inside a scalar is moved back to
  /// its start) with `text`; returns what was removed. One edit, one new ``revision``.
  @discardableResult
  package mutating func replace(_ range: Range<Int>, with text: some StringProtocol) -> String {
    let lower = scalarBoundary(atOrBefore: min(max(0, range.lowerBound), utf8Count))
    let upper = scalarBoundary(atOrBefore: min(max(lower, range.upperBound), utf8Count))
    var text = String(text)
    let inserted = text.withUTF8 { Array($0) }
    guard lower < upper || !inserted.isEmpty else { return "" }
    let previous = revision
    let removed = removeBytes(lower, upper)
    insert(inserted, at: lower)
    revision = Self.newRevision()
    lastEdit = Edit(
      previousRevision: previous, offset: lower, removed: removed.count, inserted: inserted.count)
    return String(decoding: removed, as: UTF8.self)
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
    guard offset < utf8Count else { return (chunks.count, 0) }
    guard offset > 0 else { return (0, 0) }
    // The last chunk starting at or before `offset` (chunks are never empty).
    var low = 0
    var high = chunks.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if chunkStarts[middle - 1].offset <= offset { low = middle } else { high = middle - 1 }
    }
    return (low, offset - chunkStart(low).offset)
  }

  /// Brings ``chunkStarts`` up to date after the chunks from `index` on changed: in place
  /// while the number of chunks is the same (a key typed inside a chunk).
  private mutating func chunksChanged(from index: Int) {
    // The first chunk whose start may have moved; chunk 0 always starts at zero.
    let first = max(1, min(index, chunks.count))
    if chunkStarts.count != max(0, chunks.count - 1) {
      chunkStarts.removeSubrange(min(first - 1, chunkStarts.count)...)
      if chunks.count > 1 { chunkStarts.reserveCapacity(chunks.count - 1) }
    }
    guard first < chunks.count else { return }
    var start = chunkStart(first - 1)
    for position in (first - 1)..<(chunks.count - 1) {
      start.offset += chunks[position].count
      start.newlines += chunks[position].newlines
      start.scalars += chunks[position].scalars
      if position < chunkStarts.count {
        chunkStarts[position] = start
      } else {
        chunkStarts.append(start)
      }
    }
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

extension SIMDMask<SIMD16<Int8>> {
  /// The mask as bytes: 0xFF where true, 0 where false.
  fileprivate var bytes: SIMD16<UInt8> {
    SIMD16<UInt8>(truncatingIfNeeded: SIMD16<Int8>(repeating: 0).replacing(with: -1, where: self))
  }
}

extension SIMD16<UInt8> {
  /// The sum of the lanes, each widened first so it cannot wrap.
  fileprivate var wrappedSumWidened: Int {
    Int(SIMD16<UInt16>(truncatingIfNeeded: self).wrappedSum())
  }
}
