import FeatureBridge
import NotesFeature
import StoreKernelTesting
import Testing

/// A tiny host for any notes feature, real or fake: before quitting it asks the notes to save
/// and waits for the answer, which it turns into a line for the terminal.
@MainActor
func saveBeforeQuitting(
  _ notes: Feature<NotesInput, NotesOutput>, inputs: AsyncStream<NotesInput>.Continuation
) async -> String {
  inputs.yield(.save)
  for await output in notes.outputs {
    switch output {
    case .saved(let count): return "saved \(count) note\(count == 1 ? "" : "s")"
    case .storageError(let message): return "not saved: \(message)"
    case .noteCountChanged, .unsavedChangesKept, .unsavedChangesLost: continue
    }
  }
  return "the notes stopped before answering"
}

@MainActor
@Suite(.timeLimit(.minutes(1))) struct NotesHostTests {
  @Test func hostReportsTheSaveOfAFakeNotesFeature() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "FakeNotes") { input in
      input == .save ? [.noteCountChanged(3), .saved(noteCount: 3)] : []
    }
    let (inputs, continuation) = AsyncStream.makeStream(of: NotesInput.self)
    let notes = fake.start(inputs: inputs)
    #expect(await saveBeforeQuitting(notes, inputs: continuation) == "saved 3 notes")
    #expect(fake.receivedInputs == [.save])
    await notes.stop()
  }

  @Test func hostReportsAFakeStorageError() async {
    let message = "cannot save /data/notes.json (disk full); the previous file is intact"
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "FakeNotes") { input in
      input == .save ? [.storageError(message)] : []
    }
    let (inputs, continuation) = AsyncStream.makeStream(of: NotesInput.self)
    let notes = fake.start(inputs: inputs)
    #expect(await saveBeforeQuitting(notes, inputs: continuation) == "not saved: \(message)")
    await notes.stop()
  }

  @Test func hostNoticesAFeatureThatStopsWithoutAnswering() async {
    let fake = FakeFeature<NotesInput, NotesOutput>(name: "FakeNotes")
    let (inputs, continuation) = AsyncStream.makeStream(of: NotesInput.self)
    let notes = fake.start(inputs: inputs)
    let stopping = Task { await notes.stop() }
    #expect(
      await saveBeforeQuitting(notes, inputs: continuation) == "the notes stopped before answering")
    await stopping.value
  }

  @Test func theRealFeatureAnswersTheSameHost() async {
    let (inputs, continuation) = AsyncStream.makeStream(of: NotesInput.self)
    let notes = NotesFeature.start(
      inputs: inputs, storage: .inMemory([("one", ""), ("two", "")]))
    #expect(await saveBeforeQuitting(notes, inputs: continuation) == "saved 2 notes")
    await notes.stop()
  }
}
