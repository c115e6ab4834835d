public import FeatureBridge

/// A rating: a few stars for a prompt, given by its view or its host, then submitted. Its
/// state, actions and reducer are internal to this module.
public enum RatingFeature {
  /// How to make a rating for the prompt a host or a parent gives it: a host starts one with
  /// `RatingFeature.launcher.start(RatingPrompt(title: "How did it go?"))`, then sends it
  /// `.rate(stars: 4)` and `.submit`.
  public static let launcher = FeatureLauncher { (prompt: RatingPrompt) in
    FeatureRecipe(
      name: "Rating", initialState: RatingState(prompt: prompt), reducer: RatingReducer())
  }
}

/// What a rating starts with: what it asks, and how many stars it offers.
///
/// `Sendable` plain value.
public struct RatingPrompt: Equatable, Hashable, Sendable {
  /// What the rating asks.
  public var title: String
  /// The most stars it offers.
  public var maximum: Int

  /// A prompt asking `title`, with up to `maximum` stars.
  ///
  /// - Parameters:
  ///   - title: What the rating asks.
  ///   - maximum: The most stars it offers.
  public init(title: String, maximum: Int = 5) {
    self.title = title
    self.maximum = maximum
  }
}

/// What a host may tell a rating.
///
/// `Sendable` plain value.
public enum RatingInput: Equatable, Sendable {
  /// Give this many stars (kept between zero and the prompt's maximum).
  case rate(stars: Int)
  /// Submit the stars given, if any.
  case submit
}

/// What a rating tells its host.
///
/// `Sendable` plain value.
public enum RatingOutput: Equatable, Sendable {
  /// The rating was submitted with this many stars.
  case submitted(stars: Int)
}
