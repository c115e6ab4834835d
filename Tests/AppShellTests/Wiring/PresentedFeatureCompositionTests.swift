import FeatureBridge
import NotesFeature
import StoreKernel
import TerminalUI
import Testing

@testable import AppShell

/// A feature presented by another, declared once (a launcher made from its recipe), runs in a
/// store of its own in the multi-store build and composed into the root store in the
/// single-store build (its state inside the tray's, inside the root's), with the same results.
@Suite @ShellActor struct PresentedFeatureCompositionTests {
  private func makeApp(_ architecture: Architecture) -> (any RunningApp, AppContext) {
    let context = AppContext(
      storage: .inMemory(), autosaveDelay: .seconds(3600),
      effectExecutor: SerialEffectExecutor(label: "PresentedFeatureCompositionTests"))
    let app = architecture.makeApp(
      context: context,
      features: AppFeatures.standard + [TrayFeature.declaration(journal: ClickerFeature.Journal())])
    return (app, context)
  }

  private func storeNames(_ context: AppContext) -> [String] {
    context.registry.liveStores.map(\.name)
  }

  @Test(arguments: Architecture.allCases)
  func thePresentedFeatureRunsWhereItsBuildPutsItAndStopsWhenClosed(
    architecture: Architecture
  ) async {
    let (app, context) = makeApp(architecture)
    await app.settle()
    let storesBefore = context.registry.liveStoreCount
    #expect(!context.featureRegistry.liveFeatureNames.contains("Clicker"))

    _ = KeyRouter.route([.character("4"), .character("o")], in: app)
    await app.settle()
    // Running, and listed as running, in both builds.
    #expect(context.featureRegistry.liveFeatureNames.contains("Clicker"))
    switch architecture {
    case .multiStore:
      // A store of its own, behind a host of its own.
      #expect(storeNames(context).contains("Clicker"))
    case .singleStore:
      // Composed into the tray's state, in the root store: no store of its own, and no host
      // until a view asks for one (the tray's view does not).
      #expect(!storeNames(context).contains { $0.hasSuffix("Clicker") })
    }

    _ = KeyRouter.route([.character("c"), .character("c"), .character("c")], in: app)
    await app.settle()
    #expect(app.view(at: 3).render(width: 60, height: 1) == ["Tray: clicker 1 open, heard 3"])
    #expect(app.shell.state.badges[3] == "3")

    _ = KeyRouter.route([.character("x")], in: app)
    await app.settle()
    #expect(!context.featureRegistry.liveFeatureNames.contains("Clicker"))
    #expect(context.registry.liveStoreCount == storesBefore)

    // Presented again, it starts from its first state.
    _ = KeyRouter.route([.character("o"), .character("c")], in: app)
    await app.settle()
    #expect(app.view(at: 3).render(width: 60, height: 1) == ["Tray: clicker 2 open, heard 1"])
    await app.stop()
    #expect(!context.featureRegistry.liveFeatureNames.contains("Clicker"))
  }
}
