import FeatureBridge
public import NotesFeature

/// The actor a notes service and its feature live on.
@globalActor
public actor NotesServiceActor {
  /// The one instance.
  public static let shared = NotesServiceActor()
}

/// A notes service with no UI: requests in, answers out. It drives NotesFeature only through
/// its boundary (inputs and outputs), as a server would for its clients.
@NotesServiceActor
public final class NotesService {
  /// What the feature has told the service, in order.
  public private(set) var events: [NotesOutput] = []
  /// How many notes there are, as the feature last reported.
  public private(set) var noteCount = 0
  private let notes: FeatureHandle<NotesInput, NotesOutput>
  /// Requests waiting for the save they asked for to be written, or to fail.
  private var saveWaiters: [CheckedContinuation<Bool, Never>] = []

  /// Starts the notes over `storage`.
  ///
  /// - Parameters:
  ///   - storage: Where the notes are kept (`.inMemory()` or `.file(inDirectory:)`).
  ///   - autosaveDelay: How long after a change the notes save by themselves.
  public init(storage: NotesStorage, autosaveDelay: Duration = .seconds(1)) {
    notes = NotesFeature.launcher.start(.init(storage: storage, autosaveDelay: autosaveDelay))
    notes.onOutput { [weak self] output in self?.hear(output) }
  }

  /// Adds a note and returns its id, once the feature has made it.
  ///
  /// - Parameters:
  ///   - title: The note's title.
  ///   - body: The note's text.
  /// - Returns: The new note's id, or `nil` if the feature has stopped.
  public func create(title: String, body: String) async -> NoteID? {
    let before = events.count
    // `send` returns once the feature has handled the input; it reports the new note as it
    // does.
    guard await notes.send(.create(title: title, body: body)) else { return nil }
    for case .created(let id, _) in events[before...] { return id }
    return nil
  }

  /// Appends text to a note.
  ///
  /// - Parameters:
  ///   - text: The text to add at the note's end.
  ///   - id: The note.
  public func append(_ text: String, to id: NoteID) async {
    await notes.send(.appendText(id, text))
  }

  /// Saves now and waits until the save has been written.
  ///
  /// - Returns: Whether it was written (`false` if it failed, or the notes have stopped).
  @discardableResult
  public func save() async -> Bool {
    await withCheckedContinuation { waiter in
      guard notes.input.send(.save) else { return waiter.resume(returning: false) }
      saveWaiters.append(waiter)
    }
  }

  /// Waits for the notes' load and every request so far, and for an autosave they armed.
  public func settle() async {
    await notes.settle()
  }

  /// Stops the notes, saving what was not saved.
  public func stop() async {
    await notes.finish()
    for waiter in saveWaiters { waiter.resume(returning: false) }
    saveWaiters = []
  }

  private func hear(_ output: NotesOutput) {
    events.append(output)
    switch output {
    case .noteCountChanged(let count):
      noteCount = count
    case .saved, .storageError:
      // Saves are written in the order asked for: the oldest waiting request is answered.
      guard !saveWaiters.isEmpty else { break }
      saveWaiters.removeFirst().resume(
        returning: { if case .saved = output { true } else { false } }())
    default:
      break
    }
  }
}
