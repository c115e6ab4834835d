import StoreKernel
import Testing

@Suite struct PresentationActionTests {
  private enum Choice: Equatable, Sendable { case keep }

  @Test func aTapIsTheButtonsActionPresentedOrADismiss() {
    let keep = ButtonState<Choice>(action: .keep) { TextState("Keep") }
    let cancel = ButtonState<Choice>(role: .cancel) { TextState("Cancel") }
    #expect(PresentationAction.tap(keep) == .presented(.keep))
    #expect(PresentationAction.tap(cancel) == .dismiss)
  }

  @Test func thePresentedPathReachesTheChildsAction() {
    let path = PresentationAction<Int>.presentedPath
    #expect(path.extract(.presented(3)) == 3)
    #expect(path.extract(.dismiss) == nil)
    #expect(path.embed(4) == .presented(4))
  }

  @Test func describesTheCase() {
    #expect("\(PresentationAction<Int>.presented(3))" == "presented(3)")
    #expect("\(PresentationAction<Int>.dismiss)" == "dismiss")
  }
}
