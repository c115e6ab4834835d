import Foundation
import NotesFeature
import NotesService
import Testing

/// The service drives the real NotesFeature headlessly: requests go in as inputs, answers come
/// from its outputs, and what it saves is there for the next service over the same directory.
@Suite @NotesServiceActor struct NotesServiceTests {
  @Test func notesCreatedThroughTheBoundaryAreCountedAndIdentified() async {
    let service = NotesService(storage: .inMemory())
    await service.settle()
    let first = await service.create(title: "Groceries", body: "Milk")
    let second = await service.create(title: "Ideas", body: "A headless host")
    #expect(first != nil)
    #expect(second != nil)
    #expect(first != second)
    #expect(service.noteCount == 2)
    await service.stop()
  }

  @Test func aSaveThatCannotBeWrittenIsAnsweredFalse() async {
    // A directory that does not exist: the notes report the error and keep what they have.
    let service = NotesService(storage: .file(inDirectory: "/nonexistent/NotesServiceTests"))
    await service.settle()
    _ = await service.create(title: "Lost?", body: "Reported")
    #expect(await service.save() == false)
    #expect(service.events.contains { if case .storageError = $0 { true } else { false } })
    await service.stop()
  }

  @Test func whatOneServiceSavesTheNextOneLoads() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("NotesServiceTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let writer = NotesService(storage: .file(inDirectory: directory))
    await writer.settle()
    let id = try #require(await writer.create(title: "Kept", body: "Across"))
    await writer.append(" services", to: id)
    #expect(await writer.save())
    #expect(writer.events.contains(.saved(noteCount: 1)))
    await writer.stop()

    let reader = NotesService(storage: .file(inDirectory: directory))
    await reader.settle()
    #expect(reader.noteCount == 1)
    await reader.stop()
  }
}
