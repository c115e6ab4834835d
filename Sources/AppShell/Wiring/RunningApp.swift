import FeatureBridge
import NotesFeature
import StoreKernel

/// What the shell needs from the composed app, whichever architecture built it.
@ShellActor
protocol RunningApp: AnyObject {
  /// Which architecture this is, for messages and stats.
  var architecture: Architecture { get }
  /// The shell's own state (tab bar, status line).
  var shell: Store<ShellState, ShellAction> { get }
  /// The view of each tab.
  func view(for tab: Tab) -> any FeatureView
  /// Asks the notes to save now.
  func saveNotes()
  /// Stops every feature, delivering what was sent and saving unsaved notes.
  func stop() async
  /// The events of every store this app owns, and only those: a measurement that reads the
  /// process-wide totals would also count other stores alive in the process (parallel tests).
  var events: StoreEvents { get }
}

/// The two ways the app can be composed from the same features.
enum Architecture: String, Sendable {
  /// Each feature owns its store behind a FeatureBridge boundary.
  case multiStore = "multi-store"
  /// One root store; each feature's view gets a scoped child store.
  case singleStore = "single-store"
}

/// What the features are built with: the shell injects these.
struct AppEnvironment: Sendable {
  var storage: NotesStorage
  var autosaveDelay: Duration = .seconds(1)
  var clock: any Clock<Duration> = ContinuousClock()
  /// Extra live features (counters with live views), standing in for the many screens of a
  /// large app; `compare` sets it, the interactive app uses none.
  var extraFeatures = 0
}
