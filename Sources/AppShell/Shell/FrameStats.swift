/// How long frames took to compose and write, and how long keys waited for the frame that
/// showed them: what `--stats` prints when the interactive app ends. Measured in the app, from
/// the moment a read returned the key's bytes to the moment the frame drawn after the key was
/// handled was written.
///
/// A key that changed nothing on screen has no frame: it is counted apart, never charged to a
/// later frame (a key that only moved past the end of a list, then a save a second later, read
/// as one key waiting a second).
struct FrameStats {
  private(set) var frameDurations: [Duration] = []
  private(set) var keyLatencies: [Duration] = []
  /// Key batches after which nothing on screen changed.
  private(set) var keysWithoutFrame = 0
  /// When each key batch handled since the last frame arrived.
  private var waitingKeys: [ContinuousClock.Instant] = []

  /// A batch of keys arrived at `instant` and was handled; the next frame shows it.
  mutating func keysHandled(arrivedAt instant: ContinuousClock.Instant) {
    waitingKeys.append(instant)
  }

  /// The keys handled since the last frame changed nothing on screen: no frame shows them.
  mutating func keysNeedNoFrame() {
    keysWithoutFrame += waitingKeys.count
    waitingKeys.removeAll(keepingCapacity: true)
  }

  /// A frame that started at `start` was written at `end`.
  mutating func frameDrawn(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant) {
    frameDurations.append(end - start)
    for arrival in waitingKeys { keyLatencies.append(end - arrival) }
    waitingKeys.removeAll(keepingCapacity: true)
  }

  /// One line per measure: count, median, 99th percentile and worst, in milliseconds.
  var report: String {
    func line(_ name: String, _ values: [Duration]) -> String {
      guard !values.isEmpty else { return "  \(name): none\n" }
      let sorted = values.sorted()
      func at(_ fraction: Double) -> String {
        let index = min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))
        let (seconds, attoseconds) = sorted[index].components
        let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        return milliseconds < 10
          ? "\((milliseconds * 100).rounded() / 100)" : "\(Int(milliseconds))"
      }
      return "  \(name): \(sorted.count), p50 \(at(0.5)) ms, p99 \(at(0.99)) ms, max \(at(1)) ms\n"
    }
    return line("frames (compose + write)", frameDurations)
      + line("key to frame", keyLatencies)
      + "  keys that changed nothing on screen: \(keysWithoutFrame)\n"
  }
}
