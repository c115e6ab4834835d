import CounterFeature
import FeatureBridge
import NotesFeature
import ProfileFeature
import StoreKernel

/// The default build: three black-box features, each with its own store, wired by dependency
/// injection. The shell's store hears only their outputs.
@ShellActor
final class MultiStoreApp: RunningApp {
  let architecture = Architecture.multiStore
  let shell: Store<ShellState, ShellAction>
  private let counter: Feature<CounterInput, CounterOutput>
  private let profile: Feature<ProfileInput, ProfileOutput>
  private let notes: Feature<NotesInput, NotesOutput>
  private let counterInputs: AsyncStream<CounterInput>.Continuation
  private let profileInputs: AsyncStream<ProfileInput>.Continuation
  private let notesInputs: AsyncStream<NotesInput>.Continuation
  private var routes: [Task<Void, Never>] = []
  private var extras: [Feature<CounterInput, CounterOutput>] = []
  private var extraInputs: [AsyncStream<CounterInput>.Continuation] = []

  /// How each feature is started. The defaults start the real features; a test replaces any
  /// of them with a `FakeFeature`'s `start` — a one-line change.
  struct Factories {
    var counter:
      @ShellActor (AsyncStream<CounterInput>, SharedValue<Set<Int>>) -> Feature<
        CounterInput, CounterOutput
      > = { CounterFeature.start(inputs: $0, favorites: $1) }
    var profile:
      @ShellActor (AsyncStream<ProfileInput>, SharedValue<Set<Int>>) -> Feature<
        ProfileInput, ProfileOutput
      > = { ProfileFeature.start(inputs: $0, favorites: $1) }
    var notes:
      @ShellActor (AsyncStream<NotesInput>, AppEnvironment) -> Feature<NotesInput, NotesOutput> = {
        NotesFeature.start(
          inputs: $0, storage: $1.storage, autosaveDelay: $1.autosaveDelay, clock: $1.clock)
      }
  }

  init(environment: AppEnvironment, factories: Factories = Factories()) {
    shell = Store(initialState: ShellState(), reducer: ShellReducer(), name: "Shell")
    let favorites = SharedValue<Set<Int>>([])
    let (counterStream, counterInputs) = AsyncStream.makeStream(of: CounterInput.self)
    let (profileStream, profileInputs) = AsyncStream.makeStream(of: ProfileInput.self)
    let (notesStream, notesInputs) = AsyncStream.makeStream(of: NotesInput.self)
    self.counterInputs = counterInputs
    self.profileInputs = profileInputs
    self.notesInputs = notesInputs
    counter = factories.counter(counterStream, favorites)
    profile = factories.profile(profileStream, favorites)
    notes = factories.notes(notesStream, environment)
    for _ in 0..<environment.extraFeatures {
      let (stream, inputs) = AsyncStream.makeStream(of: CounterInput.self)
      extraInputs.append(inputs)
      extras.append(factories.counter(stream, favorites))
    }
    routes = [
      counter.route(into: shell) { .counter($0) },
      profile.route(into: shell) { .profile($0) },
      notes.route(into: shell) { .notes($0) },
    ]
  }

  func view(for tab: Tab) -> any FeatureView {
    switch tab {
    case .counter: counter.view
    case .profile: profile.view
    case .notes: notes.view
    }
  }

  var events: StoreEvents {
    let features = [counter.metrics, profile.metrics, notes.metrics] + extras.map(\.metrics)
    return features.reduce(shell.events) { $0.adding($1.storeEvents) }
  }

  func saveNotes() {
    notesInputs.yield(.save)
  }

  func stop() async {
    counterInputs.finish()
    profileInputs.finish()
    notesInputs.finish()
    for inputs in extraInputs { inputs.finish() }
    for extra in extras { await extra.finish() }
    await notes.finish()
    await counter.finish()
    await profile.finish()
    for route in routes { await route.value }
  }
}
