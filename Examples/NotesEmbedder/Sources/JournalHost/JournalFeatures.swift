public import CounterFeature
public import FeatureBridge
public import NotesFeature
public import StoreKernel

/// How a journal starts its two features. ``live(storage:milestones:autosaveDelay:)`` starts
/// the real ones; a test replaces either with a `FakeFeature` in one line:
///
/// ```swift
/// var features = JournalFeatures.live(storage: .inMemory())
/// features.notes = { fakeNotes.start() }
/// ```
public struct JournalFeatures {
  /// Starts the notes: the journal's entries.
  public var notes: @JournalActor () -> FeatureHandle<NotesInput, NotesOutput>
  /// Starts the counter: how many entries there are, and the milestones.
  public var counter: @JournalActor () -> FeatureHandle<CounterInput, CounterOutput>

  /// Creates a set of features from the ways to start them.
  ///
  /// - Parameters:
  ///   - notes: Starts the notes.
  ///   - counter: Starts the counter.
  public init(
    notes: @escaping @JournalActor () -> FeatureHandle<NotesInput, NotesOutput>,
    counter: @escaping @JournalActor () -> FeatureHandle<CounterInput, CounterOutput>
  ) {
    self.notes = notes
    self.counter = counter
  }

  /// The real features, configured only through their public launchers.
  ///
  /// - Parameters:
  ///   - storage: Where the entries are loaded from and saved to.
  ///   - milestones: The milestones, shared with whoever else holds this value.
  ///   - autosaveDelay: How long typing must pause before the entries are saved.
  ///   - clock: The clock the autosave waits on (a test gives a `TestClock`).
  /// - Returns: The features.
  public static func live(
    storage: NotesStorage,
    milestones: Shared<Set<Int>> = Shared(value: []),
    autosaveDelay: Duration = .seconds(1),
    clock: any Clock<Duration> = ContinuousClock()
  ) -> JournalFeatures {
    JournalFeatures(
      notes: {
        NotesFeature.launcher.start(
          .init(storage: storage, autosaveDelay: autosaveDelay, clock: clock))
      },
      counter: { CounterFeature.launcher.start(.init(favorites: milestones)) })
  }
}
