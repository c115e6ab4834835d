import Foundation
import FoundationDependencies
import StoreKernel

// The examples in the doc comments of the `uuid` and `date` dependencies.

struct Note: Identifiable, Equatable, Sendable {
  var id: UUID
  var title: String
  var modified = Date.distantPast
}

func makeNote(title: String) -> Note {
  @Dependency(\.uuid) var uuid
  let note = Note(id: uuid(), title: title)
  return note
}

func touch(_ note: inout Note) {
  @Dependency(\.date) var date
  note.modified = date.now
}
