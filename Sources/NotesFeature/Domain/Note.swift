/// One note. `revision` orders notes by last edit (higher is newer); it is a counter, not a
/// clock, so ordering is deterministic and testable.
package struct Note: Equatable, Identifiable, Sendable, Codable {
  package var id: Int
  package var title: String
  package var body: String
  package var revision: Int

  package init(id: Int, title: String, body: String = "", revision: Int) {
    self.id = id
    self.title = title
    self.body = body
    self.revision = revision
  }
}
