import FeatureBridge
import Foundation
import NotesFeature
import StoreKernel

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
/// time through the notes view, exactly as the terminal would deliver slow typing.
@ShellActor
enum CompareWorkload {
  static let line = String(
    "The quick brown fox jumps over the lazy dog; 0123456789 abcdefghij".prefix(60))

  static func measure(
    _ architecture: Architecture, extraFeatures: Int, repetitions: Int
  ) async -> Measurement {
    let environment = AppEnvironment(
      storage: .inMemory(), autosaveDelay: .seconds(3600), extraFeatures: extraFeatures)
    let app: any RunningApp =
      switch architecture {
      case .multiStore: MultiStoreApp(environment: environment)
      case .singleStore: SingleStoreApp(environment: environment)
      }
    await Quiescence.settle()
    app.shell.send(.selectTab(.notes))
    let notes = app.view(for: .notes)
    // Warm-up, not measured: create the note and type one line (this also arms the autosave
    // timer, once per burst of typing, as it would be while a person types).
    notes.handle([.character("n")])
    for character in line { notes.handle([.character(character)]) }
    notes.handle([.enter])
    await Quiescence.settle()

    let eventsBefore = app.events
    let cpuBefore = ProcessClock.cpuSeconds()
    let wallStart = ContinuousClock.now
    var keystrokes = 0
    for _ in 0..<repetitions {
      for _ in 0..<5 {
        for character in line {
          notes.handle([.character(character)])
          keystrokes += 1
        }
        notes.handle([.enter])
        keystrokes += 1
      }
    }
    let wall = ContinuousClock.now - wallStart
    let cpu = ProcessClock.cpuSeconds() - cpuBefore
    let events = app.events.subtracting(eventsBefore)
    await Quiescence.settle()

    let composer = FrameComposer(color: false)
    var shell = app.shell.state
    shell.status = ""
    let frame = composer.compose(shell: shell, view: notes, width: 100, height: 12)
    let measurement = Measurement(
      architecture: architecture.rawValue,
      extraFeatures: extraFeatures,
      keystrokes: keystrokes,
      events: .init(events),
      cpuSeconds: cpu,
      wallSeconds: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18,
      peakResidentKilobytes: ProcessClock.peakResidentKilobytes(),
      finalScreen: frame.lines)
    await app.stop()
    return measurement
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
