#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Bytes read a block at a time, from a file or from memory: what parses a large file without
/// ever holding all of it (a 10 MB note was four copies of itself in memory while it loaded).
///
/// `Sendable` plain value: a cursor over one read, used where it was made.
package struct BlockReader: Sendable {
  private let descriptor: Int32?
  private let limit: Int
  private var block: [UInt8]
  private var position = 0
  /// Bytes read so far (the offset of the next one).
  package private(set) var offset = 0
  /// The `errno` of a read that failed; the input ends there.
  package private(set) var failure: Int32?
  /// Whether the file held more than the reader's limit; the input ends at the limit.
  package private(set) var exceededLimit = false
  /// The bytes read since ``startCapture()``, while capturing.
  private var captured: [UInt8]?

  static let blockSize = 64 * 1024

  /// A reader of `bytes`, all in memory.
  package init(bytes: [UInt8]) {
    descriptor = nil
    limit = .max
    block = bytes
  }

  /// A reader of an open file, at most `limit` bytes of it.
  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    self.limit = limit
    block = []
  }

  /// The next byte, not read yet; `nil` at the end.
  package mutating func peek() -> UInt8? {
    if position == block.count, !refill() { return nil }
    return block[position]
  }

  /// Reads the next byte; `nil` at the end.
  package mutating func next() -> UInt8? {
    guard let byte = peek() else { return nil }
    position += 1
    offset += 1
    if captured != nil { captured!.append(byte) }
    return byte
  }

  /// Starts keeping a copy of every byte read from here on (a value to write back as it was
  /// read); ``endCapture()`` hands them over.
  package mutating func startCapture() {
    captured = []
  }

  /// The bytes read since ``startCapture()``; capturing stops.
  package mutating func endCapture() -> [UInt8] {
    defer { captured = nil }
    return captured ?? []
  }

  /// Hands `body` the bytes available without another read (at least one), and reads as many
  /// of them as it says it used; returns `false` at the end.
  package mutating func readRun(_ body: (UnsafeBufferPointer<UInt8>) -> Int) -> Bool {
    if position == block.count, !refill() { return false }
    let start = position
    let used = block.withUnsafeBufferPointer { buffer in
      body(UnsafeBufferPointer(rebasing: buffer[start...]))
    }
    if captured != nil { captured!.append(contentsOf: block[start..<start + used]) }
    position += used
    offset += used
    return true
  }

  private mutating func refill() -> Bool {
    guard let descriptor, failure == nil, !exceededLimit else { return false }
    if block.count != Self.blockSize { block = [UInt8](repeating: 0, count: Self.blockSize) }
    position = 0
    while true {
      let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        if count < 0 { failure = errno }
        // Nothing left to read: the end, for `peek` and `next` too.
        block.removeAll()
        return false
      }
      if offset + count > limit { exceededLimit = true }
      if count < block.count { block.removeLast(block.count - count) }
      return true
    }
  }
}

/// Bytes written a block at a time, to a file or to memory.
///
/// `Sendable` plain value, used where it was made.
package struct BlockWriter: Sendable {
  private let descriptor: Int32?
  private var block: [UInt8] = []
  /// What was written, when writing to memory.
  package private(set) var bytes: [UInt8] = []
  /// The `errno` of a write that failed; nothing is written after it.
  package private(set) var failure: Int32?

  /// A writer to memory: ``bytes`` holds what was written.
  package init() {
    descriptor = nil
  }

  init(descriptor: Int32) {
    self.descriptor = descriptor
    block.reserveCapacity(BlockReader.blockSize)
  }

  /// Writes `buffer`.
  package mutating func write(_ buffer: UnsafeBufferPointer<UInt8>) {
    guard descriptor != nil else {
      bytes.append(contentsOf: buffer)
      return
    }
    if block.count + buffer.count > BlockReader.blockSize { flush() }
    if buffer.count >= BlockReader.blockSize {
      writeAll(UnsafeRawBufferPointer(buffer))
    } else {
      block.append(contentsOf: buffer)
    }
  }

  /// Writes one byte.
  package mutating func write(_ byte: UInt8) {
    guard descriptor != nil else {
      bytes.append(byte)
      return
    }
    if block.count == BlockReader.blockSize { flush() }
    block.append(byte)
  }

  /// Writes `text`'s UTF-8.
  package mutating func write(_ text: String) {
    var text = text
    text.withUTF8 { write($0) }
  }

  /// Writes what is buffered.
  mutating func flush() {
    guard !block.isEmpty else { return }
    let pending = block
    block.removeAll(keepingCapacity: true)
    pending.withUnsafeBytes { writeAll($0) }
  }

  private mutating func writeAll(_ buffer: UnsafeRawBufferPointer) {
    guard let descriptor, failure == nil else { return }
    failure = FileDescriptor.writeAll(buffer, to: descriptor)
  }
}

extension DurableFile {
  /// Reads the file through `parse`, a block at a time; `nil` when there is no file. Refuses
  /// what ``read()`` refuses (links, anything but a regular file, more than ``sizeLimit``).
  ///
  /// - Parameter parse: Reads what it needs from the reader; what it throws is rethrown as is.
  /// - Throws: `DurableFileError` when the file cannot be read, or what `parse` throws.
  package func read<Result>(parsing parse: (inout BlockReader) throws -> Result) throws -> Result? {
    guard let descriptor = try openForReading() else { return nil }
    defer { close(descriptor) }
    var reader = BlockReader(descriptor: descriptor, limit: sizeLimit)
    let result: Result
    do {
      result = try parse(&reader)
    } catch {
      // A file that could not be read is reported as such, not as what its truncated bytes
      // looked like.
      try check(reader)
      throw error
    }
    try check(reader)
    return result
  }

  private func check(_ reader: BlockReader) throws(DurableFileError) {
    if reader.exceededLimit { throw tooLarge(reader.offset) }
    if let failure = reader.failure {
      throw .unreadable(path: path, reason: FileDescriptor.message(failure))
    }
  }

  /// Replaces the file with what `produce` writes, atomically (new temporary file written a
  /// block at a time, fsync, rename, directory fsync).
  ///
  /// - Parameters:
  ///   - produce: Writes the file's content.
  ///   - isUnchanged: Given the file's fingerprint just before the new one replaces it (`nil`:
  ///     there is none), whether it is still the one the caller knows; when not, the new file is
  ///     dropped and `.changed` thrown. Checked after the (possibly long) writing, so a write by
  ///     someone else meanwhile is seen.
  /// - Returns: The written file's fingerprint.
  @discardableResult
  package func write(
    streaming produce: (inout BlockWriter) -> Void,
    unless isUnchanged: ((Fingerprint?) -> Bool)? = nil
  ) throws(DurableFileError) -> Fingerprint {
    let (temporary, descriptor) = try createTemporaryFileForWriting()
    var writer = BlockWriter(descriptor: descriptor)
    produce(&writer)
    writer.flush()
    if let code = writer.failure {
      close(descriptor)
      unlink(temporary)
      throw writeError("writing \(temporary)", code)
    }
    return try publish(temporary, descriptor: descriptor, unless: isUnchanged)
  }
}
