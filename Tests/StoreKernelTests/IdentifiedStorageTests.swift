import Testing

@testable import StoreKernel

@Suite struct IdentifiedStorageTests {
  /// Every id's recorded position is where it sits, and ids and elements stay in step.
  private func expectConsistent(_ storage: IdentifiedStorage<Int, String>) {
    #expect(storage.ids.count == storage.elements.count)
    #expect(storage.positions.count == storage.ids.count)
    for (index, id) in storage.ids.enumerated() {
      #expect(storage.positions[id] == index)
      #expect(storage.elements[index] == "e\(id)")
    }
  }

  private func make(_ ids: [Int]) -> IdentifiedStorage<Int, String> {
    var storage = IdentifiedStorage<Int, String>()
    for id in ids { storage.append("e\(id)", id: id) }
    return storage
  }

  @Test func appendRefusesAnIDAlreadyThere() {
    var storage = make([1, 2])
    let appended = storage.append("other", id: 1)
    #expect(!appended)
    #expect(storage.ids == [1, 2])
    #expect(storage[id: 1] == "e1")
    expectConsistent(storage)
  }

  @Test func changingAnElementByIDKeepsTheOrder() {
    var storage = make([1, 2, 3])
    storage[id: 1]?.append("!")
    storage[id: 3]?.append("!")
    #expect(storage.elements == ["e1!", "e2", "e3!"])
    #expect(storage.ids == [1, 2, 3])
  }

  @Test func settingNilByIDRemovesAndShiftsThePositions() {
    for removed in [1, 2, 3] {
      var storage = make([1, 2, 3])
      storage[id: removed] = nil
      #expect(storage.ids == [1, 2, 3].filter { $0 != removed })
      expectConsistent(storage)
    }
  }

  @Test func settingAnAbsentIDAppends() {
    var storage = make([1])
    storage[id: 5] = "e5"
    #expect(storage.ids == [1, 5])
    expectConsistent(storage)
  }

  @Test func insertAndRemoveInTheMiddleKeepPositions() {
    var storage = make([1, 3])
    let inserted = storage.insert("e2", id: 2, at: 1)
    let insertedAgain = storage.insert("x", id: 3, at: 0)
    #expect(inserted && !insertedAgain)
    expectConsistent(storage)
    let removed = storage.remove(at: 0)
    #expect(removed.id == 1)
    #expect(storage.ids == [2, 3])
    expectConsistent(storage)
  }

  @Test func replaceSubrangeUpdatesExistingIDsInPlace() {
    var storage = make([1, 2, 3, 4])
    let removed = storage.replaceSubrange(
      1..<3, with: [(id: 4, element: "e4"), (id: 7, element: "e7"), (id: 2, element: "e2")])
    // 4 was outside the range: updated where it is. 2 was in the range: it comes back.
    #expect(storage.ids == [1, 7, 2, 4])
    #expect(removed == [3])
    expectConsistent(storage)
  }

  @Test func swapKeepsPositions() {
    var storage = make([1, 2, 3])
    storage.swapAt(0, 2)
    #expect(storage.ids == [3, 2, 1])
    expectConsistent(storage)
  }

  @Test func aChangeByIDHappensInPlace() {
    var storage = IdentifiedStorage<Int, Tracked>()
    storage.append(Tracked(), id: 1)
    storage.append(Tracked(), id: 2)
    storage[id: 1]?.touch()
    // The element was moved out for the change, not copied: its buffer had one owner.
    #expect(storage[id: 1]?.wasUnique == true)
    #expect(storage.ids == [1, 2])
  }
}

/// An element that notes whether its buffer had a single owner when it was changed.
private struct Tracked {
  final class Buffer {}
  var buffer = Buffer()
  var wasUnique = false

  mutating func touch() {
    wasUnique = isKnownUniquelyReferenced(&buffer)
  }
}
