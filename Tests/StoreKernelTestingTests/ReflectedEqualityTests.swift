import Testing

@testable import StoreKernelTesting

/// How `receive(_:)` compares an action that is not `Equatable`: part by part, without the
/// limits of a diff made to be read (no value cut short, every superclass, objects by identity
/// when they have nothing else).
@Suite struct ReflectedEqualityTests {
  enum Event {
    case tick
    case stop
    case text(String)
    case payload(Payload)
    case handler(@Sendable () -> Void)
    case table([String: Payload])
  }

  /// Not `Equatable`: compared by its parts.
  struct Payload {
    var number: Int
    var note: Note
  }

  class Base {
    let base: Int
    init(base: Int) { self.base = base }
  }

  final class Note: Base {
    let text: String
    init(text: String, base: Int = 0) {
      self.text = text
      super.init(base: base)
    }
  }

  final class Empty {}

  @Test func casesWithoutAPayloadAreTheirName() {
    #expect(ReflectedEquality.equal(Event.tick, Event.tick))
    #expect(!ReflectedEquality.equal(Event.tick, Event.stop))
    #expect(!ReflectedEquality.equal(Event.tick, Event.text("tick")))
  }

  @Test func aLongValueIsComparedToItsEnd() {
    let long = String(repeating: "a", count: 500)
    #expect(ReflectedEquality.equal(Event.text(long + "b"), Event.text(long + "b")))
    #expect(!ReflectedEquality.equal(Event.text(long + "b"), Event.text(long + "c")))
  }

  @Test func objectsAreComparedThroughTheirSuperclassesOrByIdentity() {
    let first = Payload(number: 1, note: Note(text: "a", base: 1))
    #expect(
      ReflectedEquality.equal(
        Event.payload(first), Event.payload(Payload(number: 1, note: Note(text: "a", base: 1)))))
    #expect(
      !ReflectedEquality.equal(
        Event.payload(first), Event.payload(Payload(number: 1, note: Note(text: "a", base: 2)))))
    let empty = Empty()
    #expect(ReflectedEquality.equal(empty, empty))
    #expect(!ReflectedEquality.equal(Empty(), Empty()))
  }

  @Test func aDictionaryIsComparedByKeyWhateverItsOrder() {
    var left: [String: Payload] = [:]
    var right: [String: Payload] = [:]
    for number in 0..<50 { left["\(number)"] = Payload(number: number, note: Note(text: "")) }
    for number in (0..<50).reversed() {
      right["\(number)"] = Payload(number: number, note: Note(text: ""))
    }
    #expect(ReflectedEquality.equal(Event.table(left), Event.table(right)))
    right["7"]?.number = 8
    #expect(!ReflectedEquality.equal(Event.table(left), Event.table(right)))
  }

  @Test func closuresCountAsEqualAndValuesOfAnotherTypeAsNot() {
    #expect(ReflectedEquality.equal(Event.handler({}), Event.handler({ print("other") })))
    #expect(!ReflectedEquality.equal(1, "1"))
    #expect(!ReflectedEquality.equal(Int?.none as Any, 0))
  }
}
