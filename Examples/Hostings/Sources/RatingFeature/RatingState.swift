/// A rating's state: its prompt and the stars given so far.
struct RatingState: Equatable {
  var prompt: RatingPrompt
  var stars = 0
}
