import DurableFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The notes as plain text files and back (`AppShell export DIR`, `AppShell import DIR`): one
/// UTF-8 file per note, named after its title (``PlainTextNames``), holding its body as it is.
///
/// An export only reads the notes file, which every save replaces whole, so it may run while
/// the app runs (what that app has not saved yet is not in it). An import writes the notes
/// file, so it takes the data directory's writer lock first, and refuses while another
/// instance holds it (docs/decisions/0009-one-writer-and-nothing-lost.md).
package enum PlainTextTransfer {
  /// Why an export or an import did nothing, in one sentence.
  package struct Failure: Error, CustomStringConvertible, Equatable {
    package let description: String

    init(_ description: String) { self.description = description }
  }

  /// Writes every note of `dataDirectory`'s notes file to `destination`, a folder that must be
  /// new or empty (no file is ever replaced), newest note first as to who gets a name first.
  ///
  /// - Returns: How many files were written.
  package static func export(
    from dataDirectory: String, to destination: String
  ) throws(Failure) -> Int {
    let file = NotesFile(directory: dataDirectory)
    let document: NotesDocument
    do {
      document = try file.load(readOnly: true)
    } catch {
      throw Failure("nothing exported: \(error.description)")
    }
    try prepareDestination(destination)
    var used = Set<String>()
    for note in document.notes {
      let base = PlainTextNames.baseName(for: note.title)
      var number = 1
      while true {
        let name = PlainTextNames.fileName(base: base, number: number)
        number += 1
        // A file system that ignores case says a name differing only in case exists (EEXIST).
        guard used.insert(name).inserted else { continue }
        let path = destination + "/" + name
        guard
          let descriptor = FileDescriptor.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW)
        else {
          if errno == EEXIST { continue }
          throw Failure("cannot create \(path): \(FileDescriptor.message())")
        }
        defer { close(descriptor) }
        if let code = FileDescriptor.writeAll(
          note.text.bytes(in: 0..<note.text.utf8Count), to: descriptor)
        {
          throw Failure("cannot write \(path): \(FileDescriptor.message(code))")
        }
        break
      }
    }
    // One flush of every file system (the folder's among them), not one `fsync` per file.
    sync()
    return document.notes.count
  }

  /// What an import did: how many notes it added, and the `*.txt` names it passed over because
  /// they are not regular files (a folder, a link, a device).
  package struct Imported: Equatable, Sendable {
    package var count: Int
    package var skipped: [String]
  }

  /// Adds a note for every `*.txt` file in `source` (not hidden, not in a subfolder, not a
  /// link) to `dataDirectory`'s notes: the file's name without `.txt` is its title, its bytes
  /// its body. The notes already there stay; the new ones come first, in the order of their
  /// names. Every file must be UTF-8, or nothing is imported.
  ///
  /// - Returns: How many notes were added, and what was passed over.
  package static func importNotes(
    from source: String, into dataDirectory: String
  ) throws(Failure) -> Imported {
    let file = NotesFile(directory: dataDirectory)
    let lock = WriterLock(directory: dataDirectory, name: NotesFile.lockName)
    switch lock.claim() {
    case .held: break
    case .heldByOther(let pid):
      let holder = pid.map { " (pid \($0))" } ?? ""
      throw Failure(
        "nothing imported: the notes in \(dataDirectory) are in use by another instance of "
          + "the app\(holder); quit it, then import again")
    case .unavailable(let reason):
      throw Failure("nothing imported: \(reason)")
    }
    defer { lock.ownerStopped() }
    var document: NotesDocument
    do {
      document = try file.load()
    } catch {
      throw Failure("nothing imported: \(error.description)")
    }
    guard document.version <= NotesDocument.currentVersion else {
      throw Failure(
        "nothing imported: \(NotesStorageError.newerVersion(path: file.path, version: document.version, shown: true).description)"
      )
    }
    let (read, skipped) = try readTextFiles(in: source, limit: file.sizeLimit)
    var nextID = (document.notes.map(\.id).max() ?? 0) + 1
    var revision = (document.notes.map(\.revision).max() ?? 0) + read.count
    let imported = read.map { title, body in
      defer {
        nextID += 1
        revision -= 1
      }
      return Note(id: nextID, title: title, body: body, revision: revision)
    }
    document.notes = imported + document.notes
    // A notes file the app would not read back is never written.
    guard document.encoded().count <= file.sizeLimit else {
      throw Failure(
        "nothing imported: the notes file would be larger than \(file.sizeLimit >> 20) MB")
    }
    do {
      try file.save(document)
    } catch {
      throw Failure("nothing imported: \(error.description)")
    }
    return Imported(count: imported.count, skipped: skipped)
  }

  /// A folder to export into: made when missing, else it must be an empty folder.
  private static func prepareDestination(_ path: String) throws(Failure) {
    if mkdir(path, 0o700) == 0 { return }
    guard errno == EEXIST else {
      throw Failure("nothing exported: cannot create \(path): \(FileDescriptor.message())")
    }
    var status = stat()
    guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure("nothing exported: \(path) is not a folder")
    }
    guard DurableFile.entries(of: path).isEmpty else {
      throw Failure(
        "nothing exported: \(path) is not empty (an export writes only into a new or empty "
          + "folder, so that it never replaces a file)")
    }
  }

  /// The titles and bodies of the `*.txt` files in `source`, by name, and the names passed
  /// over.
  private static func readTextFiles(
    in source: String, limit: Int
  ) throws(Failure) -> (notes: [(title: String, body: String)], skipped: [String]) {
    var status = stat()
    guard stat(source, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
      throw Failure("nothing imported: \(source) is not a folder")
    }
    let names = DurableFile.entries(of: source)
      .filter { PlainTextNames.title(forFileName: $0) != nil }
      .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    var notes: [(title: String, body: String)] = []
    var notText: [String] = []
    var skipped: [String] = []
    for name in names {
      let path = source + "/" + name
      // A folder, a link or a device named `*.txt` is not a note.
      guard case .regularFile = FileDescriptor.entryKind(path),
        let title = PlainTextNames.title(forFileName: name)
      else {
        skipped.append(name)
        continue
      }
      guard let descriptor = FileDescriptor.openFile(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK)
      else {
        throw Failure("nothing imported: cannot open \(path): \(FileDescriptor.message())")
      }
      defer { close(descriptor) }
      guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
        skipped.append(name)
        continue
      }
      guard let bytes = FileDescriptor.readAll(descriptor, limit: limit), bytes.count <= limit
      else {
        throw Failure("nothing imported: cannot read \(path): \(FileDescriptor.message())")
      }
      guard let body = String(validating: bytes, as: UTF8.self) else {
        notText.append(name)
        continue
      }
      notes.append((title, body))
    }
    guard notText.isEmpty else {
      let listed = notText.prefix(3).joined(separator: ", ")
      let more = notText.count > 3 ? " and \(notText.count - 3) more" : ""
      throw Failure(
        "nothing imported: \(notText.count) file(s) are not UTF-8 text: \(listed)\(more)")
    }
    return (notes, skipped)
  }
}
