/// Building a buffer from bytes that arrive a run at a time (a note read from its file), and
/// reading a buffer's bytes a chunk at a time (a note written to its file): neither ever holds
/// the note as one string.
extension TextBuffer {
  /// Collects UTF-8 into chunks as it comes.
  ///
  /// `Sendable` plain value, used where it was made.
  package struct Builder {
    private var chunks: [Chunk] = []
    private var current: [UInt8] = []

    /// An empty builder.
    package init() {}

    /// Appends `bytes`, UTF-8 that may end inside a scalar (the next bytes complete it).
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
      var start = 0
      while start < bytes.count {
        if current.capacity < TextBuffer.fillChunk + 4 {
          current.reserveCapacity(TextBuffer.fillChunk + 4)
        }
        let take = min(bytes.count - start, TextBuffer.fillChunk - current.count)
        current.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<(start + take)]))
        start += take
        if current.count >= TextBuffer.fillChunk { cutChunk() }
      }
    }

    /// Appends one byte.
    package mutating func append(_ byte: UInt8) {
      withUnsafeBytes(of: byte) { append($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// The buffer.
    package consuming func finish() -> TextBuffer {
      if !current.isEmpty { chunks.append(Chunk(owning: current)) }
      return TextBuffer(chunks: chunks)
    }

    /// Ends the current chunk at the last scalar boundary, carrying the rest to the next one.
    private mutating func cutChunk() {
      var end = current.count
      while end > 1, current[end - 1] & 0xC0 == 0x80 { end -= 1 }
      // `end - 1` starts the last scalar: keep it if it is complete.
      let lead = current[end - 1]
      let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
      if (end - 1) + length <= current.count { end = current.count } else { end -= 1 }
      guard end > 0 else { return }
      let rest = Array(current[end...])
      current.removeLast(current.count - end)
      chunks.append(Chunk(owning: current))
      current = rest
    }
  }

  /// Calls `body` with the text's bytes, a chunk at a time, in order.
  package func forEachChunk(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    for chunk in chunks { chunk.bytes.withUnsafeBufferPointer(body) }
  }
}
