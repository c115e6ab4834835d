import StoreKernel
import Testing

@Suite struct KeyPathReaderTests {
  struct Inner: Equatable {
    var flag = false
    var name = "inner"
  }

  final class Box {
    var count = 7
  }

  struct Root {
    var number = 1
    var text = "text"
    var inner = Inner()
    var optionalInner: Inner? = Inner(flag: true, name: "optional")
    var box = Box()
    var doubled: Int { number * 2 }
  }

  @Test func storedPropertiesAreReadInPlace() {
    var root = Root()
    root.number = 42
    root.text = String(repeating: "long text, not a small string ", count: 4)
    root.inner.name = "changed"

    let number = KeyPathReader(\Root.number)
    let text = KeyPathReader(\Root.text)
    let nested = KeyPathReader(\Root.inner.name)
    #expect(number.offset != nil)
    #expect(nested.offset != nil)
    #expect(number.read(from: root) == 42)
    #expect(text.read(from: root) == root.text)
    #expect(nested.read(from: root) == "changed")
    #expect(KeyPathReader(\Root.inner).read(from: root) == root.inner)
    #expect(KeyPathReader(\Root.self).read(from: root).number == 42)
  }

  @Test func otherKeyPathsAreProjected() {
    let root = Root()
    let computed = KeyPathReader(\Root.doubled)
    let throughClass = KeyPathReader(\Root.box.count)
    let optional = KeyPathReader(\Root.optionalInner?.name)
    #expect(computed.offset == nil)
    #expect(throughClass.offset == nil)
    #expect(optional.offset == nil)
    #expect(computed.read(from: root) == 2)
    #expect(throughClass.read(from: root) == 7)
    #expect(optional.read(from: root) == "optional")
  }
}
