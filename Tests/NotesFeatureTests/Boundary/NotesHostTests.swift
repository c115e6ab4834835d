import FeatureBridge
import FeatureBridgeTesting
import NotesFeature
import Testing

/// A tiny host for any notes feature, real or fake: before quitting it asks the notes to save
/// and waits for the answer, which it turns into a line for the terminal.
@MainActor
func saveBeforeQuitting(_ notes: FeatureHandle<NotesInput, NotesOutput>) async -> String {
  guard await notes.send(.save) else { return "the notes stopped before answering" }
  for await output in notes.outputs {
    switch output {
    case .saved(let count): return "saved \(count) note\(count == 1 ? "" : "s")"
    case .storageError(let message): return "not saved: \(message)"
    case .noteCountChanged, .created, .deleted, .unsavedChangesKept, .unsavedChangesLost:
      continue
    }
  }
  return "the notes stopped before answering"
}

@MainActor
@Suite(.timeLimit(.minutes(10))) struct NotesHostTests {
  @Test func hostReportsTheSaveOfAFakeNotesFeature() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "FakeNotes") { input in
      input == .save ? [.noteCountChanged(3), .saved(noteCount: 3)] : []
    }
    let notes = fake.start()
    #expect(await saveBeforeQuitting(notes) == "saved 3 notes")
    #expect(fake.receivedInputs == [.save])
    await notes.stop()
  }

  @Test func hostReportsAFakeStorageError() async {
    let message = "cannot save /data/notes.json (disk full); the previous file is intact"
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "FakeNotes") { input in
      input == .save ? [.storageError(message)] : []
    }
    let notes = fake.start()
    #expect(await saveBeforeQuitting(notes) == "not saved: \(message)")
    await notes.stop()
  }

  @Test func hostNoticesAFeatureThatStopsWithoutAnswering() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "FakeNotes")
    let notes = fake.start()
    await notes.stop()
    #expect(await saveBeforeQuitting(notes) == "the notes stopped before answering")
  }

  @Test func theRealFeatureAnswersTheSameHost() async {
    let notes = NotesFeature.launcher.start(.init(storage: .inMemory([("one", ""), ("two", "")])))
    #expect(await saveBeforeQuitting(notes) == "saved 2 notes")
    await notes.stop()
  }
}
