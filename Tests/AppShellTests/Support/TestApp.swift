import NotesFeature
import StoreKernel

@testable import AppShell

extension Architecture {
  /// The standard app for a test: notes in memory unless given, no autosave while the test
  /// runs, effects on a serial executor so `settle()` is exact.
  @ShellActor
  func makeTestApp(storage: NotesStorage = .inMemory()) -> any RunningApp {
    makeApp(
      context: AppContext(
        storage: storage, autosaveDelay: .seconds(3600),
        effectExecutor: SerialEffectExecutor(label: "test-app")))
  }
}
