import CounterFeature
import NotesFeature
import ProfileFeature
import StoreKernel

/// The tabs of the app, in tab-bar order.
enum Tab: Int, CaseIterable, Sendable, Equatable {
  case counter, profile, notes

  var title: String {
    switch self {
    case .counter: "Counter"
    case .profile: "Profile"
    case .notes: "Notes"
    }
  }
}

/// What the shell itself shows: the tab bar's live counts, the status line, the active tab.
/// It learns everything from the features' outputs, never from their state.
struct ShellState: Equatable, Sendable {
  var activeTab: Tab = .notes
  var count = 0
  var favoritesCount = 0
  var notesCount = 0
  var status = "? for help"
  var showHelp = false
  var storageError: String?
  /// How many save results (saved or failed) the notes feature has reported.
  var notesSaveReports = 0
  /// What the notes did with changes they could not save when they stopped.
  var unsavedNotes: UnsavedNotes?
}

/// The end of a run whose notes could not all be saved: the process must say so and exit
/// non-zero.
enum UnsavedNotes: Equatable, Sendable {
  /// Kept in this recovery file, which the next start restores.
  case kept(path: String)
  /// Neither saved nor kept.
  case lost(reason: String)
}

enum ShellAction: Sendable, Equatable {
  case counter(CounterOutput)
  case profile(ProfileOutput)
  case notes(NotesOutput)
  case selectTab(Tab)
  case nextTab
  case toggleHelp
}

/// The shell's logic: reacts exhaustively to each feature's outputs (seed 003's delegate
/// pattern), so a new output is a compile error here until handled.
struct ShellReducer: Reducer {
  func reduce(into state: inout ShellState, action: ShellAction) -> Effect<ShellAction> {
    switch action {
    case .counter(let output):
      switch output {
      case .countChanged(let count): state.count = count
      case .favoriteSaved(let number): state.status = "Saved \(number) as a favorite"
      case .favoriteRemoved(let number): state.status = "Removed \(number) from the favorites"
      }
    case .profile(let output):
      switch output {
      case .favoriteCountChanged(let count): state.favoritesCount = count
      case .favoriteRemoved(let number): state.status = "Removed \(number) from the favorites"
      }
    case .notes(let output):
      switch output {
      case .noteCountChanged(let count): state.notesCount = count
      case .saved(let count):
        state.notesSaveReports += 1
        state.status = "Saved \(count) note\(count == 1 ? "" : "s")"
      case .storageError(let message):
        state.notesSaveReports += 1
        state.storageError = message
        state.status = "Error: \(message)"
      case .unsavedChangesKept(let path):
        state.unsavedNotes = .kept(path: path)
        state.status = "Unsaved notes kept in \(path)"
      case .unsavedChangesLost(let reason):
        state.unsavedNotes = .lost(reason: reason)
        state.status = "Error: \(reason)"
      }
    case .selectTab(let tab):
      state.activeTab = tab
      state.showHelp = false
    case .nextTab:
      state.activeTab = Tab(rawValue: (state.activeTab.rawValue + 1) % Tab.allCases.count)!
      state.showHelp = false
    case .toggleHelp:
      state.showHelp.toggle()
    }
    return .none
  }
}
