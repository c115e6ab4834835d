import StoreKernel

/// Waiting for the app to go quiet without a terminal: effects and outputs in flight land
/// asynchronously, so script mode and `compare` wait until the runtime's event totals stop
/// changing (three equal readings 2 ms apart) before they read what a person would see.
enum Quiescence {
  static func settle() async {
    var last = -1
    var stable = 0
    while stable < 3 {
      try? await Task.sleep(for: .milliseconds(2))
      let total = StoreRegistry.totals.total
      stable = total == last ? stable + 1 : 0
      last = total
    }
  }
}
