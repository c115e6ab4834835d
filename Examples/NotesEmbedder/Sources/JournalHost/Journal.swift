public import CounterFeature
public import FeatureBridge
public import NotesFeature

/// A journal built from two black boxes: the entries are notes (NotesFeature), and a counter
/// (CounterFeature) follows how many there are; saving the count as one of the counter's
/// favorites marks it as a milestone.
///
/// The journal knows each feature only by its boundary. It sends inputs, listens to outputs,
/// renders views and hands them key presses. It also wires one feature's output into the other's
/// input: every `noteCountChanged` from the notes becomes a `setCount` for the counter.
///
/// ```swift
/// let journal = Journal(features: .live(storage: .inMemory()))
/// journal.write("Ran 5k before breakfast")
/// ```
@JournalActor
public final class Journal {
  /// How many entries the notes last reported.
  public private(set) var entryCount = 0
  /// The last thing worth telling the user: a save, a milestone, or a storage error.
  public private(set) var status = ""
  /// The counts marked as milestones, in ascending order.
  public private(set) var milestones: [Int] = []
  /// The running notes.
  public let notes: Feature<NotesInput, NotesOutput>
  /// The running counter.
  public let counter: Feature<CounterInput, CounterOutput>

  private let notesInputs: AsyncStream<NotesInput>.Continuation
  private let counterInputs: AsyncStream<CounterInput>.Continuation
  private var notesListener: Task<Void, Never>?
  private var counterListener: Task<Void, Never>?
  private var inputsSent = (notes: 0, counter: 0)
  private var outputsHeard = (notes: 0, counter: 0)

  /// Starts both features and listens to their outputs.
  ///
  /// - Parameter features: How to start them; see ``JournalFeatures/live(storage:milestones:autosaveDelay:)``.
  public init(features: JournalFeatures) {
    let (notesStream, notesInputs) = AsyncStream.makeStream(of: NotesInput.self)
    let (counterStream, counterInputs) = AsyncStream.makeStream(of: CounterInput.self)
    self.notesInputs = notesInputs
    self.counterInputs = counterInputs
    notes = features.notes(notesStream)
    counter = features.counter(counterStream)
    let notesOutputs = notes.outputs
    let counterOutputs = counter.outputs
    notesListener = Task { [weak self] in
      for await output in notesOutputs { self?.hear(output) }
    }
    counterListener = Task { [weak self] in
      for await output in counterOutputs { self?.hear(output) }
    }
  }

  /// Writes a new entry. The notes' boundary has no "create" input (creating a note is something
  /// its user does in its view), so the journal presses the keys a user would: `n`, the text,
  /// Escape.
  ///
  /// - Parameter text: The entry.
  /// - Returns: Whether the notes' view took every key.
  @discardableResult
  public func write(_ text: String) -> Bool {
    let keys: [KeyPress] = [.character("n"), .paste(text), .escape]
    return notes.view.handle(keys) == keys.count
  }

  /// Shows only the entries that contain `text` (an empty text shows them all).
  ///
  /// - Parameter text: The text to look for.
  public func search(_ text: String) {
    send(.search(text))
  }

  /// Saves the entries now, without waiting for the autosave.
  public func save() {
    send(.save)
  }

  /// Marks the counter's current count as a milestone, as its user would: `s` in its view.
  public func markMilestone() {
    counter.view.handle([.character("s")])
  }

  /// The journal on a terminal: a header, the notes' view, a rule, and the counter's view.
  ///
  /// - Parameters:
  ///   - width: The available columns.
  ///   - height: The available rows.
  /// - Returns: At most `height` lines.
  public func render(width: Int, height: Int) -> [String] {
    let counterLines = counter.view.render(width: width, height: min(6, max(0, height - 2)))
    let notesHeight = max(0, height - counterLines.count - 2)
    let entries = entryCount == 1 ? "1 entry" : "\(entryCount) entries"
    let header = status.isEmpty ? "Journal: \(entries)" : "Journal: \(entries) · \(status)"
    return [TerminalText.fit(header, width: width)]
      + notes.view.render(width: width, height: notesHeight)
      + [String(repeating: "─", count: max(0, width))] + counterLines
  }

  /// Waits until both features have taken every input the journal sent and the journal has
  /// heard every output they emitted, by their boundary metrics. Work still running inside a
  /// feature (loading the entries, an autosave) may emit more later.
  ///
  /// - Parameter attempts: A bound on the wait, in scheduler turns.
  /// - Returns: Whether everything settled within the bound.
  @discardableResult
  public func settle(attempts: Int = 100_000) async -> Bool {
    for _ in 0..<attempts {
      let notesMetrics = notes.metrics
      let counterMetrics = counter.metrics
      if notesMetrics.inputsDelivered == inputsSent.notes,
        counterMetrics.inputsDelivered == inputsSent.counter,
        notesMetrics.outputsEmitted == outputsHeard.notes,
        counterMetrics.outputsEmitted == outputsHeard.counter
      {
        return true
      }
      await Task.yield()
    }
    return false
  }

  /// Stops both features after delivering everything sent to them; the notes save unsaved
  /// entries as they stop. The notes stop first, so the counter still hears their last count.
  public func stop() async {
    notesInputs.finish()
    await notes.finish()
    await notesListener?.value
    counterInputs.finish()
    await counter.finish()
    await counterListener?.value
  }

  private func send(_ input: NotesInput) {
    inputsSent.notes += 1
    notesInputs.yield(input)
  }

  private func send(_ input: CounterInput) {
    inputsSent.counter += 1
    counterInputs.yield(input)
  }

  private func hear(_ output: NotesOutput) {
    outputsHeard.notes += 1
    switch output {
    case .noteCountChanged(let count):
      entryCount = count
      send(.setCount(count))
    case .saved(let count):
      status = count == 1 ? "saved 1 entry" : "saved \(count) entries"
    case .storageError(let message):
      status = "error: \(message)"
    }
  }

  private func hear(_ output: CounterOutput) {
    outputsHeard.counter += 1
    switch output {
    case .countChanged:
      // The count follows the entries; the journal set it.
      break
    case .favoriteSaved(let count):
      milestones = (milestones + [count]).sorted()
      status = "milestone: \(count == 1 ? "1 entry" : "\(count) entries")"
    case .favoriteRemoved(let count):
      milestones.removeAll { $0 == count }
    }
  }
}
