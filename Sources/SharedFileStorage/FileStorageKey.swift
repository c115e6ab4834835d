public import StoreKernel

extension SharedKey {
  /// A value kept in the file at `path`, as JSON: loaded once when the first holder makes it
  /// (on a thread of the storage's own, never on the store's actor), saved after changes (a
  /// burst of changes is one write, at most `saveDelay` later) and by `save()`. The file follows
  /// the rules of every file the app keeps (docs/decisions/0009-one-writer-and-nothing-lost.md):
  /// atomic writes, one writer per file (a second one reads it and saves nothing), and a file
  /// that cannot be decoded is kept aside and reported (``Shared/loadError``), never written
  /// over; the value then starts from its default.
  ///
  /// In a test the value is kept in memory unless the test asks for the disk
  /// (`$0.sharedFileStorage = .disk`): tests never touch files by accident.
  ///
  /// ```swift
  /// @Shared(.fileStorage("/var/lib/app/favorites.json")) var favorites: Set<Int> = []
  /// ```
  ///
  /// - Parameters:
  ///   - path: The file; its directory must exist.
  ///   - saveDelay: How long a change may wait for the changes that follow it, so a burst is
  ///     one write.
  /// - Returns: The key.
  public static func fileStorage<Kept: Codable & Sendable>(
    _ path: String, saveDelay: Duration = .milliseconds(100)
  ) -> Self where Self == FileStorageKey<Kept> {
    FileStorageKey(path: path, coding: .json, saveDelay: saveDelay)
  }

  /// A value kept in the file at `path`, written and read by `coding`; see
  /// ``SharedKey/fileStorage(_:saveDelay:)``.
  ///
  /// - Parameters:
  ///   - path: The file; its directory must exist.
  ///   - coding: How the value becomes bytes and back.
  ///   - saveDelay: How long a change may wait for the changes that follow it.
  /// - Returns: The key.
  public static func fileStorage<Kept>(
    _ path: String, coding: SharedFileCoding<Kept>, saveDelay: Duration = .milliseconds(100)
  ) -> Self where Self == FileStorageKey<Kept> {
    FileStorageKey(path: path, coding: coding, saveDelay: saveDelay)
  }
}

/// A shared value kept in a file; see ``StoreKernel/SharedKey/fileStorage(_:saveDelay:)``.
///
/// `Sendable` plain value.
public struct FileStorageKey<Value: Sendable>: SharedKey {
  /// The file.
  public let path: String
  let coding: SharedFileCoding<Value>
  let saveDelay: Duration

  /// `file:` and the path.
  public var id: String { "file:" + path }

  /// Starts keeping the value in the file, or in memory in a test that did not ask for the
  /// disk.
  ///
  /// - Parameter context: The value.
  /// - Returns: The storage, or `nil` in memory.
  public func makeStorage(for context: SharedKeyContext<Value>) -> (any SharedKeyStorage<Value>)? {
    guard DependencyValues.current.sharedFileStorage == .disk else { return nil }
    return FileStorage(path: path, coding: coding, saveDelay: saveDelay, context: context)
  }
}

/// Where values kept with ``StoreKernel/SharedKey/fileStorage(_:saveDelay:)`` go.
///
/// `Sendable` plain value.
public enum SharedFileStorageMode: Sendable, Equatable {
  /// In their files.
  case disk
  /// In memory only: nothing is read or written (a test's default).
  case inMemory
}

extension DependencyValues {
  /// Where values kept in files go. Live: `.disk`. Tests: `.inMemory`, unless a test sets
  /// `.disk`.
  public var sharedFileStorage: SharedFileStorageMode {
    get { self[SharedFileStorageModeKey.self] }
    set { self[SharedFileStorageModeKey.self] = newValue }
  }
}

private enum SharedFileStorageModeKey: DependencyKey {
  static let liveValue = SharedFileStorageMode.disk
  static let testValue = SharedFileStorageMode.inMemory
}
