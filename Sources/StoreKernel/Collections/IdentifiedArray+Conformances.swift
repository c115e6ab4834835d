extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether both arrays have equal elements in the same order.
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.elements == rhs.storage.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements in order.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.elements)
  }
}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    try storage.elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable & Identifiable, ID == Element.ID {
  /// Decodes an array of elements; a repeated id is a decoding error.
  ///
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    var container = try decoder.unkeyedContainer()
    self.init()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "Duplicate id \(element.id) in an IdentifiedArray.")
      }
    }
  }
}

extension IdentifiedArray: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { storage.elements.description }

  /// The type and the elements: `IdentifiedArray<Todo>([…])`.
  public var debugDescription: String {
    "IdentifiedArray<\(Element.self)>(\(storage.elements.debugDescription))"
  }
}

extension IdentifiedArray: CustomReflectable {
  /// The elements, as a collection.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: storage.elements, displayStyle: .collection)
  }
}

extension IdentifiedArray: IdentifiedElements {
  var elementIDs: [AnyHashable] { storage.ids.map { AnyHashable($0) } }
  var elementValues: [Any] { storage.elements }
}
