import FeatureBridge
import FeatureBridgeTesting
import NotesFeature
import NotesTerminalView
import StoreKernel
import StoreKernelTesting
import TerminalUI
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The notes feature as a host sees it: started through `NotesFeature.start`, driven through
/// its view and inputs, heard through its outputs.
@MainActor
@Suite struct NotesFeatureTests {
  @Test func typingAlotProducesNoOutputsUntilTheAutosave() async {
    let notes = await RunningNotes(storage: .inMemory())
    #expect(notes.log.outputs == [.noteCountChanged(0)])
    notes.type("n")
    #expect(await notes.log.waitFor(count: 3))
    #expect(
      notes.log.outputs.suffix(2) == [
        .created(NoteID(1), title: "Untitled 1"), .noteCountChanged(1),
      ])

    let before = notes.feature.metrics
    let alphabet = Array("abcdefghij日本🎉 ")
    let text = String((0..<300).map { alphabet[$0 % alphabet.count] })
    notes.type(text)
    let after = notes.feature.metrics
    // The keys run in the open note's editor, a store of its own: the notes' store runs no
    // reducer for them, starts no effect and emits no output.
    #expect(after.outputsEmitted == before.outputsEmitted)
    #expect(after.storeEvents.effectsStarted == before.storeEvents.effectsStarted)
    #expect(after.storeEvents.reducerRuns == before.storeEvents.reducerRuns)
    #expect(notes.render(width: 120, height: 40).joined().contains("abcdefghij日本🎉 abc"))

    // One delay later (the test clock stood still while typing): the timer armed when the note
    // was created saves it, and the editor hands the typed text over, which is saved too.
    await notes.clock.advance(by: .milliseconds(999))
    #expect(notes.feature.metrics.outputsEmitted == before.outputsEmitted)
    await notes.clock.advance(by: .milliseconds(1))
    #expect(await notes.log.waitFor(count: 5))
    #expect(
      notes.log.outputs == [
        .noteCountChanged(0), .created(NoteID(1), title: "Untitled 1"), .noteCountChanged(1),
        .saved(noteCount: 1), .saved(noteCount: 1),
      ])
    await notes.feature.settle()
    #expect(notes.feature.metrics.storeEvents.reducerRuns - before.storeEvents.reducerRuns < 10)

    await notes.stop()
    #expect(notes.log.outputs.count == 5)
  }

  @Test func inputsSentWhileTheNotesLoadAreHandledInTheOrderSent() async {
    let storage = NotesStorage.inMemory([("On disk", "eggs")])
    let notes = NotesFeature.launcher.start(.init(storage: storage, clock: TestClock()))
    var heard: [NotesOutput] = []
    notes.onOutput { heard.append($0) }
    // Sent at once, before the load has finished: the create waits for it, and the search
    // after it must not overtake it (a create clears the search).
    await notes.send(.create(title: "Shopping", body: "milk"))
    await notes.send(.search("milk"))
    await notes.stop()

    #expect(heard.contains(.created(NoteID(2), title: "Shopping")))
    let screen = NotesFeature.terminalView(of: notes).render(width: 80, height: 10).joined()
    #expect(screen.contains("filter: milk"))
    #expect(screen.contains("Shopping"))
    #expect(!screen.contains("On disk"))
    // The stop saved both notes, the early one after the loaded one's id.
    let view = NotesFeature.launcher.start(.init(storage: storage, clock: TestClock()))
    await view.settle()
    let saved = NotesFeature.terminalView(of: view).render(width: 80, height: 10).joined()
    #expect(saved.contains("Shopping") && saved.contains("On disk"))
    await view.stop()
  }

  @Test func saveInputSavesAndSearchInputFilters() async {
    let notes = await RunningNotes(
      storage: .inMemory([("Groceries", "apples"), ("Work", "deadline"), ("Apple pie", "")]))
    #expect(notes.log.outputs == [.noteCountChanged(3)])
    await notes.send(.search("apple"))
    #expect(notes.render(width: 40, height: 10)[0] == "Notes (2 of 3)   filter: apple")
    let list = notes.render(width: 40, height: 10).dropFirst().prefix(3)
    #expect(list.contains("▸ Groceries"))
    #expect(list.contains("  Apple pie"))
    #expect(!list.contains("  Work"))

    await notes.send(.save)
    #expect(await notes.log.waitFor(count: 2))
    #expect(notes.log.outputs.last == .saved(noteCount: 3))
    await notes.feature.stop()
  }

  @Test func stoppingSavesUnsavedNotes() async {
    let storage = NotesStorage.inMemory()
    let first = await RunningNotes(storage: storage)
    first.type([.character("n")])
    first.type("written just before quitting")
    await first.stop()
    #expect(first.log.outputs.last == .saved(noteCount: 1))

    let second = await RunningNotes(storage: storage)
    #expect(second.log.outputs == [.noteCountChanged(1)])
    second.type([.enter])
    #expect(second.render(width: 40, height: 5).joined().contains("written just before quitting"))
    await second.feature.stop()
  }

  @Test func aRestartedFeatureOnTheSameStorageKeepsSaving() async {
    let storage = NotesStorage.inMemory()
    let first = await RunningNotes(storage: storage)
    first.type([.character("n")])
    first.type("a long first session")
    await first.feature.stop()

    // A new run counts its edits from zero again; its saves must still reach the storage.
    let second = await RunningNotes(storage: storage)
    second.type([.character("n")])
    second.type("two")
    await second.feature.stop()

    let third = await RunningNotes(storage: storage)
    #expect(third.log.outputs == [.noteCountChanged(2)])
    await third.feature.stop()
  }

  @Test func aStoppedFeatureGivesUpItsDirectoryAtOnce() async throws {
    try await withTemporaryDirectory { directory in
      // Held for the whole test: the lock must not wait for this value's release.
      let storage = NotesStorage.file(inDirectory: directory.path)
      let first = await RunningNotes(storage: storage)
      first.type([.character("n")])
      first.type("kept")
      await first.feature.stop()

      // Another storage on the directory takes it as the writer: nothing read-only.
      let second = await RunningNotes(storage: .file(inDirectory: directory.path))
      #expect(second.log.outputs == [.noteCountChanged(1)])
      await second.feature.stop()
      withExtendedLifetime(storage) {}
    }
  }

  @Test func notesSurviveRestartsOnARealFile() async throws {
    try await withTemporaryDirectory { directory in
      // One storage for two runs; released before another storage opens the directory (two
      // storages alive on one directory are two writers: the second would be read-only).
      do {
        let storage = NotesStorage.file(inDirectory: directory.path)
        let first = await RunningNotes(storage: storage)
        first.type([.character("n")])
        first.type("on disk")
        await first.feature.stop()

        let second = await RunningNotes(storage: storage)
        #expect(second.log.outputs == [.noteCountChanged(1)])
        second.type([.character("n")])
        second.type("second")
        await second.feature.stop()
      }

      let reread = await RunningNotes(storage: .file(inDirectory: directory.path))
      #expect(reread.log.outputs == [.noteCountChanged(2)])
      let screen = reread.render(width: 80, height: 10).joined(separator: "\n")
      // Each note is named after its first line.
      #expect(screen.contains("▸ second"))
      #expect(screen.contains("  on disk"))
      await reread.feature.stop()
      #expect(directory.entries() == [".locks", "notes.json"])
    }
  }

  @Test func aSaveSentAsTheFeatureStartsKeepsTheNotesOnDisk() async throws {
    try await withTemporaryDirectory { directory in
      let onDisk = [
        Note(id: 1, title: "kept", revision: 2), Note(id: 2, title: "too", revision: 1),
      ]
      try NotesFile(directory: directory.path).save(NotesDocument(notes: onDisk))
      let (inputs, continuation) = AsyncStream.makeStream(of: NotesInput.self)
      continuation.yield(.save)
      let notes = NotesFeature.launcher.start(
        .init(storage: .file(inDirectory: directory.path)), inputs: inputs)
      let log = OutputLog(notes.outputs)
      #expect(await log.waitFor(count: 2))
      #expect(log.outputs == [.noteCountChanged(2), .saved(noteCount: 2)])
      await notes.stop()
      #expect(try NotesFile(directory: directory.path).load().notes == onDisk)
    }
  }

  /// A file that is not JSON stays where it is, byte for byte, through a session that types a
  /// note and stops: the note goes to a recovery file, which the next start restores once the
  /// file loads again.
  @Test func aFileThatIsNotAcceptedIsLeftAsItIsAndWhatIsTypedIsKept() async throws {
    try await withTemporaryDirectory { directory in
      let garbage: [UInt8] = [0x7B, 0x1B, 0x5B, 0x32, 0x4A, 0xFF]
      try directory.write(garbage, to: "notes.json")
      let notes = await RunningNotes(storage: .file(inDirectory: directory.path))
      #expect(await notes.log.waitFor(count: 2))
      guard case .storageError(let message) = notes.log.outputs.first else {
        Issue.record("expected a storage error first, got \(notes.log.outputs)")
        return
      }
      #expect(message.contains(directory.path(of: "notes.json")))
      #expect(notes.log.outputs.last == .noteCountChanged(0))

      notes.type([.character("n")])
      notes.type("fresh")
      await notes.feature.stop()
      #expect(directory.read("notes.json") == garbage)
      let recoveries = directory.entries().filter { $0.hasPrefix("notes.recovery-") }
      #expect(recoveries.count == 1)
      #expect(!directory.entries().contains { $0.hasPrefix("notes.json.corrupt-") })

      // Once the file is fixed (here: removed), the next start restores the note.
      #expect(unlink(directory.path(of: "notes.json")) == 0)
      let next = await RunningNotes(storage: .file(inDirectory: directory.path))
      await next.send(.save)
      await next.feature.stop()
      let saved = try NotesFile(directory: directory.path).load()
      #expect(saved.notes.map(\.body) == ["fresh"])
      #expect(directory.entries().filter { $0.hasPrefix("notes.recovery-") }.isEmpty)
    }
  }

  /// While the notes file must not be written, a save keeps the notes in a recovery file at
  /// once, not only when the feature stops: a crash or a kill loses nothing saved for. Each
  /// save writes a new file and removes the one before, so one file holds the newest notes.
  @Test func whileTheFileMustNotBeWrittenEachSaveKeepsTheNotesInOneRecoveryFile() async throws {
    try await withTemporaryDirectory { directory in
      #expect(mkdir(directory.path(of: "notes.json"), 0o700) == 0)
      #expect(mkdir(directory.path(of: "notes.json/inside"), 0o700) == 0)
      let notes = await RunningNotes(storage: .file(inDirectory: directory.path))
      func recoveries() -> [String] {
        directory.entries().filter { $0.hasPrefix("notes.recovery-") }
      }
      func bodies(in file: String) throws -> [String] {
        try NotesDocument.decode(directory.read(file) ?? []).notes.map(\.body)
      }

      notes.type([.character("n")])
      notes.type("first")
      await notes.send(.save)
      let first = try #require(recoveries().first)
      #expect(recoveries() == [first])
      #expect(try bodies(in: first) == ["first"])
      let status = notes.render(width: 200, height: 5).last ?? ""
      #expect(status.contains("Read-only: notes.json cannot be read; notes kept in"))

      notes.type(" second")
      await notes.send(.save)
      let second = try #require(recoveries().first)
      #expect(recoveries() == [second])
      #expect(second != first)
      #expect(try bodies(in: second) == ["first second"])

      // Stopping has nothing more to keep; the host heard of each file as it was written.
      await notes.stop()
      #expect(recoveries() == [second])
      let kept = notes.log.outputs.compactMap { output -> String? in
        if case .unsavedChangesKept(let path) = output { return path }
        return nil
      }
      #expect(kept == [directory.path(of: first), directory.path(of: second)])
    }
  }

  @Test func aNotesFileThatCannotBeReadIsNeverOverwritten() async throws {
    try await withTemporaryDirectory { directory in
      // A directory in place of the file cannot be read by anyone, root included.
      #expect(mkdir(directory.path(of: "notes.json"), 0o700) == 0)
      #expect(mkdir(directory.path(of: "notes.json/inside"), 0o700) == 0)
      let notes = await RunningNotes(storage: .file(inDirectory: directory.path))
      #expect(await notes.log.waitFor(count: 2))
      guard case .storageError(let message) = notes.log.outputs.first else {
        Issue.record("expected a storage error first, got \(notes.log.outputs)")
        return
      }
      #expect(message.contains(directory.path(of: "notes.json")))

      notes.type([.character("n")])
      notes.type("not saved")
      await notes.send(.save)
      #expect(notes.render(width: 200, height: 5).last?.contains("Read-only: notes.json") == true)
      await notes.stop()
      #expect(!notes.log.outputs.contains { if case .saved = $0 { true } else { false } })
      #expect(directory.entries(in: "notes.json") == ["inside"])
      // What could not be saved is kept in a recovery file beside it, and the host is told.
      let recovery = try #require(directory.entries().first { $0.hasPrefix("notes.recovery-") })
      #expect(directory.entries() == [".locks", "notes.json", recovery])
      #expect(notes.log.outputs.last == .unsavedChangesKept(path: directory.path(of: recovery)))
      let kept = try NotesDocument.decode(directory.read(recovery) ?? [])
      #expect(kept.notes.map(\.body) == ["not saved"])
    }
  }

  @Test func defaultDataDirectoryFollowsXDGThenHome() {
    #expect(
      NotesFeature.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/x", "HOME": "/h"])
        == "/x/multistore-notes")
    #expect(
      NotesFeature.defaultDataDirectory(environment: ["XDG_DATA_HOME": "", "HOME": "/h"])
        == "/h/.local/share/multistore-notes")
    #expect(
      NotesFeature.defaultDataDirectory(environment: [:]) == "./.local/share/multistore-notes")
  }
}
