package import StoreKernel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension DependencyValues {
  /// Where notes are loaded from and saved to.
  package var notesStorage: NotesStorage {
    get { self[NotesStorageKey.self] }
    set { self[NotesStorageKey.self] = newValue }
  }

  /// How long typing must pause before the notes are saved.
  package var notesAutosaveDelay: Duration {
    get { self[NotesAutosaveDelayKey.self] }
    set { self[NotesAutosaveDelayKey.self] = newValue }
  }
}

private enum NotesStorageKey: DependencyKey {
  static var liveValue: NotesStorage {
    NotesStorage.file(
      inDirectory: NotesDataDirectory.resolve(environment: ProcessInfo.processInfo.environment))
  }
  static var testValue: NotesStorage { .inMemory() }
}

private enum NotesAutosaveDelayKey: DependencyKey {
  static let liveValue: Duration = .seconds(1)
  static let testValue: Duration = .seconds(1)
}
