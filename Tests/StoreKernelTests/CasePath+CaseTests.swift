import StoreKernel
import Testing

private enum Row: Equatable, Sendable {
  case rename(String)
  case toggle
}

private enum Screen: Equatable, Sendable {
  case row(Row)
  case other(Row)
  case element(id: Int, action: Row)
  case title(String)
  case reload
}

/// A path made from the case alone: the constructor is the path, its extract found by
/// reflection.
@Suite struct CasePathCaseTests {
  @Test func theExtractMatchesOnlyItsOwnCaseEvenAmongCasesOfTheSamePayload() {
    let row = CasePath(Screen.row)
    #expect(row.extract(.row(.toggle)) == .toggle)
    #expect(row.extract(.other(.toggle)) == nil)
    #expect(row.extract(.title("x")) == nil)
    #expect(row.extract(.reload) == nil)
    #expect(row.embed(.rename("a")) == .row(.rename("a")))
  }

  @Test func aCaseOfSeveralValuesIsAPathToTheirTuple() {
    let element = CasePath(Screen.element)
    let payload = element.extract(.element(id: 7, action: .toggle))
    #expect(payload?.0 == 7)
    #expect(payload?.1 == .toggle)
    #expect(element.extract(.row(.toggle)) == nil)
  }

  @Test func pathsAppendCaseByCase() {
    let rename = CasePath(Screen.row).appending(Row.rename)
    #expect(rename.extract(.row(.rename("milk"))) == "milk")
    #expect(rename.extract(.row(.toggle)) == nil)
    #expect(rename.extract(.other(.rename("milk"))) == nil)
    #expect(rename.embed("eggs") == .row(.rename("eggs")))
  }

  @Test func aScopeTakesTheCaseItself() {
    struct Titles: Reducer {
      func reduce(into state: inout [String], action: Row) -> Effect<Row> {
        if case .rename(let title) = action { state.append(title) }
        return .none
      }
    }
    let scope = Scope(state: \Holder.titles, action: Screen.row) { Titles() }
    var state = Holder()
    _ = scope.reduce(into: &state, action: .row(.rename("a")))
    _ = scope.reduce(into: &state, action: .other(.rename("b")))
    _ = scope.reduce(into: &state, action: .title("c"))
    #expect(state.titles == ["a"])
  }

  @Test func ifLetAndForEachTakeTheCaseItself() {
    var state = Rows.State(selected: 0)
    _ = Rows().reduce(into: &state, action: .selected(.toggle))
    _ = Rows().reduce(into: &state, action: .items(.element(id: 2, action: .toggle)))
    _ = Rows().reduce(into: &state, action: .reload)
    #expect(state.selected == 1)
    #expect(state.items[id: 1]?.count == 0)
    #expect(state.items[id: 2]?.count == 1)
  }
}

private struct Count: Reducer {
  func reduce(into state: inout Int, action: Row) -> Effect<Row> {
    state += 1
    return .none
  }
}

private struct Item: Identifiable, Equatable {
  var id: Int
  var count = 0
}

private struct CountItem: Reducer {
  func reduce(into state: inout Item, action: Row) -> Effect<Row> {
    state.count += 1
    return .none
  }
}

private struct Rows: Reducer {
  struct State: Equatable {
    var selected: Int?
    var items: IdentifiedArrayOf<Item> = [Item(id: 1), Item(id: 2)]
  }

  enum Action: Sendable {
    case selected(Row)
    case items(IdentifiedAction<Int, Row>)
    case reload
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    Reduce<State, Action> { _, _ in .none }
      .ifLet(\.selected, action: Action.selected) { Count() }
      .forEach(\.items, action: Action.items) { CountItem() }
      .reduce(into: &state, action: action)
  }
}

private struct Holder: Equatable {
  var titles: [String] = []
}
