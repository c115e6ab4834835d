import FeatureBridge
import StoreKernel

/// The timer in a terminal: the time left and whether it is running. Space pauses or resumes,
/// `r` resets.
final class TimerView: FeatureView {
  private let store: ViewStore<TimerState, TimerAction.ViewAction>
  private var observation: ObservationToken?
  private(set) var renderGeneration = 0

  init(store: ViewStore<TimerState, TimerAction.ViewAction>) {
    self.store = store
    observation = store.observe({ $0 }) { [weak self] _ in self?.renderGeneration += 1 }
  }

  func render(width: Int, height: Int) -> [String] {
    guard let state = store.state, height > 0 else { return [] }
    let seconds = state.remaining % 60
    let time = "\(state.remaining / 60):\(seconds < 10 ? "0" : "")\(seconds)"
    let status = state.isRunning ? "running" : state.remaining > 0 ? "paused" : "idle"
    return [TerminalText.fit("⏱ \(time) \(status)", width: width)]
  }

  func handle(_ keys: [KeyPress]) -> Int {
    var used = 0
    for key in keys {
      switch key {
      case .character(" "): store.send(.pauseResumeTapped)
      case .character("r"): store.send(.resetTapped)
      default: return used
      }
      used += 1
    }
    return used
  }

  var keyHelp: [String] { ["space  pause or resume", "r      reset"] }
}
