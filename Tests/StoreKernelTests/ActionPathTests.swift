import StoreKernel
import Testing

private enum Leaf: Equatable, Sendable {
  case tapped
}

private enum Middle: Equatable, Sendable {
  case leaf(Leaf)
  case other

  static let leafPath = ActionPath<Middle, Leaf>(
    embed: Middle.leaf,
    extract: { if case .leaf(let leaf) = $0 { leaf } else { nil } })
}

private enum Root: Equatable, Sendable {
  case middle(Middle)
  case other

  static let middlePath = ActionPath<Root, Middle>(
    embed: Root.middle,
    extract: { if case .middle(let middle) = $0 { middle } else { nil } })
}

@Suite struct ActionPathTests {
  @Test func embedWrapsTheChildValue() {
    #expect(Middle.leafPath.embed(.tapped) == .leaf(.tapped))
  }

  @Test func extractReturnsTheChildOfTheMatchingCaseOnly() {
    #expect(Middle.leafPath.extract(.leaf(.tapped)) == .tapped)
    #expect(Middle.leafPath.extract(.other) == nil)
  }

  @Test func appendingEmbedsThroughBothLevels() {
    let path = Root.middlePath.appending(Middle.leafPath)
    #expect(path.embed(.tapped) == .middle(.leaf(.tapped)))
  }

  @Test func appendingExtractsThroughBothLevels() {
    let path = Root.middlePath.appending(Middle.leafPath)
    #expect(path.extract(.middle(.leaf(.tapped))) == .tapped)
    #expect(path.extract(.middle(.other)) == nil)
    #expect(path.extract(.other) == nil)
  }
}
