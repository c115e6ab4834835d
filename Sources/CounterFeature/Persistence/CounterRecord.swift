#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the counter keeps between runs: the count and the favorites, as JSON.
///
/// ```json
/// {"count":7,"favorites":[2,3],"format":"multistore-counter","version":1}
/// ```
package struct CounterRecord: Equatable, Sendable, Codable {
  package static let format = "multistore-counter"
  package static let currentVersion = 1

  package var format: String
  package var version: Int
  package var count: Int
  /// Sorted, so the same favorites always write the same file.
  package var favorites: [Int]

  package init(count: Int, favorites: Set<Int>) {
    self.format = Self.format
    self.version = Self.currentVersion
    self.count = count
    self.favorites = favorites.sorted()
  }

  /// Encodes the record as UTF-8 JSON.
  package func encoded() throws -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    return Array(try encoder.encode(self))
  }

  /// Decodes and checks a record; the reason, in words, when it is not one.
  package static func decode(_ bytes: [UInt8]) -> Result<CounterRecord, CounterRecordError> {
    let record: CounterRecord
    do {
      record = try JSONDecoder().decode(CounterRecord.self, from: Data(bytes))
    } catch {
      return .failure(CounterRecordError(reason: "not a counter file (\(error))"))
    }
    guard record.format == format else {
      return .failure(CounterRecordError(reason: "not a counter file (format '\(record.format)')"))
    }
    guard record.version == currentVersion else {
      return .failure(
        CounterRecordError(
          reason: "version \(record.version) is not supported (this build reads version "
            + "\(currentVersion))"))
    }
    return .success(record)
  }
}

/// Why a counter file could not be decoded.
package struct CounterRecordError: Error, Equatable, Sendable {
  package var reason: String
}
