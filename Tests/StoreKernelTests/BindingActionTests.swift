import StoreKernel
import Testing

private struct Form: Equatable {
  var name = ""
  var age = 0
}

private enum FormAction: BindableAction, Equatable {
  case binding(BindingAction<Form>)
  case submit
}

@Suite struct BindingActionTests {
  @Test func setChangesTheField() {
    var form = Form()
    _ = BindingReducer<Form, FormAction, FormAction>()
      .reduce(into: &form, action: .binding(.set(\.name, "Blob")))
    #expect(form == Form(name: "Blob"))
  }

  @Test func equalWhenTheFieldAndTheValueAreEqual() {
    #expect(BindingAction<Form>.set(\.name, "a") == .set(\.name, "a"))
    #expect(BindingAction<Form>.set(\.name, "a") != .set(\.name, "b"))
    #expect(BindingAction<Form>.set(\.age, 1) != .set(\.name, "1"))
  }

  @Test func matchesAKeyPathPattern() {
    let action = FormAction.set(\.name, "Blob")
    var matched: String?
    switch action {
    case .binding(\.age): matched = "age"
    case .binding(\.name): matched = "name"
    case .binding, .submit: matched = "other"
    }
    #expect(matched == "name")
  }

  @Test func aBindableActionFindsItsBindingCase() {
    #expect(FormAction.binding(.set(\.age, 3)).binding == .set(\.age, 3))
    #expect(FormAction.submit.binding == nil)
  }

  @Test func itsDescriptionNamesTheFieldAndTheValue() {
    #expect("\(BindingAction<Form>.set(\.name, "Blob"))" == #".set(\Form.name, "Blob")"#)
  }
}
