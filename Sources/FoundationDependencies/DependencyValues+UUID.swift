public import Foundation
import MultiStorePrimitives
public import StoreKernel

extension DependencyValues {
  /// Makes `UUID`s. Live: random ones. Tests: ``UUIDGenerator/incrementing`` from
  /// `00000000-0000-0000-0000-000000000000`, a new sequence for each store, so ids in a test
  /// are predictable.
  ///
  /// ```swift
  /// @Dependency(\.uuid) var uuid
  /// let note = Note(id: uuid(), title: title)
  /// ```
  public var uuid: UUIDGenerator {
    get { self[UUIDGeneratorKey.self] }
    set { self[UUIDGeneratorKey.self] = newValue }
  }
}

/// Makes `UUID`s on demand: random ones in an app, predictable ones in tests.
///
/// `Sendable`: it holds a `@Sendable` closure.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate` for each id.
  ///
  /// - Parameter generate: Makes one id.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// The next id.
  public func callAsFunction() -> UUID { generate() }

  /// Random ids, `UUID()`.
  public static let random = UUIDGenerator { UUID() }

  /// Always `uuid`.
  ///
  /// - Parameter uuid: The id to return.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> UUIDGenerator { UUIDGenerator { uuid } }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, and so on: each generator
  /// has its own count.
  public static var incrementing: UUIDGenerator {
    let next = LockedCounter()
    return UUIDGenerator { UUID(number: next.take()) }
  }
}

extension UUID {
  /// The id whose last 12 hexadecimal digits are `number`: `UUID(number: 1)` is
  /// `00000000-0000-0000-0000-000000000001`.
  ///
  /// - Parameter number: The number to spell.
  public init(number: UInt64) {
    let hex = String(number, radix: 16, uppercase: true)
    let digits = String(repeating: "0", count: max(0, 12 - hex.count)) + hex
    self.init(uuidString: "00000000-0000-0000-0000-" + digits.suffix(12))!
  }
}

extension UUID {
  /// TCA's spelling of ``init(number:)``, for the ids the test `uuid` generator makes:
  /// `UUID(0)` is `00000000-0000-0000-0000-000000000000`, `UUID(1)` the next one.
  ///
  /// - Parameter number: The number to spell; not negative.
  public init(_ number: Int) {
    precondition(number >= 0, "UUID(\(number)): the number must not be negative.")
    self.init(number: UInt64(number))
  }
}

/// A counter several threads may take numbers from.
private final class LockedCounter: Sendable {
  private let value = LockedValue<UInt64>(0)

  func take() -> UInt64 {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }
}

private enum UUIDGeneratorKey: DependencyKey {
  static let liveValue = UUIDGenerator.random
  static var testValue: UUIDGenerator { .incrementing }
}
