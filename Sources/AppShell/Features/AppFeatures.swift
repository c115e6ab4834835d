import CounterFeature
import CounterTerminalView
import FeatureBridge
import NotesFeature
import NotesTerminalView
import ProfileFeature
import ProfileTerminalView
import StoreKernel
import TerminalUI

/// The app's features, in tab order: the one list everything else derives from.
@ShellActor
enum AppFeatures {
  /// Counter, Profile and Notes.
  static let standard: [any AppFeatureDeclaration] = [counter, profile, notes]

  /// The tab the app opens on.
  static let initialTab = 2

  static let counter = AppFeature(
    title: "Counter",
    initialBadge: "0",
    launcher: CounterFeature.launcher.starting { (context: AppContext) in
      CounterFeature.Configuration(favorites: context.favorites, storage: context.counterStorage)
    },
    view: { CounterView(store: $0) },
    shellEvents: { output in
      switch output {
      case .countChanged(let count): [.badge("\(count)")]
      case .favoriteSaved(let number): [.status("Saved \(number) as a favorite")]
      case .favoriteRemoved(let number): [.status("Removed \(number) from the favorites")]
      case .storageError(let message): [.error(message)]
      }
    })

  static let profile = AppFeature(
    title: "Profile",
    initialBadge: "0",
    launcher: ProfileFeature.launcher.starting { (context: AppContext) in context.favorites },
    view: { ProfileView(store: $0) },
    shellEvents: { output in
      switch output {
      case .favoriteCountChanged(let count): [.badge("\(count)")]
      case .favoriteRemoved(let number): [.status("Removed \(number) from the favorites")]
      }
    })

  static let notes = AppFeature(
    title: "Notes",
    launcher: NotesFeature.launcher.starting { (context: AppContext) in
      NotesFeature.Configuration(
        storage: context.storage, autosaveDelay: context.autosaveDelay, clock: context.clock)
    },
    view: { NotesView(store: $0) },
    shellEvents: { output in
      switch output {
      case .noteCountChanged(let count): [.badge("\(count)")]
      case .created, .deleted: []
      case .saved(let count):
        [.saveReported, .status("Saved \(count) note\(count == 1 ? "" : "s")")]
      case .storageError(let message): [.saveReported, .error(message)]
      case .unsavedChangesKept(let path): [.unsaved(.kept(path: path))]
      case .unsavedChangesLost(let reason): [.unsaved(.lost(reason: reason))]
      }
    },
    saveInput: .save)

  /// The extra counters' launcher: a counter on the shared favorites, with nothing kept.
  static let extraCounter = CounterFeature.launcher.starting { (context: AppContext) in
    CounterFeature.Configuration(favorites: context.favorites)
  }

  /// `count` more counters without tabs, with live views: the other screens of a large app, for
  /// `compare`.
  static func extras(_ count: Int) -> [any AppFeatureDeclaration] {
    (0..<count).map { index in
      AppFeature(
        title: "Extra\(index)", hasTab: false,
        launcher: extraCounter, view: counter.view,
        shellEvents: { _ in [] })
    }
  }
}
