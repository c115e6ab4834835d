/// The actor the long reliability suites run on. They drive ten thousand features or a million
/// actions; on the main actor they would queue thousands of jobs ahead of every other suite's
/// main-actor work for half a minute, and starve tests that run in parallel.
@globalActor
actor ReliabilityActor {
  static let shared = ReliabilityActor()
}
