#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a shared value kept in a file becomes bytes and back.
///
/// `Sendable`: it holds `@Sendable` closures.
public struct SharedFileCoding<Value>: Sendable {
  let encode: @Sendable (Value) throws -> [UInt8]
  let decode: @Sendable ([UInt8]) throws -> Value

  /// A coding from two functions.
  ///
  /// - Parameters:
  ///   - encode: The value's bytes.
  ///   - decode: The value from bytes; throws when they are not one (the file is then kept
  ///     aside and reported).
  public init(
    encode: @escaping @Sendable (Value) throws -> [UInt8],
    decode: @escaping @Sendable ([UInt8]) throws -> Value
  ) {
    self.encode = encode
    self.decode = decode
  }
}

extension SharedFileCoding where Value: Codable & Sendable {
  /// JSON with sorted keys, so the same value always writes the same file.
  public static var json: SharedFileCoding<Value> {
    SharedFileCoding(
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(value))
      },
      decode: { bytes in try JSONDecoder().decode(Value.self, from: Data(bytes)) })
  }
}
