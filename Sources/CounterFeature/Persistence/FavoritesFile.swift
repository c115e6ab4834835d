import SharedFileStorage
public import StoreKernel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension CounterFeature {
  /// The favorites the counter shares with other features, kept in `directory/favorites.json`:
  /// one shared value, loaded once (off the caller's actor) and saved after changes by the file
  /// strategy of `SharedFileStorage`, with the rules of every file the app keeps. Favorites an
  /// older build kept in `counter.json` join them when the counter loads that file (after this
  /// file's load), and leave it once this file holds them. The counter reports this file's
  /// problems (corrupt and kept aside, unreadable, held by another instance, a failed save) as
  /// storage errors.
  ///
  /// - Parameter directory: The data directory; it must exist.
  /// - Returns: The shared favorites, to hand to every feature that shares them.
  public static func favorites(inDirectory directory: String) -> Shared<Set<Int>> {
    Shared(
      wrappedValue: [],
      .fileStorage(directory + "/favorites.json", coding: FavoritesRecord.coding))
  }
}

/// What `favorites.json` holds: the favorites, sorted, with the format and its version.
///
/// ```json
/// {"favorites":[2,3],"format":"multistore-favorites","version":1}
/// ```
struct FavoritesRecord: Codable, Equatable {
  static let format = "multistore-favorites"
  static let currentVersion = 1

  var favorites: [Int]
  var format = Self.format
  var version = Self.currentVersion

  /// The file's coding: the record as JSON with sorted keys, checked when read.
  static let coding = SharedFileCoding<Set<Int>>(
    encode: { favorites in
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      return Array(try encoder.encode(FavoritesRecord(favorites: favorites.sorted())))
    },
    decode: { bytes in
      let record = try JSONDecoder().decode(FavoritesRecord.self, from: Data(bytes))
      guard record.format == format else {
        throw FavoritesRecordError(reason: "not a favorites file (format '\(record.format)')")
      }
      guard record.version == currentVersion else {
        throw FavoritesRecordError(
          reason: "version \(record.version) is not supported (this build reads version "
            + "\(currentVersion))")
      }
      return Set(record.favorites)
    })
}

/// Why `favorites.json` is not a favorites file.
struct FavoritesRecordError: Error, CustomStringConvertible {
  var reason: String
  var description: String { reason }
}
