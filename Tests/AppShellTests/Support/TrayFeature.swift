import FeatureBridge
import StoreKernel
import TerminalUI

@testable import AppShell

/// A feature that presents another feature (the clicker) and shows what it hears from it: the
/// proof that one declaration of a presented feature serves both builds, a store of its own in
/// the multi-store build and composed into the root store in the single-store build.
enum TrayFeature {
  typealias Clicks = FeatureAction<ClickerFeature.Input, ClickerFeature.Output>

  struct State: Equatable {
    /// The clicker, while it is presented: the value it was presented with (its number).
    @PresentationState var clicker: Int?
    var opened = 0
    var heard = 0
  }

  enum Input: Sendable, Equatable {
    case open
    case click
    case close
  }

  enum Output: Sendable, Equatable {
    case heard(Int)
  }

  enum Action: BoundaryAction, Equatable {
    case input(Input)
    case view(ViewAction)
    case clicker(PresentationAction<Clicks>)
    case delegate(Output)

    enum ViewAction: Sendable, Equatable {
      case openTapped
      case clickTapped
      case closeTapped
    }

    var output: Output? {
      if case .delegate(let output) = self { return output }
      return nil
    }

    static let clickerPath = ActionPath<Action, PresentationAction<Clicks>>(
      embed: Action.clicker,
      extract: { if case .clicker(let action) = $0 { action } else { nil } })
  }

  struct Logic: Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      Reduce<State, Action> { state, action in
        switch action {
        case .input(.open), .view(.openTapped):
          state.opened += 1
          state.clicker = state.opened
          return .none
        case .input(.click), .view(.clickTapped):
          guard state.clicker != nil else { return .none }
          return .send(.clicker(.presented(.input(.click))))
        case .input(.close), .view(.closeTapped):
          state.clicker = nil
          return .none
        case .clicker(.presented(.output(.clicked(let clicks)))):
          state.heard = clicks
          return .send(.delegate(.heard(clicks)))
        case .clicker(.presented(.output(.saved))), .clicker(.presented(.input)),
          .clicker(.presented(.composed)),
          .clicker(.dismiss), .delegate:
          return .none
        }
      }
      .ifLet(\.$clicker, action: Action.clickerPath, feature: TrayFeature.clicker)
      .reduce(into: &state, action: action)
    }
  }

  final class View: TerminalView {
    let store: ViewStore<State, Action.ViewAction>

    init(store: ViewStore<State, Action.ViewAction>) {
      self.store = store
    }

    func render(width: Int, height: Int) -> [String] {
      guard height > 0 else { return [] }
      let open = store.clicker.map { "clicker \($0) open" } ?? "closed"
      return [TerminalText.fit("Tray: \(open), heard \(store.heard)", width: width)]
    }

    func handle(_ keys: [KeyPress]) -> Int {
      var used = 0
      for key in keys {
        switch key {
        case .character("o"): store.send(.openTapped)
        case .character("c"): store.send(.clickTapped)
        case .character("x"): store.send(.closeTapped)
        default: return used
        }
        used += 1
      }
      return used
    }

    var keyHelp: [String] { ["o  open the clicker", "c  click it", "x  close it"] }
  }

  /// The clicker the tray presents, with a journal of its own; a declaration puts one with its
  /// journal in its place.
  static let clicker = clickerLauncher(journal: ClickerFeature.Journal())

  /// The launcher of the clicker, from its recipe: what serves both builds.
  static func clickerLauncher(
    journal: ClickerFeature.Journal
  ) -> FeatureLauncher<
    Int, ClickerFeature.Input, ClickerFeature.Output
  > {
    FeatureLauncher(recipe: { _ in
      FeatureRecipe(
        name: "Clicker", initialState: ClickerFeature.State(),
        reducer: ClickerFeature.Logic(journal: journal))
    })
  }

  @ShellActor
  static func declaration(journal: ClickerFeature.Journal) -> any AppFeatureDeclaration {
    AppFeature(
      title: "Tray",
      launcher: FeatureLauncher { (_: AppContext) in
        FeatureRecipe(
          name: "Tray", initialState: State(), reducer: Logic(),
          dependencies: { $0[feature: TrayFeature.clicker] = clickerLauncher(journal: journal) })
      },
      view: { View(store: $0) },
      shellEvents: { output in
        switch output {
        case .heard(let clicks): [.badge("\(clicks)")]
        }
      })
  }
}
