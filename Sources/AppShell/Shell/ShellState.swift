import StoreKernel

/// What the shell itself shows: the tab bar's badges, the status line, kept errors, the active
/// tab. It learns everything from the features' outputs (as ``ShellEvent``s), never from their
/// state.
struct ShellState: Equatable, Sendable {
  /// The index of the active tab's feature.
  var activeTab: Int
  /// Each feature's badge, by feature index ("" until it reports one).
  var badges: [String]
  var status = ShellState.idleStatus
  /// Errors the features reported, whole, kept until the user dismisses them (Esc on the help
  /// screen or `x`): a later "Saved" never hides where a corrupt file was kept.
  var errors: [String] = []
  var showHelp = false
  /// The first line of the help screen shown, when it does not fit.
  var helpOffset = 0
  /// The largest ``helpOffset`` that still fills the screen, as the last frame laid it out.
  var helpMaxOffset = 0
  /// How many of the help's lines the last frame showed at once: what Page Up and Page Down
  /// move by, so that paging shows every line whatever the window's height.
  var helpPage = 10
  /// How many save results (saved or failed) the features have reported.
  var saveReports = 0
  /// What the features could not save: where they kept it, or why it is lost.
  var unsaved: [UnsavedWork] = []
  /// The recovery file each feature last kept its unsaved work in, by feature index: a feature
  /// that keeps it anew removes the file before.
  var keptUnsaved: [Int: String] = [:]

  /// - Parameters:
  ///   - badges: Each feature's badge before it reports one.
  ///   - activeTab: The feature index of the tab shown first.
  init(badges: [String], activeTab: Int) {
    self.badges = badges
    self.activeTab = activeTab
  }
}

extension ShellState {
  /// The status line when nothing has happened to report.
  static let idleStatus = "? for help"

  /// What starts the status line while it repeats an error.
  static let errorPrefix = "Error: "

  /// How many errors are kept until dismissed.
  static let keptErrors = 6

  /// Keeps `message` until the user dismisses it: once (a repeat is not kept twice), and never
  /// pushing out the first error kept (often the one that says where a corrupt file was put
  /// aside): past ``keptErrors``, the oldest after the first goes.
  mutating func keep(error message: String) {
    guard !errors.contains(message) else { return }
    errors.append(message)
    if errors.count > Self.keptErrors { errors.remove(at: 1) }
  }
}

enum ShellAction: Sendable, Equatable {
  /// An output of the feature at this index, as its declaration reads it.
  case feature(Int, ShellEvent)
  case selectTab(Int)
  /// The next tab among `tabs` (the indices of the features that have one).
  case nextTab(among: [Int])
  case toggleHelp
  case dismissErrors
  /// Up, Down, Page Up, Page Down, Home, End on the help screen.
  case scrollHelp(by: Int)
  /// A frame laid the help screen out: how far it can scroll, and how many lines it shows.
  case helpLaidOut(maxOffset: Int, page: Int)
  /// A key reached a feature: the message about what came before it goes.
  case clearStatus
}

/// The shell's logic. What each feature's outputs mean is in its declaration; the shell only
/// applies the events.
struct ShellReducer: Reducer {
  func reduce(into state: inout ShellState, action: ShellAction) -> Effect<ShellAction> {
    switch action {
    case .feature(let index, let event):
      Self.apply(event, from: index, to: &state)
    case .selectTab(let tab):
      state.activeTab = tab
      state.showHelp = false
    case .nextTab(let tabs):
      guard !tabs.isEmpty else { break }
      let position = tabs.firstIndex(of: state.activeTab).map { ($0 + 1) % tabs.count } ?? 0
      state.activeTab = tabs[position]
      state.showHelp = false
    case .toggleHelp:
      state.showHelp.toggle()
      state.helpOffset = 0
    case .dismissErrors:
      state.errors = []
      // The status line repeats the latest error: it goes with them.
      if state.status.hasPrefix(ShellState.errorPrefix) { state.status = ShellState.idleStatus }
    case .scrollHelp(let lines):
      state.helpOffset = min(max(0, state.helpOffset + lines), state.helpMaxOffset)
    case .helpLaidOut(let maxOffset, let page):
      state.helpMaxOffset = maxOffset
      state.helpPage = max(1, page)
      state.helpOffset = min(state.helpOffset, maxOffset)
    case .clearStatus:
      state.status = ShellState.idleStatus
    }
    return .none
  }

  static func apply(_ event: ShellEvent, from index: Int, to state: inout ShellState) {
    switch event {
    case .badge(let badge):
      if state.badges.indices.contains(index) { state.badges[index] = badge }
    case .status(let message):
      state.status = message
    case .error(let message):
      state.keep(error: message)
      state.status = ShellState.errorPrefix + message
    case .saveReported:
      state.saveReports += 1
    case .unsaved(let work):
      if case .kept(let path) = work {
        if let earlier = state.keptUnsaved.updateValue(path, forKey: index) {
          state.unsaved.removeAll { $0 == .kept(path: earlier) }
        }
      }
      state.unsaved.append(work)
      switch work {
      case .kept(let path): state.status = "Unsaved notes kept in \(path)"
      case .lost(let reason): state.status = ShellState.errorPrefix + reason
      }
    }
  }
}
