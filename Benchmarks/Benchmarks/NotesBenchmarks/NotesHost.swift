import Benchmark
import FeatureBridge
import Foundation
import NotesFeature
import NotesTerminalView
import TerminalUI

/// A custom actor, as a terminal host gives its features: the notes feature is started inside
/// its methods, so its store lives here, and keys and frames are handled here as the app does.
actor NotesHost {
  static let width = 100
  static let height = 30

  /// Starts the notes on `storage`, waits for the load, and opens the first note at its end.
  private func open(
    _ storage: NotesStorage
  ) async -> (FeatureHandle<NotesInput, NotesOutput>, any TerminalView) {
    let feature = NotesFeature.launcher.start(
      .init(storage: storage, autosaveDelay: .seconds(3600)))
    for await _ in feature.outputs { break }
    let view = NotesFeature.terminalView(of: feature)
    _ = view.render(width: Self.width, height: Self.height)
    view.handle([.enter, .modified(.end, .control)])
    _ = view.render(width: Self.width, height: Self.height)
    return (feature, view)
  }

  /// Notes already open, by note size, so each sample is one key on a note that is already
  /// loaded: the harness calls the benchmark once per sample.
  private var opened: [Int: (FeatureHandle<NotesInput, NotesOutput>, any TerminalView)] = [:]
  private var keyCount = 0

  /// One key, then the frame after it: typing `x` and Backspace in turn at the end of a note
  /// of `bytes` bytes, each followed by a render at 100×30.
  func keystrokeAndFrame(_ box: UncheckedBox<Benchmark>, noteBytes bytes: Int) async {
    let benchmark = box.value
    if opened[bytes] == nil {
      opened[bytes] = await open(.inMemory([("Note", NoteFixtures.prose(bytes: bytes))]))
    }
    let view = opened[bytes]!.1
    let keys: [KeyPress] = [.character("x"), .backspace]

    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      keyCount += 1
      view.handle([keys[keyCount & 1]])
      blackHole(view.render(width: Self.width, height: Self.height))
    }
    benchmark.stopMeasurement()
  }

  private var searching: [String: (FeatureHandle<NotesInput, NotesOutput>, any TerminalView)] = [:]

  /// The notes' view over `count` notes of about 400 bytes, searching.
  private func searchView(notes count: Int, name: String) async -> any TerminalView {
    if let (_, view) = searching[name] { return view }
    let notes = (0..<count).map { index in
      (title: "Note \(index)", body: NoteFixtures.prose(bytes: 400, seed: index))
    }
    let feature = NotesFeature.launcher.start(
      .init(storage: .inMemory(notes), autosaveDelay: .seconds(3600)))
    for await _ in feature.outputs { break }
    let view = NotesFeature.terminalView(of: feature)
    view.handle([.character("/")])
    _ = view.render(width: Self.width, height: Self.height)
    // The view holds its store weakly: the feature must be kept running too.
    searching[name] = (feature, view)
    return view
  }

  /// The worst key of a search through `count` notes: a letter no note has, typed into an
  /// empty search field, so every note is checked to its end; then the frame after it. (The
  /// Backspace that empties the field again is not measured.)
  func searchKeyCheckingEveryNote(_ box: UncheckedBox<Benchmark>, notes count: Int) async {
    let benchmark = box.value
    let view = await searchView(notes: count, name: "worst")
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      view.handle([.character("q")])
      blackHole(view.render(width: Self.width, height: Self.height))
    }
    benchmark.stopMeasurement()
    view.handle([.backspace])
  }

  /// Typing "word 7" into the search field and deleting it again, one key (and its frame) per
  /// sample: keys that narrow the previous matches and keys that widen them.
  func searchTyping(_ box: UncheckedBox<Benchmark>, notes count: Int) async {
    let benchmark = box.value
    let view = await searchView(notes: count, name: "typing")
    let query = Array("word 7")
    let keys = query.map { KeyPress.character($0) } + query.map { _ in KeyPress.backspace }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
      keyCount += 1
      view.handle([keys[keyCount % keys.count]])
      blackHole(view.render(width: Self.width, height: Self.height))
    }
    benchmark.stopMeasurement()
  }

  /// A 50 KB paste into a search of `count` notes of accented words, narrowed to `é` (most
  /// notes match it) before each paste, then the frame after it: one sample is one paste. The
  /// search text is checked against every note `é` matched (docs/performance.md, "A paste into
  /// the search").
  func pasteIntoSearch(_ box: UncheckedBox<Benchmark>, notes count: Int) async {
    let benchmark = box.value
    let name = "paste \(count)"
    if searching[name] == nil {
      let notes = (0..<count).map { index in
        (title: "Note \(index)", body: NoteFixtures.accentedWords(bytes: 300, seed: index))
      }
      let feature = NotesFeature.launcher.start(
        .init(storage: .inMemory(notes), autosaveDelay: .seconds(3600)))
      for await _ in feature.outputs { break }
      searching[name] = (feature, NotesFeature.terminalView(of: feature))
    }
    let view = searching[name]!.1
    // A fresh search narrowed to `é`, not measured.
    view.handle([.character("/"), .character("é")])
    let narrowed = view.render(width: Self.width, height: Self.height)
    precondition(!narrowed.joined().contains("(0 of"), "the search for é matched no note")
    benchmark.startMeasurement()
    view.handle([.paste(Self.pasted)])
    let frame = view.render(width: Self.width, height: Self.height)
    benchmark.stopMeasurement()
    precondition(frame.joined().contains("(0 of \(count))"), "the paste did not reach the search")
    view.handle([.escape])
  }

  private static let pasted = NoteFixtures.pastedText(bytes: 50 * 1_024)

  /// Resident memory after 10,000 edits of a 1 MB note loaded from a file: characters typed
  /// in runs of 50, a screenful up between runs, so the edits land all over the note and the
  /// undo history holds about 2,000 of them. Reports the growth over the edits, and the
  /// growth since before the note was loaded less the note's size.
  func editMemory(_ box: UncheckedBox<Benchmark>) async {
    let benchmark = box.value
    let body = NoteFixtures.prose(bytes: 1 << 20)
    guard let directory = try? NoteFixtures.dataDirectory(holding: [("Note", body)]) else {
      fatalError("cannot write the benchmark's notes file")
    }
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let before = NoteFixtures.residentKilobytes()
    let (feature, view) = await open(.file(inDirectory: directory))
    let loaded = NoteFixtures.residentKilobytes()

    for edit in 0..<10_000 {
      if edit % 50 == 0 { view.handle([.pageUp]) }
      view.handle([.character(edit % 6 == 5 ? " " : "e")])
      if edit % 100 == 0 { _ = view.render(width: Self.width, height: Self.height) }
    }
    let after = NoteFixtures.residentKilobytes()
    benchmark.measurement(
      .custom("RSS growth over the edits (KB)", useScalingFactor: false), after - loaded)
    benchmark.measurement(
      .custom("RSS after the edits less the note's size (KB)", useScalingFactor: false),
      after - before - body.utf8.count / 1024)
    await feature.stop()
  }
}
