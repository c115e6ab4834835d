import Foundation
import StoreKernel
import Testing

struct Todo: Equatable, Hashable, Identifiable, Codable, Sendable {
  var id: Int
  var title = ""
  var isDone = false
}

@Suite struct IdentifiedArrayTests {
  @Test func subscriptByIDReadsChangesAndRemoves() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2, title: "b")]
    #expect(todos[id: 2]?.title == "b")
    #expect(todos[id: 3] == nil)
    todos[id: 2]?.isDone = true
    #expect(todos[1].isDone)
    todos[id: 1] = nil
    #expect(todos.ids == [2])
  }

  @Test func settingAnAbsentIDAppends() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1)]
    todos[id: 9] = Todo(id: 9, title: "new")
    #expect(todos.ids == [1, 9])
    #expect(todos.last?.title == "new")
  }

  @Test func appendAndInsertKeepIDsUnique() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1)]
    let appended = todos.append(Todo(id: 2))
    let notAppended = todos.append(Todo(id: 1, title: "again"))
    let inserted = todos.insert(Todo(id: 0), at: 0)
    let notInserted = todos.insert(Todo(id: 2), at: 0)
    #expect(appended == (true, 1) && notAppended == (false, 0))
    #expect(inserted == (true, 0) && notInserted == (false, 2))
    #expect(todos.ids == [0, 1, 2])
    #expect(todos[id: 1]?.title == "")
  }

  @Test func indexAndRemoveByID() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1), Todo(id: 2), Todo(id: 3)]
    #expect(todos.index(id: 3) == 2)
    let removed = todos.remove(id: 2)
    let removedAgain = todos.remove(id: 2)
    #expect(removed?.id == 2 && removedAgain == nil)
    #expect(todos.index(id: 3) == 1)
    #expect(todos.ids == [1, 3])
  }

  @Test func removeAnElementByItsIDAndBuildWithoutChecking() {
    var todos = IdentifiedArrayOf<Todo>(
      uncheckedUniqueElements: [Todo(id: 1), Todo(id: 2), Todo(id: 1, title: "dropped")])
    #expect(todos.ids == [1, 2])
    #expect(todos[id: 1]?.title == "")
    let removed = todos.remove(Todo(id: 2, title: "any title"))
    #expect(removed == Todo(id: 2))
    #expect(todos.ids == [1])
  }

  @Test func updateOrAppendReplacesInPlace() {
    var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1), Todo(id: 2)]
    let replaced = todos.updateOrAppend(Todo(id: 1, title: "x"))
    let appended = todos.updateOrAppend(Todo(id: 3))
    #expect(replaced == Todo(id: 1) && appended == nil)
    #expect(todos.map(\.title) == ["x", "", ""])
    #expect(todos.ids == [1, 2, 3])
  }

  @Test func initUniqueElementsAndUniquing() {
    let todos = IdentifiedArray(uniqueElements: [Todo(id: 2), Todo(id: 1)])
    #expect(todos.ids == [2, 1])
    let merged = IdentifiedArrayOf<Todo>(
      [Todo(id: 1, title: "a"), Todo(id: 2), Todo(id: 1, title: "b")],
      uniquingIDsWith: { kept, new in Todo(id: kept.id, title: kept.title + new.title) })
    #expect(merged.ids == [1, 2])
    #expect(merged[id: 1]?.title == "ab")
  }

  @Test func aKeyPathIdentifiesElementsThatAreNotIdentifiable() {
    var numbers = IdentifiedArray(uniqueElements: ["one", "three"], id: \String.count)
    #expect(numbers[id: 5] == "three")
    let appended = numbers.append("two")
    #expect(!appended.inserted)
    numbers[id: 4] = "four"
    #expect(numbers.elements == ["one", "three", "four"])
  }

  @Test func equalityAndHashingAreTheElementsInOrder() {
    let a: IdentifiedArrayOf<Todo> = [Todo(id: 1), Todo(id: 2)]
    let b: IdentifiedArrayOf<Todo> = [Todo(id: 2), Todo(id: 1)]
    #expect(a != b)
    #expect(a == IdentifiedArray(uniqueElements: a.elements))
    #expect(Set([a, a]).count == 1)
  }

  @Test func codableRoundTripAndDuplicateIDsFail() throws {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "a"), Todo(id: 2)]
    let encoded = try JSONEncoder().encode(todos)
    #expect(try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: encoded) == todos)
    let twice = try JSONEncoder().encode(todos.elements + todos.elements)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(IdentifiedArrayOf<Todo>.self, from: twice)
    }
  }

  @Test func descriptionsShowTheElements() {
    let todos: IdentifiedArrayOf<Todo> = [Todo(id: 1)]
    #expect(String(describing: todos) == String(describing: [Todo(id: 1)]))
    #expect(String(reflecting: todos).hasPrefix("IdentifiedArray<Todo>(["))
  }
}
