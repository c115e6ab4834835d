public import Foundation
public import StoreKernel

extension DependencyValues {
  /// Tells the current date. Live: `Date()`. Tests: always 2001-01-01 00:00:00 UTC
  /// (`Date(timeIntervalSinceReferenceDate: 0)`) unless the test sets another, so a test never
  /// depends on when it runs.
  ///
  /// ```swift
  /// @Dependency(\.date) var date
  /// note.modified = date.now
  /// ```
  public var date: DateGenerator {
    get { self[DateGeneratorKey.self] }
    set { self[DateGeneratorKey.self] = newValue }
  }
}

/// Tells the current date: the system's in an app, a fixed one in tests.
///
/// `Sendable`: it holds a `@Sendable` closure.
public struct DateGenerator: Sendable {
  private var generate: @Sendable () -> Date

  /// A generator that asks `generate` each time.
  ///
  /// - Parameter generate: Tells the date.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// The current date. Setting it makes the generator tell that date from then on, as TCA's
  /// does: `withDependencies { $0.date.now = Date(timeIntervalSince1970: 1_234_567_890) }`.
  public var now: Date {
    get { generate() }
    set { generate = { newValue } }
  }

  /// The current date.
  public func callAsFunction() -> Date { generate() }

  /// Always `date`.
  ///
  /// - Parameter date: The date to tell.
  /// - Returns: The generator.
  public static func constant(_ date: Date) -> DateGenerator { DateGenerator { date } }
}

private enum DateGeneratorKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static let testValue = DateGenerator.constant(Date(timeIntervalSinceReferenceDate: 0))
}
