import CountdownFeature
import SessionLogFeature
import StoreKernel

/// A session's state: the values its features were presented with, and what it learned from
/// their outputs. The features' own states are not here (they are theirs, opaque).
struct PracticeState: Equatable {
  var logPath: String
  var timers = StackState<Countdown>()
  @PresentationState var log: SessionLog?
  @PresentationState var destination: PracticeDestination.State?
  var finishedTimers = 0
  var logCount = 0
  var ratings: [Int] = []

  init(practice: Practice) {
    logPath = practice.logPath
  }
}
