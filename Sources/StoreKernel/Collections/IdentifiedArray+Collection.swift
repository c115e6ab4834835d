extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element: 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the last element: the number of elements.
  @inlinable
  public var endIndex: Int { storage.count }

  /// The element at `position`.
  ///
  /// Setting an element keeps the count: if another element has the new element's id, the two
  /// swap places first (so a sort moves elements), otherwise the element at `position` is
  /// replaced. Changing an element's id in place traps.
  ///
  /// - Parameter position: A valid position.
  @inlinable
  public subscript(position: Int) -> Element {
    get { storage[position] }
    set {
      let id = self.id(newValue)
      if let existing = storage.index(of: id) {
        storage.swapAt(existing, position)
        storage[position] = newValue
      } else {
        storage.replace(at: position, with: newValue, id: id)
      }
    }
    _modify {
      yield &storage[position]
      precondition(
        self.id(storage[position]) == storage.ids[position],
        "An element's id changed in an IdentifiedArray "
          + "(docs/decisions/0001-store-isolation.md, Traps).")
    }
  }

  /// Swaps the elements at `i` and `j`.
  ///
  /// - Parameters:
  ///   - i: A valid position.
  ///   - j: A valid position.
  public mutating func swapAt(_ i: Int, _ j: Int) {
    storage.swapAt(i, j)
  }

  /// The elements that satisfy `isIncluded`, in order, as an identified array.
  ///
  /// - Parameter isIncluded: Says whether to keep an element.
  /// - Returns: The kept elements.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    var kept = Self(storage: IdentifiedStorage(), id: id)
    for (id, element) in zip(storage.ids, storage.elements) where try isIncluded(element) {
      kept.storage.append(element, id: id)
    }
    return kept
  }

  /// Removes the element at `index`. O(n), O(1) for the last element.
  ///
  /// - Parameter index: A valid position.
  /// - Returns: The removed element.
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    storage.remove(at: index).element
  }

  /// Removes the last element. O(1).
  ///
  /// - Returns: The removed element.
  @discardableResult
  public mutating func removeLast() -> Element {
    storage.removeLast().element
  }

  /// Removes and returns the last element, or returns `nil` when the array is empty. O(1).
  public mutating func popLast() -> Element? {
    isEmpty ? nil : storage.removeLast().element
  }

  /// Removes the elements in `bounds`.
  ///
  /// - Parameter bounds: A range of valid positions.
  public mutating func removeSubrange(_ bounds: Range<Int>) {
    storage.removeSubrange(bounds)
  }

  /// Removes every element.
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    storage.removeAll(keepingCapacity: keepCapacity)
  }

  /// Removes every element that satisfies `shouldBeRemoved`.
  ///
  /// - Parameter shouldBeRemoved: Says whether to remove an element.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    self = try filter { try !shouldBeRemoved($0) }
  }

  /// Removes the elements at `offsets` (SwiftUI's `onDelete` hands an `IndexSet`).
  ///
  /// - Parameter offsets: Positions of elements to remove.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    for index in Set(offsets).sorted(by: >) { storage.remove(at: index) }
  }

  /// Moves the elements at `source` so that they sit, in their order, before the element that
  /// was at `destination` (SwiftUI's `onMove` hands an `IndexSet` and an offset).
  ///
  /// ```swift
  /// todos.move(fromOffsets: [0], toOffset: 2)  // [a, b, c] → [b, a, c]
  /// ```
  ///
  /// - Parameters:
  ///   - source: Positions of the elements to move.
  ///   - destination: The position, before the move, to move them in front of.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    guard !moving.isEmpty else { return }
    let indices = Array(storage.ids.indices)
    let order =
      indices[..<destination].filter { !moving.contains($0) }
      + indices.filter { moving.contains($0) }
      + indices[destination...].filter { !moving.contains($0) }
    var moved = IdentifiedStorage<ID, Element>()
    moved.reserveCapacity(order.count)
    for index in order { moved.append(storage[index], id: storage.ids[index]) }
    storage = moved
  }

  /// Makes room for `minimumCapacity` elements.
  ///
  /// - Parameter minimumCapacity: The number of elements to make room for.
  public mutating func reserveCapacity(_ minimumCapacity: Int) {
    storage.reserveCapacity(minimumCapacity)
  }
}

extension IdentifiedArray: RangeReplaceableCollection
where Element: Identifiable, ID == Element.ID {
  /// Creates an empty array.
  @inlinable
  public init() {
    self.init(storage: IdentifiedStorage(), id: { $0.id })
  }

  /// Replaces the elements in `subrange` with `newElements`. A new element whose id is already
  /// in the array (outside `subrange`, or earlier in `newElements`) replaces that element where
  /// it is instead of being inserted, so ids stay unique.
  ///
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The elements to put there.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    var pairs: [(id: ID, element: Element)] = []
    pairs.reserveCapacity(newElements.count)
    for element in newElements { pairs.append((element.id, element)) }
    storage.replaceSubrange(subrange, with: pairs)
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral
where Element: Identifiable, ID == Element.ID {
  /// Creates an array from a literal; its ids must be unique.
  ///
  /// - Parameter elements: The elements, in order.
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}
