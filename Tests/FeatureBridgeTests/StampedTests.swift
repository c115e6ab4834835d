import FeatureBridge
import MultiStorePrimitives
import Observation
import StoreKernel
import Testing

/// A document whose lines are large: marked `@Stamped`, a view store tracks their stamp.
struct DocumentState: Equatable {
  @Stamped var lines: [String] = []
  /// The same lines, not stamped: what a view store must keep and compare to track them.
  var plainLines: [String] = []
  var cursor = 0
}

enum DocumentAction: BoundaryAction {
  enum ViewAction: Sendable {
    case append(String)
    case appendPlain(String)
    case moveCursor
  }

  case input(Never)
  case view(ViewAction)
  case delegate(Never)

  var output: Never? { nil }
}

struct DocumentReducer: Reducer {
  func reduce(into state: inout DocumentState, action: DocumentAction) -> Effect<DocumentAction> {
    switch action {
    case .view(.append(let line)): state.lines.append(line)
    case .view(.appendPlain(let line)): state.plainLines.append(line)
    case .view(.moveCursor): state.cursor += 1
    }
    return .none
  }
}

@MainActor
@Suite struct StampedTests {
  /// Counts the changes Observation reports; set from `onChange`, which may run on any thread.
  final class Changes: Sendable {
    private let count = LockedValue(0)
    var total: Int { count.withLock { $0 } }
    func record() { count.withLock { $0 += 1 } }
  }

  @Test func everyChangeTakesANewStampAndACopyKeepsItsOriginals() {
    var lines = Stamped(wrappedValue: ["a"])
    let copy = lines
    #expect(copy.stamp == lines.stamp)

    lines.wrappedValue.append("b")
    #expect(lines.stamp != copy.stamp)
    let afterAppend = lines.stamp
    lines.wrappedValue = ["a", "b"]
    #expect(lines.stamp != afterAppend)
    #expect(Stamped(wrappedValue: ["a"]).stamp != Stamped(wrappedValue: ["a"]).stamp)
  }

  @Test func equalityIsTheValuesWhateverTheStamps() {
    let first = Stamped(wrappedValue: [1, 2])
    var second = Stamped(wrappedValue: [1])
    #expect(first != second)
    second.wrappedValue.append(2)
    #expect(first == second)
    #expect(first.hashValue == second.hashValue)
    #expect(String(describing: Mirror(reflecting: first).children.map(\.value)) == "[1, 2]")
  }

  @Test func aChangeInPlaceDoesNotCopyTheValue() {
    var lines = Stamped(wrappedValue: [String]())
    lines.wrappedValue.reserveCapacity(16)
    let before = lines.wrappedValue.withUnsafeBufferPointer { $0.baseAddress }
    lines.wrappedValue.append("a")
    #expect(lines.wrappedValue.withUnsafeBufferPointer { $0.baseAddress } == before)
  }

  @Test func aViewReadingAStampedPropertyHearsItsChangesAndOnlyThose() async {
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(name: "Document", initialState: DocumentState(), reducer: DocumentReducer())
    }.start()
    let viewStore = feature.viewStore(
      state: DocumentState.self, viewAction: DocumentAction.ViewAction.self)
    let changes = Changes()
    #expect(
      withObservationTracking {
        viewStore.$lines
      } onChange: {
        changes.record()
      } == [])

    viewStore.send(.moveCursor)
    #expect(changes.total == 0)
    viewStore.send(.append("first"))
    #expect(changes.total == 1)
    #expect(viewStore.$lines == ["first"])
    await feature.stop()
    #expect(viewStore.$lines == ["first"])
  }

  /// What a stamp is for: a tracked read of a plain property keeps the value it saw, so the
  /// store's next change in place copies it; a tracked stamp keeps nothing alive.
  @Test func aTrackedStampKeepsNoCopyThatAChangeInPlaceWouldCopy() async {
    // Made in a closure, so that nothing but the store holds the lines.
    let feature = FeatureLauncher { (_: Void) in
      FeatureRecipe(
        name: "Document",
        initialState: {
          var initial = DocumentState()
          initial.lines.reserveCapacity(64)
          initial.plainLines.reserveCapacity(64)
          return initial
        }(), reducer: DocumentReducer())
    }.start()
    let viewStore = feature.viewStore(
      state: DocumentState.self, viewAction: DocumentAction.ViewAction.self)
    func stampedBuffer() -> UnsafePointer<String>? {
      viewStore.peek(\.lines).withUnsafeBufferPointer { $0.baseAddress }
    }
    func plainBuffer() -> UnsafePointer<String>? {
      viewStore.peek(\.plainLines).withUnsafeBufferPointer { $0.baseAddress }
    }
    _ = viewStore.$lines
    _ = viewStore.plainLines
    let stampedBefore = stampedBuffer()
    let plainBefore = plainBuffer()

    viewStore.send(.append("a"))
    viewStore.send(.appendPlain("a"))

    #expect(stampedBuffer() == stampedBefore)
    #expect(plainBuffer() != plainBefore)
    await feature.stop()
  }
}
