public import FeatureBridge
import StoreKernel

/// A list of notes with an editor, search, rename, delete and undo, saved to a file: the
/// project's main feature, behind a black-box boundary.
///
/// A keystroke is one view action inside this feature's own store; it wakes nothing outside
/// it. The host hears only what it needs: the note count, notes created and deleted, saves, and
/// storage errors.
///
/// ```swift
/// let notes = NotesFeature.launcher.start(.init(storage: .inMemory()))
/// await notes.send(.create(title: "Groceries", body: "Milk"))
/// await notes.finish()
/// var outputs: [NotesOutput] = []
/// for await output in notes.outputs { outputs.append(output) }  // …, .saved(noteCount: 1)
/// ```
///
/// A namespace: no values.
public enum NotesFeature {
  /// What the notes start with: made by a host, read only by the feature.
  ///
  /// `Sendable`: its values are.
  public struct Configuration: Sendable {
    /// Where notes are loaded from and saved to.
    let storage: NotesStorage
    /// How long typing must pause before an autosave.
    let autosaveDelay: Duration
    /// The clock the autosave waits on.
    let clock: any Clock<Duration>

    /// What the notes start with.
    ///
    /// - Parameters:
    ///   - storage: Where notes are loaded from and saved to.
    ///   - autosaveDelay: How long typing must pause before an autosave.
    ///   - clock: The clock the autosave waits on.
    public init(
      storage: NotesStorage, autosaveDelay: Duration = .seconds(1),
      clock: any Clock<Duration> = ContinuousClock()
    ) {
      self.storage = storage
      self.autosaveDelay = autosaveDelay
      self.clock = clock
    }
  }

  /// The notes, as a host starts them (``FeatureLauncher/start(_:inputs:withDependencies:isolation:)``)
  /// or a parent presents them: in a store of its own, or composed into the parent's store.
  public static let launcher = FeatureLauncher { (configuration: Configuration) in
    recipe(
      storage: configuration.storage, autosaveDelay: configuration.autosaveDelay,
      clock: configuration.clock)
  }

  /// The notes, before they run: what `launcher` starts, and what a single-store app composes.
  package static func recipe(
    storage: NotesStorage, autosaveDelay: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> FeatureRecipe<NotesReducer> {
    FeatureRecipe(
      name: "Notes",
      initialState: NotesState(),
      reducer: NotesReducer(),
      delivery: { input in
        if case .search = input { return .latest(key: "search") }
        return .intent
      },
      dependencies: {
        $0.notesStorage = storage
        $0.notesAutosaveDelay = autosaveDelay
        $0.clock = clock
      })
  }

  /// The default data directory: `$XDG_DATA_HOME/multistore-notes`, or
  /// `$HOME/.local/share/multistore-notes`.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The directory path (it may not exist yet).
  public static func defaultDataDirectory(environment: [String: String]) -> String {
    NotesDataDirectory.resolve(environment: environment)
  }
}

/// A note's identity, as the notes tell it to their host (``NotesOutput/created(_:title:)``)
/// and as a host names a note in an input.
///
/// `Sendable` plain value.
public struct NoteID: Hashable, Sendable, CustomStringConvertible {
  package let rawValue: Int

  package init(_ rawValue: Int) {
    self.rawValue = rawValue
  }

  /// `#` and the number: `#3`.
  public var description: String { "#\(rawValue)" }
}

/// What a host may tell the notes feature: everything a user can do to the notes, without a
/// key press. Inputs that name or make notes wait until the notes are loaded, so ids are final.
///
/// `Sendable` plain value.
public enum NotesInput: Sendable, Equatable {
  /// Add a note on top and select it (the view keeps what it was doing). An empty title is
  /// "Untitled N". The notes answer ``NotesOutput/created(_:title:)`` with its id.
  case create(title: String, body: String)
  /// Select a note.
  case select(NoteID)
  /// Replace a note's text.
  case replaceText(NoteID, String)
  /// Add text at the end of a note.
  case appendText(NoteID, String)
  /// Give a note a new title (an empty one is "Untitled").
  case rename(NoteID, to: String)
  /// Delete a note (the user can undo it in the view). The notes answer
  /// ``NotesOutput/deleted(_:)``.
  case delete(NoteID)
  /// Filter the list by this text (a projection: only the latest waiting one is delivered).
  case search(String)
  /// Save now, without waiting for the autosave.
  case save
}

/// What the notes feature tells its host: never one output per keystroke.
///
/// `Sendable` plain value.
public enum NotesOutput: Sendable, Equatable {
  /// The number of notes is now this.
  case noteCountChanged(Int)
  /// A note was created (by the user or by ``NotesInput/create(title:body:)``).
  case created(NoteID, title: String)
  /// A note was deleted.
  case deleted(NoteID)
  /// The notes were saved; this many notes are on disk.
  case saved(noteCount: Int)
  /// Loading or saving failed; one line naming the file and the problem.
  case storageError(String)
  /// Changes could not be saved (the notes file must not be written, or the feature stopped
  /// and the save failed); they were written to this recovery file, which the next start
  /// offers back. A host should tell its user where. While the notes file must not be
  /// written, each save keeps the notes anew (a crash loses nothing kept) and removes the
  /// file it kept them in before: the newest path replaces the earlier ones.
  case unsavedChangesKept(path: String)
  /// The feature stopped with changes it could neither save nor keep in a recovery file.
  case unsavedChangesLost(reason: String)
}

enum NotesDataDirectory {
  static func resolve(environment: [String: String]) -> String {
    if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
      return xdg + "/multistore-notes"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? "."
    return home + "/.local/share/multistore-notes"
  }
}
