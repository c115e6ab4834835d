import Foundation
import StoreKernel
import StoreKernelTesting
import Testing

@Suite struct StackStateTests {
  /// Runs `body` with a generator of its own, so the ids it hands out start at 0.
  private func withOwnIDs<Result>(_ body: () -> Result) async -> Result {
    withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      body()
    }
  }

  @Test func appendHandsOutTheGeneratorsIDsInOrder() async {
    let stack = await withOwnIDs {
      var stack = StackState<String>()
      stack.append("a")
      stack.append("b")
      stack.removeLast()
      stack.append("c")
      return stack
    }
    #expect(stack.ids == [0, 2])
    #expect(Array(stack) == ["a", "c"])
  }

  @Test func anIDAlreadyInTheStackIsNeverHandedOutAgain() async {
    let stack = await withOwnIDs {
      var stack = StackState<String>()
      stack.append("a")  // 0
      return stack
    }
    // Another generator, that starts at 0 again (a stack built outside the store that uses it).
    let grown = await withOwnIDs {
      var grown = stack
      grown.append("b")
      return grown
    }
    #expect(grown.ids == [0, 1])
  }

  @Test func subscriptByIDReadsChangesAndRemoves() async {
    var stack = await withOwnIDs { StackState(["a", "b", "c"]) }
    #expect(stack[id: 1] == "b")
    #expect(stack[id: 7] == nil)
    stack[id: 1]? += "!"
    #expect(Array(stack) == ["a", "b!", "c"])
    stack[id: 1] = nil
    #expect(stack.ids == [0, 2])
  }

  @Test func inATestSettingAnAbsentIDAppendsItThere() async {
    var stack = await withOwnIDs { StackState(["a"]) }
    stack[id: 5] = "f"
    #expect(stack.ids == [0, 5])
    #expect(stack.last == "f")
  }

  @Test func popFromAndPopTo() async {
    var stack = await withOwnIDs { StackState(["a", "b", "c", "d"]) }
    stack.pop(to: 1)
    #expect(stack.ids == [0, 1])
    stack.pop(from: 1)
    #expect(stack.ids == [0])
    stack.pop(from: 9)
    #expect(stack.ids == [0])
    #expect(stack.popLast() == "a")
    #expect(stack.popLast() == nil)
  }

  @Test func equalityComparesIDsAndElements() async {
    let (a, b) = await withOwnIDs { (StackState(["x"]), StackState(["x"])) }
    #expect(a != b)  // the same element under ids 0 and 1
    var c = a
    c[id: 0] = "x"
    #expect(a == c)
    #expect(Set([a, c]).count == 1)
  }

  @Test func codableAsTheElements() async throws {
    let stack = await withOwnIDs { StackState(["a", "b"]) }
    let data = try JSONEncoder().encode(stack)
    #expect(String(decoding: data, as: UTF8.self) == #"["a","b"]"#)
    let decoded = try withDependencies {
      $0.stackElementID = StackElementIDGenerator(first: 10)
    } operation: {
      try JSONDecoder().decode(StackState<String>.self, from: data)
    }
    #expect(decoded.ids == [10, 11])
    #expect(Array(decoded) == ["a", "b"])
  }

  @Test func theCaseSubscriptChangesOneCaseOfAnElement() async {
    enum Screen: Equatable {
      case detail(String)
      case list
    }
    let detailPath = CasePath<Screen, String>(
      embed: Screen.detail, extract: { if case .detail(let title) = $0 { title } else { nil } })
    var stack = await withOwnIDs { StackState<Screen>([.list, .detail("a")]) }
    stack[id: 1, case: detailPath]? += "b"
    #expect(stack[id: 1] == .detail("ab"))
    TestIssues.install()
    withKnownIssue {
      stack[id: 0, case: detailPath]? += "b"
    } matching: { issue in
      issue.message.contains("was changed through a case it is not in")
    }
    #expect(stack[id: 0] == .list)
  }

  @Test func descriptionsShowTheIDs() async {
    let stack = await withOwnIDs { StackState(["a"]) }
    #expect("\(stack)" == #"["a"]"#)
    #expect(String(reflecting: stack) == #"StackState<String>([#0: "a"])"#)
  }
}
