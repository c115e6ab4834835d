import StoreKernel

// The identified array examples: IdentifiedArray's doc comments, IdentifiedAction's and the
// forEach over an identified array, and the Navigation article.

/// A todo of a list.
struct Todo: Equatable, Identifiable, Sendable {
  var id: Int
  var title = ""
  var isDone = false
}

func identifiedArrayBasics() -> IdentifiedArrayOf<Todo> {
  var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
  todos[id: 1]?.isDone = true
  todos.append(Todo(id: 2, title: "Bread"))
  todos.remove(id: 1)
  return todos
}

func changeAndRemoveByID(_ todos: inout IdentifiedArrayOf<Todo>) {
  todos[id: 1]?.isDone = true  // changes one element
  todos[id: 1] = nil  // removes it
}

func emptyTodos() -> IdentifiedArrayOf<Todo> {
  var todos: IdentifiedArrayOf<Todo> = []
  todos.append(Todo(id: 1))
  return todos
}

func moveTheFirstTodo(_ todos: inout IdentifiedArrayOf<Todo>) {
  todos.move(fromOffsets: [0], toOffset: 2)  // [a, b, c] → [b, a, c]
}

/// One todo of the list, as a feature.
struct TodoRow: Reducer {
  enum Action: Equatable, Sendable {
    case toggleTapped
  }

  func reduce(into todo: inout Todo, action: Action) -> Effect<Action> {
    todo.isDone.toggle()
    return .none
  }
}

/// A list of todos, each a feature of its own.
struct TodoList: Reducer {
  struct State: Equatable {
    var todos: IdentifiedArrayOf<Todo> = []
    var nextID = 1
  }

  enum Action: Sendable {
    case todos(IdentifiedActionOf<TodoRow>)
    case addTapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      if case .addTapped = action {
        state.todos.append(Todo(id: state.nextID))
        state.nextID += 1
      }
      return .none
    }
    .forEach(\.todos, action: Action.todos) { TodoRow() }
  }
}

@MainActor func toggle(_ todo: Todo, in store: Store<TodoList.State, TodoList.Action>) {
  store.send(.todos(.element(id: todo.id, action: .toggleTapped)))
}
