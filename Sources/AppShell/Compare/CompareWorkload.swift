import FeatureBridge
import NotesFeature
import StoreKernel
import TerminalUI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One architecture's run of the typing workload, measured with the kernel's own counters.
struct Measurement: Codable, Equatable {
  var architecture: String
  var extraFeatures: Int
  var keystrokes: Int
  var events: EventCounts
  var cpuSeconds: Double
  var wallSeconds: Double
  var peakResidentKilobytes: Int
  /// What a person would see at the end: the notes screen and the tab-bar counts.
  var finalScreen: [String]
  /// End to end: the bytes the frames wrote to the terminal.
  var bytesWritten: Int? = nil

  var eventsPerKeystroke: Double { Double(events.total) / Double(max(1, keystrokes)) }
  var cpuMicrosecondsPerKeystroke: Double { cpuSeconds * 1_000_000 / Double(max(1, keystrokes)) }

  struct EventCounts: Codable, Equatable {
    var actions: Int
    var reducerRuns: Int
    var stateDerivations: Int
    var notifications: Int
    var effects: Int
    var total: Int

    init(
      actions: Int, reducerRuns: Int, stateDerivations: Int, notifications: Int, effects: Int,
      total: Int
    ) {
      self.actions = actions
      self.reducerRuns = reducerRuns
      self.stateDerivations = stateDerivations
      self.notifications = notifications
      self.effects = effects
      self.total = total
    }

    init(_ events: StoreEvents) {
      actions = events.actionsReceived
      reducerRuns = events.reducerRuns
      stateDerivations = events.stateDerivations
      notifications = events.notifications
      effects = events.effectsStarted + events.effectsFinished + events.effectsCancelled
      total = events.total
    }
  }
}

/// Types 5 lines of 60 characters into a new note, `repetitions` times, one key press at a
/// time, exactly as the terminal would deliver slow typing.
///
/// By default the keys go straight to the notes view (the architectures' own cost). End to
/// end, each key is typed as the bytes a terminal sends: decoded, routed by the shell, handled
/// by the feature, composed into a frame and written as the escape sequences a terminal would
/// receive (into a byte sink): the whole cost of a keystroke.
@ShellActor
enum CompareWorkload {
  static let line = String(
    "The quick brown fox jumps over the lazy dog; 0123456789 abcdefghij".prefix(60))

  static let notesTitle = "Notes"

  static func measure(
    _ architecture: Architecture, extraFeatures: Int, repetitions: Int, endToEnd: Bool = false
  ) async -> Measurement {
    let context = AppContext(
      storage: .inMemory(), autosaveDelay: .seconds(3600),
      effectExecutor: SerialEffectExecutor(label: "compare"))
    let features = AppFeatures.standard + AppFeatures.extras(extraFeatures)
    let app = architecture.makeApp(context: context, features: features)
    await app.settle()
    guard let notesIndex = app.declarations.firstIndex(where: { $0.title == notesTitle }) else {
      preconditionFailure("the app has no \(notesTitle) feature")
    }
    app.shell.send(.selectTab(notesIndex))
    let notes = app.view(at: notesIndex)
    // Every view is rendered once, as a screen full of live views would be, so that the views
    // of the other features observe their stores from the start.
    for index in app.declarations.indices { _ = app.view(at: index).render(width: 100, height: 12) }
    var terminal = EndToEndTerminal(app: app)
    let type: (KeyPress) -> Void =
      endToEnd ? { terminal.type($0) } : { notes.handle([$0]) }
    // Warm-up, not measured: create the note and type one line (this also arms the autosave
    // timer, once per burst of typing, as it would be while a person types).
    type(.character("n"))
    for character in line { type(.character(character)) }
    type(.enter)
    await app.settle()
    // The note is open in its editor now (a feature the list presents): on screen, as in the
    // app, so that the view observes the editor's store as it observed the list's.
    _ = notes.render(width: 100, height: 12)

    let eventsBefore = app.events
    let cpuBefore = ProcessClock.cpuSeconds()
    let wallStart = ContinuousClock.now
    var keystrokes = 0
    for _ in 0..<repetitions {
      for _ in 0..<5 {
        for character in line {
          type(.character(character))
          keystrokes += 1
        }
        type(.enter)
        keystrokes += 1
      }
    }
    let wall = ContinuousClock.now - wallStart
    let cpu = ProcessClock.cpuSeconds() - cpuBefore
    let events = app.events.subtracting(eventsBefore)
    await app.settle()

    let composer = FrameComposer(color: false)
    var shell = app.shell.state
    shell.status = ""
    let frame = composer.compose(
      shell: shell, titles: app.declarations.map(\.title), tabs: app.tabs, view: notes,
      width: 100, height: 12)
    let measurement = Measurement(
      architecture: architecture.rawValue,
      extraFeatures: extraFeatures,
      keystrokes: keystrokes,
      events: .init(events),
      cpuSeconds: cpu,
      wallSeconds: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
      peakResidentKilobytes: ProcessClock.peakResidentKilobytes(),
      finalScreen: frame.lines,
      bytesWritten: endToEnd ? terminal.bytesWritten : nil)
    await app.stop()
    return measurement
  }
}

/// A terminal for the end-to-end comparison: keys go in as bytes, frames come out as the bytes
/// the interactive session writes (``TerminalScreen``: only the cells that changed), counted
/// and dropped.
@ShellActor
struct EndToEndTerminal {
  let app: any RunningApp
  private var decoder = KeyDecoder()
  private var screen = TerminalScreen()
  private let composer = FrameComposer(color: true)
  private(set) var bytesWritten = 0

  init(app: any RunningApp) {
    self.app = app
  }

  /// Types `key` as the bytes a terminal would send, then draws the frame it leads to.
  mutating func type(_ key: KeyPress) {
    let keys = decoder.decode(Self.bytes(for: key))
    _ = KeyRouter.route(keys, in: app)
    let shell = app.shell.state
    let frame = composer.compose(
      shell: shell, titles: app.declarations.map(\.title), tabs: app.tabs,
      view: app.view(at: shell.activeTab), width: 100, height: 30)
    bytesWritten += screen.update(to: frame.lines, cursor: frame.cursor).count
  }

  private static func bytes(for key: KeyPress) -> [UInt8] {
    switch key {
    case .character(let character): Array(String(character).utf8)
    case .enter: [13]
    default: preconditionFailure("the workload types only characters and Enter")
    }
  }
}

/// CPU time and memory of this process, from `getrusage`.
enum ProcessClock {
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
      + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
  }

  /// The process's peak resident set so far (monotonic over the process's life).
  static func peakResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
  }
}
