import Testing

@testable import StoreKernel

/// The bookkeeping a stack's forEach uses to find the elements that left, without comparing
/// the whole stack on every push and pop.
@Suite struct StackMountsTests {
  /// A stack of `count` elements with ids 0..<count, reconciled once (as after a forEach ran).
  private func mountedStack(_ count: Int) async -> StackState<Int> {
    var stack = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      StackState(0..<count)
    }
    var snapshot = stack.mountSnapshot
    _ = stack.reconcileMounts(after: &snapshot, extra: nil)
    return stack
  }

  /// What the forEach does around the parent: snapshot, change, reconcile.
  private func removed(
    from stack: inout StackState<Int>, by change: (inout StackState<Int>) -> Void
  ) -> Set<StackElementID> {
    var snapshot = stack.mountSnapshot
    change(&stack)
    return Set(stack.reconcileMounts(after: &snapshot, extra: nil).gone)
  }

  @Test func eachWayOfRemovingIsFound() async {
    let changes: [(String, (inout StackState<Int>) -> Void, Set<StackElementID>)] = [
      ("removeLast", { _ = $0.removeLast() }, [4]),
      ("popLast", { _ = $0.popLast() }, [4]),
      ("pop(from:)", { $0.pop(from: 2) }, [2, 3, 4]),
      ("pop(to:)", { $0.pop(to: 2) }, [3, 4]),
      ("remove(at:)", { _ = $0.remove(at: 1) }, [1]),
      ("subscript(id:) = nil", { $0[id: 3] = nil }, [3]),
      ("removeAll", { $0.removeAll() }, [0, 1, 2, 3, 4]),
      ("removeFirst", { $0.removeFirst() }, [0]),
      ("replaceSubrange", { $0.replaceSubrange(1..<3, with: [7]) }, [1, 2]),
      ("a new stack", { $0 = StackState() }, [0, 1, 2, 3, 4]),
      ("a push", { $0.append(9) }, []),
    ]
    for (name, change, expected) in changes {
      var stack = await mountedStack(5)
      let gone = removed(from: &stack, by: change)
      #expect(gone == expected, "\(name)")
    }
  }

  @Test func anOldCopyPutBackIsComparedInFull() async {
    var stack = await mountedStack(2)
    let old = stack
    _ = removed(from: &stack) { $0.append(2) }  // mounts id 5000-something
    let pushed = stack.ids.last!
    let gone = removed(from: &stack) { $0 = old }
    #expect(gone == [pushed])
  }

  @Test func changesMadeBetweenRunsAreFoundAtTheNextRun() async {
    var stack = await mountedStack(3)
    stack.removeLast()  // by another reducer, outside the forEach
    let gone = removed(from: &stack) { _ in }
    #expect(gone == [2])
  }

  @Test func aLongJournalFallsBackToAFullComparison() async {
    var stack = await mountedStack(200)
    let gone = removed(from: &stack) { stack in
      for _ in 0..<150 { stack.removeLast() }
    }
    #expect(gone.count == 150)
    #expect(gone.allSatisfy { $0.generation >= 50 })
  }

  @Test func theElementThatRanIsCancelledIfItLeftEvenIfNeverMounted() async {
    var stack = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      StackState([1, 2])
    }
    var snapshot = stack.mountSnapshot
    stack = StackState()  // replaced before any reconcile
    #expect(stack.reconcileMounts(after: &snapshot, extra: 1).gone == [1])
  }

  /// What arrived since the last reconcile, as the forEach that presents a feature per element
  /// sees it.
  private func arrived(
    in stack: inout StackState<Int>, by change: (inout StackState<Int>) -> Void
  ) -> [StackElementID] {
    var snapshot = stack.mountSnapshot
    change(&stack)
    return stack.reconcileMounts(after: &snapshot, extra: nil).arrived
  }

  @Test func pushesArriveInOrderAndOnlyOnce() async {
    var stack = await mountedStack(3)
    let pushed = arrived(in: &stack) { stack in
      stack.append(7)
      stack.append(8)
    }
    #expect(pushed == Array(stack.ids.suffix(2)))
    #expect(arrived(in: &stack) { _ in }.isEmpty)
    #expect(arrived(in: &stack) { $0.removeLast() }.isEmpty)
  }

  @Test func aPushThatLeftBeforeTheReconcileNeverArrives() async {
    var stack = await mountedStack(3)
    #expect(
      arrived(in: &stack) {
        $0.append(7); $0.removeLast()
      }.isEmpty)
  }

  @Test func aReplacedStackArrivesWhereItIsNew() async {
    var stack = await mountedStack(3)
    let kept = stack.ids[0]
    let replacement = withDependencies {
      $0.stackElementID = StackElementIDGenerator()
    } operation: {
      StackState([5, 6])
    }
    let pushed = arrived(in: &stack) { $0 = replacement }
    // The replacement's ids 0 and 1 were mounted already (the stack's 0 and 1): only what is
    // new arrives.
    #expect(pushed == [])
    #expect(stack.ids.contains(kept))
    var grown = stack
    grown.append(9)
    let after = arrived(in: &stack) { $0 = grown }
    #expect(after == [grown.ids.last!])
  }

  @Test func aLongJournalFindsEveryArrivalInTheFullComparison() async {
    var stack = await mountedStack(10)
    let pushed = arrived(in: &stack) { stack in
      for value in 0..<100 { stack.append(value) }
    }
    #expect(pushed == Array(stack.ids.suffix(100)))
  }

  @Test func nothingChangedLeavesTheMarkAlone() async {
    var stack = await mountedStack(3)
    let before = stack.mountSnapshot.mark
    #expect(removed(from: &stack) { _ in }.isEmpty)
    #expect(stack.mountSnapshot.mark == before)
  }
}
