import SharedFileStorage
import StoreKernel

// The examples in the doc comments of Shared, SharedKey, the file strategy, StateDiff,
// and unimplemented.

struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared var count: Int
  }
  enum Action { case incrementTapped }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.$count.withLock { $0 += 1 }
    return .none
  }
}

struct SignUp: Equatable, Sendable {
  var email = ""
}

struct Todo: Identifiable, Equatable, Sendable {
  let id: Int
  var isDone = false
}

struct Favorites {
  @Shared var favorites: Set<Int>
}

func sharedExamples(_ state: inout Favorites, shared: Shared<Set<Int>>) async {
  state.$favorites.withLock { _ = $0.insert(7) }
  for await favorites in shared.values() {
    print(favorites)
  }
}

struct SignUpForm {
  @Shared var signUp: SignUp
  @Shared var todos: [Todo]

  func derivedExamples(id: Int) -> Shared<String> {
    if let todo = $todos[id: id] {
      todo.withLock { $0.isDone = true }
    }
    let email: Shared<String> = $signUp.email
    return email
  }
}

func streamingExample() -> Shared<Set<Int>> {
  let favorites = Shared<Set<Int>>(value: [])
  return favorites
}

func inMemoryExample() -> Int {
  @Shared(.inMemory("count")) var count = 0
  return count
}

func fileExample() -> Set<Int> {
  @Shared(.fileStorage("/var/lib/app/favorites.json")) var favorites: Set<Int> = []
  return favorites
}

func diffExample() -> [String] {
  let lines = StateDiff.lines(from: ["a": 1], to: ["a": 2])
  // ["[\"a\"]: 1 → 2"]
  return lines
}

struct DraftClient: Sendable {
  var load: @Sendable () async throws -> [String]
  var count: @Sendable () -> Int
}
extension DraftClient {
  static let testValue = DraftClient(
    load: unimplemented("DraftClient.load"),
    count: unimplemented("DraftClient.count", placeholder: 0))
}

// The examples in the doc comments of the unwrapping initializers and SharedKeyDefault.

struct EditorState: Equatable, Sendable {
  var draft: String?
}

struct SyncUpRow: Identifiable, Equatable, Sendable {
  let id: Int
}

struct UnwrappingExamples {
  @Shared var editor: EditorState
  @Shared var syncUps: [SyncUpRow]

  func unwrap(id: Int) -> Effect<Int> {
    if let draft = Shared($editor.draft) {  // $editor.draft: Shared<String?>
      draft.withLock { $0 += "!" }
    }
    guard let syncUp = Shared($syncUps[id: id]) else { return .none }
    return .send(syncUp.wrappedValue.id)
  }
}

extension SharedKey where Self == InMemoryKey<[String]>.Default {
  static var recentSearches: Self {
    Self[.inMemory("recentSearches"), default: []]
  }
}

struct Search {
  @Shared(.recentSearches) var recentSearches
}

func keyDefaultExample() -> [String] {
  Search().recentSearches
}
