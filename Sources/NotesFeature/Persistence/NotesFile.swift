import DurableFiles

/// The notes file on disk, `notes.json`: a ``DurableFile`` (written atomically, read only as a
/// regular file within ``sizeLimit``, never through a link) holding a ``NotesDocument``. A file
/// that cannot be decoded is moved aside (kept, never overwritten) and reported
/// (docs/decisions/0009-one-writer-and-nothing-lost.md).
package struct NotesFile: Sendable {
  private let file: DurableFile
  package var directory: String { file.directory }
  /// The largest notes file this build reads: far above any real notes (10,000 notes, or one
  /// note of 10 MB, are a few tens of MB), far below what would exhaust memory.
  package var sizeLimit: Int { file.sizeLimit }
  package var path: String { file.path }

  package init(directory: String, sizeLimit: Int = 256 << 20) {
    file = DurableFile(directory: directory, name: "notes.json", sizeLimit: sizeLimit)
  }

  /// Reads the notes. A missing file is an empty document; a corrupt one is moved aside and
  /// reported with `NotesStorageError.corrupt`, after which saving is safe. Anything that is
  /// not a regular file within ``sizeLimit`` is `NotesStorageError.unreadable`, and left alone.
  ///
  /// - Parameter readOnly: Change nothing in the directory (another process is its writer): a
  ///   corrupt file is reported as unreadable instead of moved aside, and leftover temporary
  ///   files stay.
  package func load(readOnly: Bool = false) throws(NotesStorageError) -> NotesDocument {
    if !readOnly { file.removeAbandonedTemporaryFiles() }
    do {
      // A block at a time, each note's body straight into its text: never the whole file.
      let document = try file.read { input throws(NotesDocumentError) in
        try NotesDocument.decode(from: &input)
      }
      return document ?? NotesDocument(notes: [])
    } catch let error as DurableFileError {
      throw NotesStorageError(error)
    } catch {
      let error = error as? NotesDocumentError ?? .malformed("\(error)")
      if readOnly { throw .unreadable(path: path, reason: error.description) }
      switch file.keepAside() {
      case .success(let aside):
        throw .corrupt(path: path, keptAt: aside, reason: error.description)
      case .failure(let failure):
        let reason = if case .unreadable(_, let reason) = failure { reason } else { "\(failure)" }
        throw .unreadable(path: path, reason: "\(error); moving it aside failed: \(reason)")
      }
    }
  }

  /// Writes the notes atomically. Encoding happens here too, on the caller's thread: the
  /// storage calls this on its own queue, never on a store's actor.
  package func save(_ document: NotesDocument) throws(NotesStorageError) {
    do {
      // Written a block at a time, from the notes' chunks: never the whole file in memory.
      try file.write { output in document.encode(to: &output) }
    } catch {
      throw NotesStorageError(error)
    }
  }
}

extension NotesStorageError {
  /// The notes' words for a kept file's error.
  init(_ error: DurableFileError) {
    switch error {
    case .corrupt(let path, let keptAt, let reason):
      self = .corrupt(path: path, keptAt: keptAt, reason: reason)
    case .unreadable(let path, let reason): self = .unreadable(path: path, reason: reason)
    case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
    case .locked(let path, let holder): self = .locked(path: path, holder: holder)
    }
  }
}
