/// Elements in order, each under an id that is unique among them, found by id in O(1) on
/// average: the storage behind ``IdentifiedArray`` and ``StackState``.
///
/// Three parts kept in step: the ids in order, the elements in order, and the position of each
/// id. Appending, removing the last element, swapping two and finding, reading or changing an
/// element by id are O(1) (amortized, on average); inserting or removing anywhere else shifts
/// the positions after it, O(n). The parts are only reached through these methods, which keep
/// them in step.
@usableFromInline
struct IdentifiedStorage<ID: Hashable, Element> {
  @usableFromInline var ids: [ID] = []
  @usableFromInline var elements: [Element] = []
  @usableFromInline var positions: [ID: Int] = [:]

  @inlinable
  init() {}

  @inlinable
  var count: Int { ids.count }

  /// The position of the element with `id`, if there is one.
  @inlinable
  func index(of id: ID) -> Int? {
    positions[id]
  }

  /// The element at `position`; changing it keeps its id.
  @inlinable
  subscript(position: Int) -> Element {
    get { elements[position] }
    _modify { yield &elements[position] }
  }

  /// The element with `id`: `nil` when there is none. Setting `nil` removes it; setting a value
  /// for an id that is not here appends it under that id. A change made through this subscript
  /// happens in place: the element is moved out for the change, not copied, so its own
  /// copy-on-write parts (strings, arrays) are not copied either.
  @inlinable
  subscript(id id: ID) -> Element? {
    get { positions[id].map { elements[$0] } }
    _modify {
      let index = positions[id]
      var value: Element? = index.map { takeElement(at: $0) }
      defer { putBack(value, id: id, takenFrom: index) }
      yield &value
    }
  }

  /// Moves the element at `index` out of `elements`, leaving the others in a different order
  /// (the last one at `index`) until `putBack` restores it. Only for `subscript(id:)`, which
  /// holds exclusive access to the storage in between.
  @inlinable
  mutating func takeElement(at index: Int) -> Element {
    let last = elements.count - 1
    if index != last { elements.swapAt(index, last) }
    return elements.removeLast()
  }

  /// Restores what `takeElement` left: the changed element back in its place, or its removal.
  @inlinable
  mutating func putBack(_ value: Element?, id: ID, takenFrom index: Int?) {
    guard let index else {
      if let value { append(value, id: id) }
      return
    }
    let last = elements.count
    if let value {
      elements.append(value)
      if index != last { elements.swapAt(index, last) }
      return
    }
    // Removed: the former last element sits at `index`; move it back to the end.
    if index != last { elements.append(elements.remove(at: index)) }
    ids.remove(at: index)
    positions[id] = nil
    reindex(from: index)
  }

  /// Appends `element` under `id`, unless `id` is already here.
  ///
  /// - Returns: Whether it was appended.
  @inlinable @discardableResult
  mutating func append(_ element: Element, id: ID) -> Bool {
    guard positions[id] == nil else { return false }
    positions[id] = ids.count
    ids.append(id)
    elements.append(element)
    return true
  }

  /// Inserts `element` under `id` at `index`, unless `id` is already here.
  ///
  /// - Returns: Whether it was inserted.
  @discardableResult
  mutating func insert(_ element: Element, id: ID, at index: Int) -> Bool {
    guard positions[id] == nil else { return false }
    if index == ids.count { return append(element, id: id) }
    ids.insert(id, at: index)
    elements.insert(element, at: index)
    reindex(from: index)
    return true
  }

  /// Replaces the element at `index`, and its id, with `element` under `id`, which no other
  /// element has.
  @usableFromInline
  mutating func replace(at index: Int, with element: Element, id: ID) {
    positions[ids[index]] = nil
    ids[index] = id
    elements[index] = element
    positions[id] = index
  }

  /// Removes the element at `index`.
  @inlinable @discardableResult
  mutating func remove(at index: Int) -> (id: ID, element: Element) {
    if index == ids.count - 1 { return removeLast() }
    let id = ids.remove(at: index)
    positions[id] = nil
    let element = elements.remove(at: index)
    reindex(from: index)
    return (id, element)
  }

  /// Removes the last element.
  @inlinable @discardableResult
  mutating func removeLast() -> (id: ID, element: Element) {
    let id = ids.removeLast()
    positions[id] = nil
    return (id, elements.removeLast())
  }

  /// Removes the elements in `range`.
  ///
  /// - Returns: The ids of the removed elements, in order.
  @discardableResult
  mutating func removeSubrange(_ range: Range<Int>) -> ArraySlice<ID> {
    let removed = ids[range]
    for id in removed { positions[id] = nil }
    ids.removeSubrange(range)
    elements.removeSubrange(range)
    reindex(from: range.lowerBound)
    return removed
  }

  /// Replaces the elements in `range` with `newElements`, each under its id. A new element
  /// whose id is already here outside `range` (or earlier in `newElements`) replaces that
  /// element where it is instead of being inserted.
  ///
  /// - Returns: The ids that were in `range` and are no longer here.
  @discardableResult
  mutating func replaceSubrange(
    _ range: Range<Int>, with newElements: some Sequence<(id: ID, element: Element)>
  ) -> [ID] {
    var removed = Array(removeSubrange(range))
    var insertedIDs: [ID] = []
    var insertedElements: [Element] = []
    var insertedPositions: [ID: Int] = [:]
    for (id, element) in newElements {
      if let existing = positions[id] {
        elements[existing] = element
      } else if let earlier = insertedPositions[id] {
        insertedElements[earlier] = element
      } else {
        insertedPositions[id] = insertedIDs.count
        insertedIDs.append(id)
        insertedElements.append(element)
      }
    }
    ids.insert(contentsOf: insertedIDs, at: range.lowerBound)
    elements.insert(contentsOf: insertedElements, at: range.lowerBound)
    reindex(from: range.lowerBound)
    if !removed.isEmpty { removed.removeAll { positions[$0] != nil } }
    return removed
  }

  /// Removes every element.
  mutating func removeAll(keepingCapacity: Bool) {
    ids.removeAll(keepingCapacity: keepingCapacity)
    elements.removeAll(keepingCapacity: keepingCapacity)
    positions.removeAll(keepingCapacity: keepingCapacity)
  }

  /// Swaps the elements at `i` and `j`, with their ids.
  @usableFromInline
  mutating func swapAt(_ i: Int, _ j: Int) {
    guard i != j else { return }
    ids.swapAt(i, j)
    elements.swapAt(i, j)
    positions[ids[i]] = i
    positions[ids[j]] = j
  }

  /// Makes room for `capacity` elements.
  mutating func reserveCapacity(_ capacity: Int) {
    ids.reserveCapacity(capacity)
    elements.reserveCapacity(capacity)
    positions.reserveCapacity(capacity)
  }

  /// Sets the position of every id from `index` on.
  @usableFromInline
  mutating func reindex(from index: Int) {
    guard index < ids.count else { return }
    for position in index..<ids.count { positions[ids[position]] = position }
  }
}

extension IdentifiedStorage: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedStorage: Equatable where Element: Equatable {
  @inlinable
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.ids == rhs.ids && lhs.elements == rhs.elements
  }
}

extension IdentifiedStorage: Hashable where Element: Hashable {
  @inlinable
  func hash(into hasher: inout Hasher) {
    hasher.combine(ids)
    hasher.combine(elements)
  }
}
