/// Declares a dependency: its type and the values used in the app and in tests.
///
/// A dependency is usually a struct of `@Sendable` closures:
///
/// ```swift
/// struct DraftStorage: Sendable {
///   var load: @Sendable () async throws -> [String]
///   var save: @Sendable ([String]) async throws -> Void
/// }
/// enum DraftStorageKey: DependencyKey {
///   static let liveValue = DraftStorage.directory("/var/lib/drafts")
///   static let testValue = DraftStorage.inMemory()
/// }
/// extension DependencyValues {
///   var drafts: DraftStorage {
///     get { self[DraftStorageKey.self] }
///     set { self[DraftStorageKey.self] = newValue }
///   }
/// }
/// ```
///
/// A key that does not provide `testValue` gets a default one that reports an issue naming the
/// key (a test failure under StoreKernelTesting) and then falls back to `liveValue`: a test
/// must never reach a live value by accident.
public protocol DependencyKey {
  /// The dependency's type.
  associatedtype Value: Sendable
  /// The value used by a running app.
  static var liveValue: Value { get }
  /// The value used in tests when a test does not override the dependency.
  static var testValue: Value { get }
}

extension DependencyKey {
  /// Reports that a test reached this key's live value, then returns it.
  public static var testValue: Value {
    IssueReporter.report(
      "A test used the live value of dependency '\(readableName)' without "
        + "overriding it. Override it in `withDependencies`, or give the key a `testValue`.")
    return liveValue
  }
}

extension DependencyKey {
  /// The key's type as a person would write it: `NotesFeature.NotesStorageKey`, without the
  /// `(unknown context at $…)` the runtime adds for private and local types.
  static var readableName: String {
    var name = String(reflecting: Self.self)
    while let start = name.firstRange(of: "(unknown context at "),
      let end = name[start.upperBound...].firstIndex(of: ")")
    {
      var upper = name.index(after: end)
      if upper < name.endIndex, name[upper] == "." { upper = name.index(after: upper) }
      name.removeSubrange(start.lowerBound..<upper)
    }
    return name
  }
}
