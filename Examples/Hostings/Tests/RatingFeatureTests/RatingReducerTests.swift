import StoreKernel
import StoreKernelTesting
import Testing

@testable import RatingFeature

/// The rating on its own: no effects but its output.
@MainActor
@Suite struct RatingReducerTests {
  private func rating() -> TestStore<RatingState, RatingAction> {
    TestStore(
      initialState: RatingState(prompt: RatingPrompt(title: "How did it go?", maximum: 5)),
      reducer: RatingReducer())
  }

  @Test func theStarsGivenAreSubmitted() async {
    let store = rating()
    await store.send(.view(.starTapped(3))) { $0.stars = 3 }
    await store.send(.input(.rate(stars: 4))) { $0.stars = 4 }
    await store.send(.view(.submitTapped))
    await store.receive(.delegate(.submitted(stars: 4)))
    await store.finish()
  }

  @Test func starsStayWithinTheMaximumAndNoneCannotBeSubmitted() async {
    let store = rating()
    await store.send(.input(.rate(stars: 9))) { $0.stars = 5 }
    await store.send(.input(.rate(stars: -1))) { $0.stars = 0 }
    await store.send(.input(.submit))
    await store.finish()
  }
}
