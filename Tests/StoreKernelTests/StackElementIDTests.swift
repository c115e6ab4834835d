import StoreKernel
import Testing

@Suite struct StackElementIDTests {
  @Test func anIntegerLiteralIsItsGeneration() {
    let id: StackElementID = 3
    #expect(id == StackElementID(generation: 3))
    #expect("\(id)" == "#3")
    #expect(String(reflecting: id) == "#3")
  }

  @Test func aGeneratorCountsUpAndPeekDoesNotTake() {
    let generator = StackElementIDGenerator()
    #expect(generator.peek() == 0)
    #expect(generator.next() == 0)
    #expect(generator() == 1)
    #expect(generator.peek() == 2)
    #expect(StackElementIDGenerator(first: 5).next() == 5)
  }

  @Test func copiesOfAGeneratorShareItsCount() {
    let generator = StackElementIDGenerator()
    let copy = generator
    _ = generator.next()
    #expect(copy.next() == 1)
  }

  @Test func eachDependencyValuesResolvesAGeneratorOfItsOwn() {
    let first = DependencyValues(context: .test)
    let second = DependencyValues(context: .test)
    _ = first.stackElementID.next()
    _ = first.stackElementID.next()
    #expect(first.stackElementID.peek() == 2)
    #expect(second.stackElementID.peek() == 0)
  }
}
