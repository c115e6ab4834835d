import NotesFeature

/// What must hold for any bytes found where the notes file should be: decoding never traps,
/// it either throws a `NotesDocumentError` or returns a valid document, and a valid document
/// survives a save and a load unchanged.
enum NotesDocumentProperties {
  /// Checks one input; traps (which the fuzzer reports as a crash) when a property fails.
  static func check(_ bytes: [UInt8]) {
    guard let document = try? NotesDocument.decode(bytes) else { return }
    precondition(document.format == NotesDocument.format, "accepted a foreign format")
    precondition(document.version == NotesDocument.currentVersion, "accepted another version")
    precondition(
      Set(document.notes.map(\.id)).count == document.notes.count, "accepted duplicate ids")
    let encoded = document.encoded()
    guard let reloaded = try? NotesDocument.decode(encoded) else {
      preconditionFailure("a saved document cannot be loaded again")
    }
    precondition(reloaded == document, "a document changed through a save and a load")
  }
}
