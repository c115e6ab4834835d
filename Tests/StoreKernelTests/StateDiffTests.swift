import StoreKernel
import Testing

private struct Note: Equatable {
  var title: String
  var tags: [String]
}

@Suite struct StateDiffTests {
  @Test func identicalValuesHaveNoDiff() {
    let note = Note(title: "a", tags: ["x"])
    #expect(StateDiff.lines(from: note, to: note).isEmpty)
  }

  @Test func aChangedFieldShowsAsARemovedAndAnAddedLine() {
    let lines = StateDiff.lines(
      from: Note(title: "old", tags: []), to: Note(title: "new", tags: []))
    #expect(lines == ["- title: \"old\"", "+ title: \"new\""])
  }

  @Test func unchangedLinesAreLeftOut() {
    let lines = StateDiff.lines(
      from: Note(title: "same", tags: ["a", "b"]), to: Note(title: "same", tags: ["a", "c"]))
    #expect(lines == ["- \"b\"", "+ \"c\""])
  }

  @Test func diffOfLineListsUsesALongestCommonSubsequence() {
    #expect(StateDiff.diff(["a", "b", "c"], ["a", "c", "d"]) == ["- b", "+ d"])
    #expect(StateDiff.diff([], ["a"]) == ["+ a"])
    #expect(StateDiff.diff(["a"], []) == ["- a"])
  }

  @Test func dumpLinesSplitsTheDumpIntoLines() {
    let lines = StateDiff.dumpLines(Note(title: "t", tags: []))
    #expect(lines.count == 3)
    #expect(lines.first?.hasSuffix("Note") == true)
  }
}
