import StoreKernel
import Testing

@Suite struct TextStateTests {
  @Test func textIsAPlainString() {
    let name = "Milk"
    let text = TextState("Delete “\(name)”?") + " " + TextState(verbatim: "Sure?")
    #expect(String(state: text) == "Delete “Milk”? Sure?")
    #expect("\(text)" == text.string)
    #expect(String(reflecting: TextState("a")) == #"TextState("a")"#)
  }
}
