import CounterFeature
import FeatureBridge
import NotesFeature
import StoreKernel

/// What the app builds its features with: its data, its shared values, its clock, and the
/// registries its stores count into. The shell owns it and hands it down to every feature, in
/// both architectures.
struct AppContext: Sendable {
  var storage: NotesStorage
  /// Where the counter keeps its count and the favorites; `nil` keeps them in memory only.
  var counterStorage: CounterStorage?
  var autosaveDelay: Duration = .seconds(1)
  var clock: any Clock<Duration> = ContinuousClock()
  /// The favorites the counter and the profile share.
  var favorites = Shared<Set<Int>>(value: [])
  /// Where this app's stores count; no other app in the process shares it.
  var registry = StoreRegistry()
  var featureRegistry = FeatureRegistry()
  /// Where the stores' effects run: the global executor unless set (script mode and `compare`
  /// use a serial one, to know when the app has gone quiet).
  var effectExecutor: (any TaskExecutor)?
  /// Extra live features (counters with live views), standing in for the many screens of a
  /// large app; `compare` sets it, the interactive app uses none.
  var extraFeatures = 0

  /// The host's part of every feature's dependencies.
  func hostDependencies(_ values: inout DependencyValues) {
    values.storeRegistry = registry
    values.featureRegistry = featureRegistry
    values.effectExecutor = effectExecutor
  }
}
