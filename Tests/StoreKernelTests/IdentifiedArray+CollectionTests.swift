import StoreKernel
import Testing

@Suite struct IdentifiedArrayCollectionTests {
  private let abc: IdentifiedArrayOf<Todo> = [
    Todo(id: 1, title: "a"), Todo(id: 2, title: "b"), Todo(id: 3, title: "c"),
  ]

  @Test func moveFollowsSwiftUIsOnMove() {
    var todos = abc
    todos.move(fromOffsets: [0], toOffset: 2)
    #expect(todos.ids == [2, 1, 3])
    todos = abc
    todos.move(fromOffsets: [2], toOffset: 0)
    #expect(todos.ids == [3, 1, 2])
    todos = abc
    todos.move(fromOffsets: [0, 2], toOffset: 1)
    #expect(todos.ids == [1, 3, 2])
    #expect(todos[id: 3]?.title == "c")
  }

  @Test func removeAtOffsets() {
    var todos = abc
    todos.remove(atOffsets: [0, 2])
    #expect(todos.ids == [2])
    #expect(todos[id: 1] == nil)
  }

  @Test func rangeReplacingKeepsIDsUnique() {
    var todos = abc
    todos.replaceSubrange(0..<1, with: [Todo(id: 9), Todo(id: 3, title: "C")])
    #expect(todos.ids == [9, 2, 3])
    #expect(todos[id: 3]?.title == "C")
    todos.removeSubrange(0..<2)
    #expect(todos.ids == [3])
    todos.append(contentsOf: [Todo(id: 4), Todo(id: 3)])
    #expect(todos.ids == [3, 4])
  }

  @Test func removalsFromTheEnds() {
    var todos = abc
    let last = todos.removeLast()
    let popped = todos.popLast()
    let first = todos.remove(at: 0)
    let none = todos.popLast()
    #expect(last.id == 3 && popped?.id == 2 && first.id == 1 && none == nil)
    #expect(todos.isEmpty)
  }

  @Test func settingAPositionToAnElementWithAnotherIDSwapsOrReplaces() {
    var todos = abc
    todos[0] = Todo(id: 3, title: "C")  // 3 is at 2: the two swap, then 3 is replaced
    #expect(todos.ids == [3, 2, 1])
    #expect(todos[id: 3]?.title == "C")
    todos[1] = Todo(id: 7)  // 7 is new: replaces 2
    #expect(todos.ids == [3, 7, 1])
    #expect(todos[id: 2] == nil)
    #expect(todos.count == 3)
  }

  @Test func sortingMovesElementsWithTheirIDs() {
    var todos = abc
    todos.sort { $0.title > $1.title }
    #expect(todos.ids == [3, 2, 1])
    #expect(todos[id: 1]?.title == "a")
    #expect(todos.index(id: 1) == 2)
  }

  @Test func filterAndRemoveAllWhere() {
    var todos = abc
    #expect(todos.filter { $0.id != 2 }.ids == [1, 3])
    todos.removeAll { $0.id == 1 }
    #expect(todos.ids == [2, 3])
    #expect(todos[id: 3]?.title == "c")
  }
}
