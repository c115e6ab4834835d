public import FeatureBridge
import StoreKernel

/// A list of notes with an editor, search, rename, delete and undo, saved to a file: the
/// project's main feature, behind a black-box boundary.
///
/// A keystroke is one view action inside this feature's own store; it wakes nothing outside
/// it. The host hears only what it needs: the note count, saves, and storage errors.
///
/// ```swift
/// let (inputs, send) = AsyncStream.makeStream(of: NotesInput.self)
/// let notes = NotesFeature.start(
///   inputs: inputs,
///   storage: .file(
///     inDirectory: NotesFeature.defaultDataDirectory(
///       environment: ProcessInfo.processInfo.environment)))
/// ```
public enum NotesFeature {
  /// Starts the notes feature on the caller's actor. It loads the notes at once, saves after
  /// typing pauses for `autosaveDelay`, and saves unsaved changes when stopped; what cannot be
  /// saved then is kept in a recovery file (``NotesOutput/unsavedChangesKept(path:)``) that the
  /// next start restores.
  ///
  /// - Parameters:
  ///   - inputs: What the host sends.
  ///   - storage: Where notes are loaded from and saved to.
  ///   - autosaveDelay: How long typing must pause before an autosave.
  ///   - clock: The clock the autosave waits on.
  ///   - isolation: The host's actor.
  /// - Returns: The running feature.
  public static func start(
    inputs: AsyncStream<NotesInput>,
    storage: NotesStorage,
    autosaveDelay: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock(),
    isolation: isolated any Actor = #isolation
  ) -> Feature<NotesInput, NotesOutput> {
    Feature.start(
      name: "Notes",
      initialState: NotesState(),
      reducer: NotesReducer(),
      inputs: inputs,
      delivery: { input in
        if case .search = input { return .latest(key: "search") }
        return .intent
      },
      withDependencies: {
        $0.notesStorage = storage
        $0.notesAutosaveDelay = autosaveDelay
        $0.clock = clock
      },
      view: { NotesView(store: $0) },
      isolation: isolation)
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

/// What a host may tell the notes feature.
///
/// `Sendable` plain value.
public enum NotesInput: Sendable, Equatable {
  /// Save now, without waiting for the autosave.
  case save
  /// Filter the list by this text (a projection: only the latest waiting one is delivered).
  case search(String)
}

/// What the notes feature tells its host: never one output per keystroke.
///
/// `Sendable` plain value.
public enum NotesOutput: Sendable, Equatable {
  /// The number of notes is now this.
  case noteCountChanged(Int)
  /// The notes were saved; this many notes are on disk.
  case saved(noteCount: Int)
  /// Loading or saving failed; one line naming the file and the problem.
  case storageError(String)
  /// The feature stopped with changes it could not save; they were written to this recovery
  /// file, which the next start offers back. A host should tell its user where.
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
