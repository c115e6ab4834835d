/// An ordered collection of elements with unique ids, whose elements are found, changed and
/// removed by id in O(1) on average: the state of a list whose rows are features.
///
/// An identified array is an array whose elements are also reachable by id. A row's actions
/// name the row by id, so an action that arrives after the rows moved still reaches the right
/// one, and finding it does not search the array:
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "Milk")]
/// todos[id: 1]?.isDone = true
/// todos.append(Todo(id: 2, title: "Bread"))
/// todos.remove(id: 1)
/// ```
///
/// Setting `nil` through ``subscript(id:)`` removes the element; setting an element for an id
/// that is not in the array appends it. An element's id must not change while it is in the
/// array (changing it through a subscript traps, as in TCA's identified collections).
///
/// Appending, removing the last element and reaching an element by id are O(1); inserting or
/// removing elsewhere is O(n). `Equatable`, `Hashable`, `Codable` when its elements are;
/// `Sendable` when its ids and elements are.
public struct IdentifiedArray<ID: Hashable, Element> {
  @usableFromInline var storage: IdentifiedStorage<ID, Element>
  /// Reads an element's id: `Identifiable`'s `id`, or a `Sendable` key path. A closure, not the
  /// key path itself: applying a key path held as an existential costs several times more.
  @usableFromInline let id: (Element) -> ID

  @inlinable
  init(storage: IdentifiedStorage<ID, Element>, id: @escaping (Element) -> ID) {
    self.storage = storage
    self.id = id
  }

  /// Creates an empty array whose elements are identified by a property.
  ///
  /// - Parameter id: The property of an element that identifies it.
  public init(id: any KeyPath<Element, ID> & Sendable) {
    self.init(storage: IdentifiedStorage(), id: { $0[keyPath: id] })
  }

  /// Creates an array of `elements`, identified by a property; their ids must be unique.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - id: The property of an element that identifies it.
  public init(
    uniqueElements elements: some Sequence<Element>, id: any KeyPath<Element, ID> & Sendable
  ) {
    self.init(id: id)
    appendUnique(elements)
  }

  /// The ids of the elements, in order.
  @inlinable
  public var ids: [ID] { storage.ids }

  /// The elements, in order, as an array. O(1): no copy is made until one of them changes.
  @inlinable
  public var elements: [Element] { storage.elements }

  /// The element with `id`, or `nil`. Setting `nil` removes it; setting an element for an id
  /// that is not in the array appends it. O(1) on average, in place.
  ///
  /// ```swift
  /// todos[id: 1]?.isDone = true  // changes one element
  /// todos[id: 1] = nil  // removes it
  /// ```
  ///
  /// - Parameter id: The id of the element.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { storage[id: id] }
    // The storage's steps, not its subscript: one coroutine, not two nested.
    _modify {
      let index = storage.index(of: id)
      var value = index.map { storage.takeElement(at: $0) }
      defer {
        if let value {
          precondition(
            self.id(value) == id,
            "An element's id changed in an IdentifiedArray "
              + "(docs/decisions/0001-store-isolation.md, Traps).")
        }
        storage.putBack(value, id: id, takenFrom: index)
      }
      yield &value
    }
  }

  /// The position of the element with `id`, or `nil`. O(1) on average.
  ///
  /// - Parameter id: The id to look for.
  @inlinable
  public func index(id: ID) -> Int? {
    storage.index(of: id)
  }

  /// Removes the element with `id`, if there is one. O(n), O(1) for the last element.
  ///
  /// - Parameter id: The id of the element to remove.
  /// - Returns: The removed element, or `nil`.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let index = storage.index(of: id) else { return nil }
    return storage.remove(at: index).element
  }

  /// Removes the element with `element`'s id, if there is one.
  ///
  /// - Parameter element: An element with the id of the one to remove.
  /// - Returns: The removed element, or `nil`.
  @discardableResult
  public mutating func remove(_ element: Element) -> Element? {
    remove(id: id(element))
  }

  /// Appends `element` unless an element with its id is already in the array.
  ///
  /// - Parameter element: The element to append.
  /// - Returns: Whether it was appended, and the position of the element with its id.
  @inlinable @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    let id = self.id(element)
    if let existing = storage.index(of: id) { return (false, existing) }
    storage.append(element, id: id)
    return (true, storage.count - 1)
  }

  /// Appends each element whose id is not in the array yet.
  ///
  /// - Parameter newElements: The elements to append, in order.
  public mutating func append(contentsOf newElements: some Sequence<Element>) {
    for element in newElements { append(element) }
  }

  /// Inserts `element` at `index` unless an element with its id is already in the array.
  ///
  /// - Parameters:
  ///   - element: The element to insert.
  ///   - index: Where to insert it.
  /// - Returns: Whether it was inserted, and the position of the element with its id.
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    let id = self.id(element)
    if let existing = storage.index(of: id) { return (false, existing) }
    storage.insert(element, id: id, at: index)
    return (true, index)
  }

  /// Replaces the element with `element`'s id where it is, or appends `element`.
  ///
  /// - Parameter element: The new element.
  /// - Returns: The element it replaced, or `nil` if it was appended.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let id = self.id(element)
    guard let index = storage.index(of: id) else {
      storage.append(element, id: id)
      return nil
    }
    let old = storage[index]
    storage[index] = element
    return old
  }

  /// Appends `elements`, trapping if an id repeats.
  mutating func appendUnique(_ elements: some Sequence<Element>) {
    for element in elements {
      let id = self.id(element)
      precondition(
        storage.append(element, id: id),
        "Duplicate id in an IdentifiedArray: \(id) (docs/decisions/0001-store-isolation.md, "
          + "Traps).")
    }
  }
}

extension IdentifiedArray where Element: Identifiable, ID == Element.ID {
  /// Creates an array of `elements`; their ids must be unique.
  ///
  /// - Parameter elements: The elements, in order.
  public init(uniqueElements elements: some Sequence<Element>) {
    self.init()
    appendUnique(elements)
  }

  /// Creates an array of `elements` whose ids the caller knows to be unique, without checking
  /// them (a repeated id keeps the first element).
  ///
  /// - Parameter elements: The elements, in order.
  public init(uncheckedUniqueElements elements: some Sequence<Element>) {
    self.init()
    for element in elements { storage.append(element, id: element.id) }
  }

  /// Creates an array of `elements`, keeping one element per id: `combine` chooses between an
  /// element already kept and a later one with the same id.
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - combine: Returns the element to keep, from the one kept so far and the new one.
  public init(
    _ elements: some Sequence<Element>,
    uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    self.init()
    for element in elements {
      if let index = storage.index(of: element.id) {
        storage[index] = try combine(storage[index], element)
      } else {
        storage.append(element, id: element.id)
      }
    }
  }
}

/// An ``IdentifiedArray`` of `Identifiable` elements, identified by their `id`.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = []
/// ```
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

// SAFETY: `id`, the one part that is not `Sendable`, reads an element's `Identifiable` id or a
// `Sendable` key path and captures nothing else; the rest is `Sendable` when `ID` and
// `Element` are.
extension IdentifiedArray: @unchecked Sendable where ID: Sendable, Element: Sendable {}
