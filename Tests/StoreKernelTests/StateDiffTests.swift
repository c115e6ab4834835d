import StoreKernel
import Testing

private struct Note: Equatable {
  var title: String
  var tags: [String]
}

private struct Row: Equatable, Identifiable {
  let id: Int
  var title: String
}

private struct Board: Equatable {
  enum Mode: Equatable {
    case browsing
    case editing(draft: String)
  }

  var notes: [Note]
  var selected: Int?
  var mode: Mode
  var counts: [String: Int]
  var flags: Set<String>
}

@Suite struct StateDiffTests {
  fileprivate let board = Board(
    notes: [Note(title: "a", tags: []), Note(title: "b", tags: ["x"])], selected: nil,
    mode: .browsing, counts: ["a": 1], flags: ["on"])

  @Test func identicalValuesHaveNoDiff() {
    #expect(StateDiff.lines(from: board, to: board).isEmpty)
  }

  @Test func aChangedFieldIsOneLineNamingItsPath() {
    let lines = StateDiff.lines(
      from: Note(title: "old", tags: []), to: Note(title: "new", tags: []))
    #expect(lines == [#"title: "old" → "new""#])
  }

  @Test func aChangeInsideAnArrayNamesTheElement() {
    var changed = board
    changed.notes[1].title = "B"
    changed.notes[1].tags.append("y")
    #expect(
      StateDiff.lines(from: board, to: changed) == [
        #"notes[1].title: "b" → "B""#, #"notes[1].tags[1]: (added) → "y""#,
      ])
  }

  @Test func removedElementsOptionalsEnumsDictionariesAndSetsEachShowTheirPath() {
    var changed = board
    changed.notes.removeLast()
    changed.selected = 0
    changed.mode = .editing(draft: "x")
    changed.counts["a"] = 2
    changed.counts["b"] = 1
    changed.flags = ["off", "on"]
    #expect(
      StateDiff.lines(from: board, to: changed) == [
        "notes[1]: \(String(reflecting: board.notes[1])) → (removed)",
        "selected: nil → Optional(0)",
        "mode: \(String(reflecting: Board.Mode.browsing)) → "
          + String(reflecting: Board.Mode.editing(draft: "x")),
        #"counts["a"]: 1 → 2"#,
        #"counts["b"]: (added) → 1"#,
        #"flags: ["on"] → ["off", "on"]"#,
      ])
  }

  @Test func aChangeInsideTheSameEnumCaseNamesTheCase() {
    var before = board
    before.mode = .editing(draft: "a")
    var after = board
    after.mode = .editing(draft: "ab")
    #expect(StateDiff.lines(from: before, to: after) == [#"mode.editing.draft: "a" → "ab""#])
  }

  @Test func removingTheFirstElementIsOneRemovalNotAChangeOfEveryLaterElement() {
    let lines = StateDiff.lines(from: ["a", "b", "c", "d"], to: ["b", "c", "d"])
    #expect(lines == [#"[0]: "a" → (removed)"#])
  }

  @Test func anInsertionInTheMiddleIsOneAddition() {
    var changed = board
    changed.notes.insert(Note(title: "new", tags: []), at: 1)
    #expect(
      StateDiff.lines(from: board, to: changed) == [
        "notes[1]: (added) → \(String(reflecting: changed.notes[1]))"
      ])
  }

  @Test func identifiedElementsAreMatchedByID() {
    let before = [Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c")]
    let after = [Row(id: 2, title: "b"), Row(id: 3, title: "C"), Row(id: 4, title: "d")]
    #expect(
      StateDiff.lines(from: before, to: after) == [
        "[id: 1]: \(String(reflecting: before[0])) → (removed)",
        #"[id: 3].title: "c" → "C""#,
        "[id: 4]: (added) → \(String(reflecting: after[2]))",
      ])
  }

  @Test func identifiedElementsThatOnlyMovedShowTheNewOrder() {
    let before = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    #expect(
      StateDiff.lines(from: before, to: before.reversed())
        == ["value (order of ids): [1, 2] → [2, 1]"])
  }

  @Test func longValuesAreCutAndNewlinesShownEscaped() {
    let long = String(repeating: "x", count: 500)
    let lines = StateDiff.lines(from: "one\ntwo", to: long)
    #expect(lines.count == 1)
    #expect(lines[0].hasPrefix(#"value: "one\ntwo" → "xxx"#))
    #expect(lines[0].hasSuffix("…"))
  }

  @Test func anIdentifiedArrayIsMatchedByID() {
    let before: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 2, title: "b")]
    var after = before
    after[id: 2]?.title = "B"
    after.remove(id: 1)
    #expect(
      StateDiff.lines(from: Screen(rows: before), to: Screen(rows: after)) == [
        "rows[id: 1]: \(String(reflecting: before[0])) → (removed)",
        #"rows[id: 2].title: "b" → "B""#,
      ])
  }

  @Test func aStackIsMatchedByElementIDAndAPresentedChildByItsName() {
    var before = Screen()
    before.path.append(Row(id: 7, title: "a"))
    before.path.append(Row(id: 8, title: "b"))
    var after = before
    after.path.removeLast()
    after.path[id: before.path.ids[0]]?.title = "A"
    after.editor = Row(id: 1, title: "new")
    let first = before.path.ids[0]
    let second = before.path.ids[1]
    #expect(
      StateDiff.lines(from: before, to: after) == [
        "path[id: \(second)]: \(String(reflecting: before.path[1])) → (removed)",
        #"path[id: \#(first)].title: "a" → "A""#,
        "editor: nil → \(String(reflecting: Optional(Row(id: 1, title: "new"))))",
      ])
  }
}

private struct Screen: Equatable {
  var rows: IdentifiedArrayOf<Row> = []
  var path = StackState<Row>()
  @PresentationState var editor: Row?
}
