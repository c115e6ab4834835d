import FeatureBridge
import MultiStorePrimitives
import StoreKernel
import TerminalUI

@testable import AppShell

/// A fourth feature, written here and composed into the app by one declaration
/// (``ClickerFeature/declaration(journal:)``): the proof that the tab bar, key routing, help,
/// script commands and both architectures derive from the list of declarations.
enum ClickerFeature {
  struct State: Equatable {
    var clicks = 0
  }

  enum Input: Sendable, Equatable {
    case click
    case save
  }

  enum Output: Sendable, Equatable {
    case clicked(Int)
    case saved(Int)
  }

  enum Action: BoundaryAction, Equatable {
    case input(Input)
    case view(ViewAction)
    case stopping
    case delegate(Output)

    enum ViewAction: Sendable, Equatable {
      case clickTapped
    }

    var output: Output? {
      if case .delegate(let output) = self { return output }
      return nil
    }

    static var willStop: Action? { .stopping }
  }

  /// Where the feature records that its stop action ran, in either architecture.
  final class Journal: Sendable {
    private let entries = LockedValue<[String]>([])
    var all: [String] { entries.withLock { $0 } }
    func record(_ entry: String) { entries.withLock { $0.append(entry) } }
  }

  struct Logic: Reducer {
    let journal: Journal

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .input(.click), .view(.clickTapped):
        state.clicks += 1
        return .send(.delegate(.clicked(state.clicks)))
      case .input(.save):
        return .send(.delegate(.saved(state.clicks)))
      case .stopping:
        journal.record("stopped at \(state.clicks)")
        return .none
      case .delegate:
        return .none
      }
    }
  }

  final class View: TerminalView {
    let store: ViewStore<State, Action.ViewAction>

    init(store: ViewStore<State, Action.ViewAction>) {
      self.store = store
    }

    func render(width: Int, height: Int) -> [String] {
      guard height > 0 else { return [] }
      return [TerminalText.fit("Clicks: \(store.clicks)", width: width)]
    }

    func handle(_ keys: [KeyPress]) -> Int {
      var used = 0
      for key in keys {
        guard key == .character("c") else { break }
        store.send(.clickTapped)
        used += 1
      }
      return used
    }

    var keyHelp: [String] { ["c  click"] }
  }

  /// The whole of what the app needs to know about the feature.
  @ShellActor
  static func declaration(journal: Journal) -> any AppFeatureDeclaration {
    AppFeature(
      title: "Clicker",
      initialBadge: "0",
      launcher: FeatureLauncher { (_: AppContext) in
        FeatureRecipe(name: "Clicker", initialState: State(), reducer: Logic(journal: journal))
      },
      view: { View(store: $0) },
      shellEvents: { output in
        switch output {
        case .clicked(let clicks): [.badge("\(clicks)")]
        case .saved(let clicks): [.saveReported, .status("Saved \(clicks) clicks")]
        }
      },
      saveInput: .save)
  }
}
