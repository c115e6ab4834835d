import StoreKernel

/// Waiting for the app to go quiet without a terminal: effects and outputs in flight land
/// asynchronously, so script mode and `compare` wait until the runtime's event totals stop
/// changing (three equal readings 2 ms apart) before they read what a person would see.
enum Quiescence {
  /// Waits until `condition` holds (at most `limit`), then until the app is quiet. For work
  /// whose end is an output, not an event: a file save spends its time in `fsync`, when no
  /// event happens, so quiet alone can come before the save has finished.
  nonisolated(nonsending) static func settle(
    until condition: () -> Bool, limit: Duration = .seconds(10)
  ) async {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while !condition(), ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(1))
    }
    await settle()
  }

  static func settle() async {
    var last = -1
    var stable = 0
    while stable < 3 {
      try? await Task.sleep(for: .milliseconds(2))
      let total = StoreRegistry.shared.totals.total
      stable = total == last ? stable + 1 : 0
      last = total
    }
  }
}
