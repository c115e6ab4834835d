import Dispatch
import DurableFiles
import FeatureBridge
import MultiStorePrimitives
import StoreKernel
import TerminalUI
import Testing

@testable import NotesFeature

/// A storage with a queue does its file work there: a save that takes long (encoding and
/// syncing a 10 MB note) holds up neither typing nor the saves queued behind it.
@MainActor
@Suite(.timeLimit(.minutes(10))) struct NotesStorageQueueTests {
  /// A write that says when it starts, waits until the test lets it finish, and says when it
  /// has finished.
  final class SlowWrite: Sendable {
    let started: AsyncStream<Void>
    private let start: AsyncStream<Void>.Continuation
    private let finish = DispatchSemaphore(value: 0)
    let finished: AsyncStream<Void>
    private let didFinish: AsyncStream<Void>.Continuation
    let written = LockedDocuments()

    init() {
      (started, start) = AsyncStream.makeStream(of: Void.self)
      (finished, didFinish) = AsyncStream.makeStream(of: Void.self)
    }

    func write(_ document: NotesDocument) {
      start.yield()
      finish.wait()
      written.append(document)
      didFinish.yield()
    }

    func release() { finish.signal() }
  }

  /// Documents written, in order.
  final class LockedDocuments: Sendable {
    private let documents = LockedValue<[NotesDocument]>([])
    func append(_ document: NotesDocument) { documents.withLock { $0.append(document) } }
    var all: [NotesDocument] { documents.withLock { $0 } }
  }

  @Test func typingGoesOnWhileASaveIsBeingWritten() async {
    let slow = SlowWrite()
    let storage = NotesStorage(
      location: "slow", queue: StorageQueue(label: "slow-storage"),
      load: { LoadedNotes(document: NotesDocument(notes: [])) },
      save: { slow.write($0) },
      keepUnsaved: { _ in "nowhere" })
    let notes = await RunningNotes(storage: storage)
    notes.type([.character("n")])
    notes.type("before")
    #expect(await notes.feature.send(.save))
    for await _ in slow.started { break }

    // The write is under way on the storage's queue; the store still takes every key.
    notes.type(" after")
    #expect(notes.render(width: 60, height: 6).joined().contains("before after"))
    #expect(notes.view.handle([.escape, .control("s")]) == 2)
    slow.release()
    for await _ in slow.started { break }
    slow.release()
    // The second save came from a key (a view action), which `settle` does not wait for: the
    // test waits for both writes to have finished.
    var finishedWrites = 0
    for await _ in slow.finished {
      finishedWrites += 1
      if finishedWrites == 2 { break }
    }
    await notes.feature.settle()
    #expect(slow.written.all.map { $0.notes.first?.body } == ["before", "before after"])
    await notes.feature.stop()
  }
}
