import DurableFiles

/// The counter's file, `counter.json` in the data directory: a ``DurableFile`` holding a
/// ``CounterRecord``. A file that cannot be decoded is moved aside and reported; a missing one
/// is no record yet.
struct CounterFile: Sendable {
  let file: DurableFile

  init(directory: String) {
    file = DurableFile(directory: directory, name: "counter.json", sizeLimit: 1 << 20)
  }

  var path: String { file.path }

  /// The record, or `nil` when there is no file.
  ///
  /// - Parameter readOnly: Another process is the writer: a corrupt file is reported as
  ///   unreadable and left where it is.
  func load(readOnly: Bool) throws(DurableFileError) -> CounterRecord? {
    if !readOnly { file.removeAbandonedTemporaryFiles() }
    guard let bytes = try file.read() else { return nil }
    switch CounterRecord.decode(bytes) {
    case .success(let record):
      return record
    case .failure(let error) where readOnly:
      throw .unreadable(path: path, reason: error.reason)
    case .failure(let error):
      switch file.keepAside() {
      case .success(let aside):
        throw .corrupt(path: path, keptAt: aside, reason: error.reason)
      case .failure(let failure):
        throw failure
      }
    }
  }

  /// Writes the record atomically.
  func save(_ record: CounterRecord) throws(DurableFileError) {
    let bytes: [UInt8]
    do {
      bytes = try record.encoded()
    } catch {
      throw .writeFailed(path: path, reason: "\(error)")
    }
    try file.write(bytes)
  }
}
