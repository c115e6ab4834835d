public import CounterFeature
import CounterTerminalView
public import FeatureBridge
public import NotesFeature
import NotesTerminalView
import TerminalUI

/// A journal built from two black boxes: the entries are notes (NotesFeature), and a counter
/// (CounterFeature) follows how many there are; saving the count as one of the counter's
/// favorites marks it as a milestone.
///
/// The journal knows each feature only by its boundary. It sends inputs, listens to outputs and
/// renders the features' terminal views; it never presses a key for them. It also wires one
/// feature's output into the other's input: every `noteCountChanged` from the notes becomes a
/// `setCount` for the counter.
///
/// ```swift
/// let journal = Journal(features: .live(storage: storage))
/// for line in lines where !line.isEmpty {
///   if line == ":save" {
///     await journal.save()
///   } else if line.hasPrefix(":search ") {
///     await journal.search(String(line.dropFirst(":search ".count)))
///   } else {
///     await journal.write(line)
///   }
/// }
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
  public let notes: FeatureHandle<NotesInput, NotesOutput>
  /// The running counter.
  public let counter: FeatureHandle<CounterInput, CounterOutput>

  private lazy var notesView = NotesFeature.terminalView(of: notes)
  private lazy var counterView = CounterFeature.terminalView(of: counter)

  /// Starts both features and listens to their outputs.
  ///
  /// - Parameter features: How to start them; see
  ///   ``JournalFeatures/live(storage:milestones:autosaveDelay:)``.
  public init(features: JournalFeatures) {
    notes = features.notes()
    counter = features.counter()
    notes.onOutput { [weak self] in self?.hear($0) }
    counter.onOutput { [weak self] in self?.hear($0) }
  }

  /// Writes a new entry: a note whose title is the entry's first line.
  ///
  /// - Parameter text: The entry.
  /// - Returns: Whether the notes took it (`false` once they have stopped).
  @discardableResult
  public func write(_ text: String) async -> Bool {
    let title = String(text.prefix { $0 != "\n" })
    return await notes.send(.create(title: title, body: text))
  }

  /// Shows only the entries that contain `text` (an empty text shows them all).
  ///
  /// - Parameter text: The text to look for.
  public func search(_ text: String) async {
    await notes.send(.search(text))
  }

  /// Saves the entries now, without waiting for the autosave.
  public func save() async {
    await notes.send(.save)
  }

  /// Marks the counter's current count as a milestone (one of the counter's favorites).
  public func markMilestone() async {
    await counter.send(.toggleFavorite)
  }

  /// The journal on a terminal: a header, the notes' view, a rule, and the counter's view.
  ///
  /// - Parameters:
  ///   - width: The available columns.
  ///   - height: The available rows.
  /// - Returns: At most `height` lines.
  public func render(width: Int, height: Int) -> [String] {
    let counterLines = counterView.render(width: width, height: min(6, max(0, height - 2)))
    let notesHeight = max(0, height - counterLines.count - 2)
    let entries = entryCount == 1 ? "1 entry" : "\(entryCount) entries"
    let header = status.isEmpty ? "Journal: \(entries)" : "Journal: \(entries) · \(status)"
    return [TerminalText.fit(header, width: width)]
      + notesView.render(width: width, height: notesHeight)
      + [String(repeating: "─", count: max(0, width))] + counterLines
  }

  /// Waits until both features have done what the journal's inputs started (the notes' load
  /// and saves included). The journal hears outputs as they are emitted, so when this returns
  /// it has heard them all, and the counts it forwarded to the counter have been handled.
  public func settle() async {
    await notes.settle()
    await counter.settle()
  }

  /// Stops both features after delivering everything sent to them; the notes save unsaved
  /// entries as they stop. The notes stop first, so the counter still hears their last count.
  public func stop() async {
    await notes.finish()
    await counter.finish()
  }

  private func hear(_ output: NotesOutput) {
    switch output {
    case .noteCountChanged(let count):
      entryCount = count
      counter.input.send(.setCount(count))
    case .created, .deleted:
      break
    case .unsavedChangesKept(let path):
      status = "unsaved entries kept in \(path)"
    case .unsavedChangesLost(let reason):
      status = "error: \(reason)"
    case .saved(let count):
      status = count == 1 ? "saved 1 entry" : "saved \(count) entries"
    case .storageError(let message):
      status = "error: \(message)"
    }
  }

  private func hear(_ output: CounterOutput) {
    switch output {
    case .countChanged:
      // The count follows the entries; the journal set it.
      break
    case .favoriteSaved(let count):
      milestones = (milestones + [count]).sorted()
      status = "milestone: \(count == 1 ? "1 entry" : "\(count) entries")"
    case .favoriteRemoved(let count):
      milestones.removeAll { $0 == count }
    case .storageError(let message):
      status = "error: \(message)"
    }
  }
}
