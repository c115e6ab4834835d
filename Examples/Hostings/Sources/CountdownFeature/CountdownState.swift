/// A countdown's state: the seconds left, and whether it is counting.
struct CountdownState: Equatable {
  var remaining: Int
  var isRunning = false

  init(countdown: Countdown) {
    remaining = countdown.seconds
  }
}
