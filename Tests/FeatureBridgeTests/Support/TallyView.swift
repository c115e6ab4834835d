import FeatureBridge

/// The test feature's view: `+` taps increment, Ctrl-S taps save. It stops at the first other
/// key and leaves that key, and the ones after it, to the host.
final class TallyView: FeatureView {
  let viewStore: ViewStore<TallyState, TallyAction.ViewAction>

  init(viewStore: ViewStore<TallyState, TallyAction.ViewAction>) {
    self.viewStore = viewStore
  }

  func render(width: Int, height: Int) -> [String] {
    guard height > 0, let state = viewStore.state else { return [] }
    return [String("Total: \(state.total)".prefix(max(0, width)))]
  }

  func handle(_ keys: [KeyPress]) -> Int {
    var actions: [TallyAction.ViewAction] = []
    for key in keys {
      guard let action = Self.action(for: key) else { break }
      actions.append(action)
    }
    viewStore.send(contentsOf: actions)
    return actions.count
  }

  var keyHelp: [String] { ["+ add one   ^S save"] }

  /// What it shows is the total, so the total is its generation; it does not observe the store,
  /// so tests count only the work their inputs cause.
  var renderGeneration: Int { viewStore.state?.total ?? 0 }

  private static func action(for key: KeyPress) -> TallyAction.ViewAction? {
    switch key {
    case .character("+"): .incrementTapped
    case .control("s"): .saveTapped
    default: nil
    }
  }
}
