import CountdownFeature
import FeatureBridge
import RatingFeature
import SessionLogFeature
import StoreKernel

/// A session's logic: it presents each feature with one declaration, sends them inputs, and
/// reacts to their outputs. Where the features run (stores of their own, or this store) is the
/// host's choice, not this reducer's.
struct PracticeReducer: Reducer {
  typealias State = PracticeState
  typealias Action = PracticeAction

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .input(.addTimer(let seconds)), .view(.addTimerTapped(let seconds)):
        state.timers.append(Countdown(seconds: seconds))
        guard let id = state.timers.ids.last else { return .none }
        return .send(.timers(.element(id: id, action: .input(.start))))

      case .input(.note(let line)):
        guard state.log != nil else { return .none }
        return .send(.log(.presented(.input(.append(line)))))

      case .view(.logTapped):
        state.log = SessionLog(path: state.logPath)
        return .none

      case .view(.rateTapped):
        state.destination = .rating(RatingPrompt(title: "How did it go?"))
        return .none

      case .view(.resetTapped):
        state.destination = .confirmReset(.reset)
        return .none

      case .timers(.element(_, .output(.finished))):
        state.finishedTimers += 1
        guard state.log != nil else { return .send(.delegate(.timerFinished)) }
        return .merge(
          .send(.delegate(.timerFinished)),
          .send(.log(.presented(.input(.append("timer finished"))))))

      case .log(.presented(.output(.countChanged(let count)))):
        state.logCount = count
        return .none

      case .destination(.presented(.rating(.output(.submitted(let stars))))):
        state.ratings.append(stars)
        state.destination = nil
        return .send(.delegate(.rated(stars: stars)))

      case .destination(.presented(.confirmReset(.confirm))):
        state.timers.removeAll()
        state.finishedTimers = 0
        state.ratings = []
        guard state.log != nil else { return .none }
        return .send(.log(.presented(.input(.clear))))

      case .timers, .log, .destination, .delegate:
        return .none
      }
    }
    .forEach(\.timers, action: PracticeAction.timers, feature: CountdownFeature.launcher)
    .ifLet(\.$log, action: PracticeAction.log, feature: SessionLogFeature.launcher)
    .ifLet(
      \.$destination, action: PracticeAction.destination, feature: RatingFeature.launcher,
      state: PracticeDestination.State.rating, action: PracticeDestination.Action.rating
    ) {
      PracticeDestination()
    }
  }
}
