import StoreKernel

/// A rating's logic: pure, no effects but its output.
struct RatingReducer: Reducer {
  func reduce(into state: inout RatingState, action: RatingAction) -> Effect<RatingAction> {
    switch action {
    case .input(.rate(let stars)), .view(.starTapped(let stars)):
      state.stars = min(max(0, stars), state.prompt.maximum)
      return .none

    case .input(.submit), .view(.submitTapped):
      guard state.stars > 0 else { return .none }
      return .send(.delegate(.submitted(stars: state.stars)))

    case .delegate:
      return .none
    }
  }
}
