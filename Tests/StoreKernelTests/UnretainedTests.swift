import Testing

@testable import StoreKernel

/// The lifetimes `Unretained` relies on: it retains nothing (the owner alone keeps the object),
/// a lent object is alive for the whole call while its owner is, `object` is an ordinary strong
/// reference, the reducer's per-thread slot holds a scope for the length of its call only, and
/// a reference by known type reads the object it was made from. A use after free is what
/// AddressSanitizer reports (scripts/sanitizers.sh); the expectations check that each object
/// goes when its owner lets it go, not sooner and not never.
@Suite struct UnretainedTests {
  /// An object that records its deinit.
  final class Tracked {
    let name: String
    let ended: Ended

    init(_ name: String, ended: Ended) {
      self.name = name
      self.ended = ended
    }

    deinit { ended.count += 1 }
  }

  /// How many `Tracked` objects have gone.
  final class Ended {
    var count = 0
  }

  class Base {}

  final class Derived: Base {
    let value: Int

    init(value: Int) {
      self.value = value
    }
  }

  @Test func makingOneRetainsNothing() {
    let ended = Ended()
    var owner: Tracked? = Tracked("owned", ended: ended)
    let unretained = Unretained(owner!)
    weak let observed = owner
    withExtendedLifetime(unretained) {
      owner = nil
      // The owner's reference was the only one: the object went with it.
      #expect(observed == nil)
      #expect(ended.count == 1)
    }
  }

  @Test func aLentObjectIsAliveForTheCallAndGoesWithItsOwnerAfterwards() {
    let ended = Ended()
    var owner: Tracked? = Tracked("owned", ended: ended)
    let unretained = Unretained(owner!)
    let name = unretained.lend { object in
      #expect(object === owner)
      #expect(ended.count == 0)
      return object.name
    }
    #expect(name == "owned")
    weak let observed = owner
    owner = nil
    // Lending kept no reference of its own.
    #expect(observed == nil)
    #expect(ended.count == 1)
  }

  @Test func aLentObjectCopiedOutOfTheCallIsRetained() {
    let ended = Ended()
    var owner: Tracked? = Tracked("owned", ended: ended)
    let kept = Unretained(owner!).lend { $0 }
    owner = nil
    #expect(ended.count == 0)
    #expect(kept.name == "owned")
  }

  @Test func objectIsAStrongReference() {
    let ended = Ended()
    var owner: Tracked? = Tracked("owned", ended: ended)
    var strong: Tracked? = Unretained(owner!).object
    owner = nil
    #expect(ended.count == 0)
    #expect(strong?.name == "owned")
    strong = nil
    #expect(ended.count == 1)
  }

  @Test func aReferenceByKnownTypeReadsTheObjectItWasMadeFrom() {
    let derived = Derived(value: 42)
    let erased: AnyObject = derived
    let base: Base = derived
    #expect(Unretained<Derived>(knownType: erased).lend { $0.value } == 42)
    #expect(Unretained<Derived>(knownType: base).lend { $0 } === derived)
  }

  @Test func theReducerSlotHoldsAScopeForItsCallOnlyAndRestoresThePreviousOne() {
    let outer = DependencyScope(DependencyValues())
    weak var inner: DependencyScope?
    ReducerDependencies.with(outer) {
      #expect(ReducerDependencies.current === outer)
      ReducerDependencies.with(DependencyScope(DependencyValues())) {
        // The scope made for the call is alive for the call, and current.
        inner = ReducerDependencies.current
        #expect(inner != nil)
        #expect(inner !== outer)
      }
      // Gone with its call, and the outer scope is current again.
      #expect(inner == nil)
      #expect(ReducerDependencies.current === outer)
    }
  }
}
