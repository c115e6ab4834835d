import Foundation
import StoreKernel

// The examples in the doc comments of DependencyKey, Dependency, DependencyValues and
// Effect.run, and of the Dependencies article: drafts kept by a storage dependency.

struct DraftStorage: Sendable {
  var load: @Sendable () async throws -> [String]
  var save: @Sendable ([String]) async throws -> Void
}
enum DraftStorageKey: DependencyKey {
  static let liveValue = DraftStorage.directory("/var/lib/drafts")
  static let testValue = DraftStorage.inMemory()
}
extension DependencyValues {
  var drafts: DraftStorage {
    get { self[DraftStorageKey.self] }
    set { self[DraftStorageKey.self] = newValue }
  }
}

extension DraftStorage {
  /// Drafts kept in memory: a test's, or a preview's.
  ///
  /// - Parameter drafts: The drafts to start with.
  /// - Returns: The storage.
  static func inMemory(_ drafts: [String] = []) -> DraftStorage {
    let kept = Kept(drafts)
    return DraftStorage(load: { kept.drafts }, save: { kept.drafts = $0 })
  }

  /// Drafts kept in `drafts.txt` in a directory, one a line.
  ///
  /// - Parameter path: The directory.
  /// - Returns: The storage.
  static func directory(_ path: String) -> DraftStorage {
    let file = URL(fileURLWithPath: path).appendingPathComponent("drafts.txt")
    return DraftStorage(
      load: {
        let text = try String(contentsOf: file, encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
      },
      save: { drafts in
        try Data(drafts.joined(separator: "\n").utf8).write(to: file, options: .atomic)
      })
  }
}

/// The in-memory storage's drafts, behind a lock.
private final class Kept: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var value: [String]
  // SAFETY: `value` is read and written only while `lock` is held.

  init(_ drafts: [String]) { value = drafts }

  var drafts: [String] {
    get { lock.withLock { value } }
    set { lock.withLock { value = newValue } }
  }
}

/// Loads the drafts and shows them, or says why it could not.
struct Drafts: Reducer {
  struct State: Equatable, Sendable {
    var drafts: [String] = []
    var error: String?
  }
  enum Action: Equatable, Sendable {
    enum Internal: Equatable, Sendable {
      case loaded([String])
      case loadFailed(String)
    }
    case loadTapped
    case `internal`(Internal)
  }

  @Dependency(\.drafts) var storage

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .loadTapped:
      return .run { send in
        let drafts = try await storage.load()
        await send(.internal(.loaded(drafts)))
      } catch: { error, send in
        await send(.internal(.loadFailed("\(error)")))
      }
    case .internal(.loaded(let drafts)):
      state.drafts = drafts
      state.error = nil
      return .none
    case .internal(.loadFailed(let message)):
      state.error = message
      return .none
    }
  }
}

/// A store of drafts with its dependencies chosen by its creator.
@MainActor func makeDraftsStore() -> Store<Drafts.State, Drafts.Action> {
  let store = Store(initialState: Drafts.State(), reducer: Drafts()) {
    $0.drafts = .inMemory()
    $0.clock = ContinuousClock()
  }
  return store
}

/// The drafts, read outside a reducer.
func loadDrafts() async throws -> [String] {
  @Dependency(\.drafts) var storage
  let drafts = try await storage.load()
  return drafts
}
