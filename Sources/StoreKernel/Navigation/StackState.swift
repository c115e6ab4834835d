/// The screens of a navigation stack, in order, each under a ``StackElementID``: the state a
/// `forEach` over a stack runs its element reducer on.
///
/// A stack is an array whose elements also have ids: appending an element gives it the next id
/// of the store's ``DependencyValues/stackElementID`` generator, and the actions of an element
/// name it by that id (``StackAction``), so popping and pushing never send one screen's actions
/// to another.
///
/// ```swift
/// var path = StackState<Detail.State>()
/// path.append(Detail.State(title: "First"))  // id 0 in a new store
/// path[id: 0]?.title = "Renamed"
/// path.pop(from: 0)  // removes it and everything after it
/// ```
///
/// Appending, removing the last element and reaching an element by id are O(1).
/// `Equatable` and `Hashable` (by ids and elements), `Codable` (as an array of elements; decoding
/// hands out new ids) when its elements are; `Sendable` when they are.
public struct StackState<Element> {
  @usableFromInline var storage = IdentifiedStorage<StackElementID, Element>()
  /// What the stack's `forEach` has mounted; not part of the value (see `StackMounts`).
  @usableFromInline var mounts = StackMounts()
  /// The state of each element's feature composed into the presenting store (FeatureBridge's
  /// `FeatureHosting.composed`), by the element's id; not part of the value.
  package var composed: [StackElementID: ComposedState] = [:]

  /// Creates an empty stack.
  public init() {}

  /// The ids of the elements, bottom first.
  @inlinable
  public var ids: [StackElementID] { storage.ids }

  /// The element with `id`, or `nil`. Setting `nil` removes it. Setting an element for an id
  /// that is not in the stack appends it under that id in a test (to write the expected state
  /// of a push: `$0.path[id: 0] = Detail.State()`), and is reported outside tests.
  ///
  /// - Parameter id: The id of the element.
  public subscript(id id: StackElementID) -> Element? {
    get { storage[id: id] }
    _modify {
      let present = storage.index(of: id) != nil
      if present || DependencyValues.current.context == .test {
        yield &storage[id: id]
        switch (present, storage.index(of: id) != nil) {
        case (true, false): mounts.recordRemoval(of: id)
        case (false, true): mounts.recordAddition(of: id)
        default: break
        }
      } else {
        var value: Element? = nil
        yield &value
        if value != nil {
          IssueReporter.report(
            "An element was assigned to StackState at an id that is not in the stack (\(id)); "
              + "it was dropped. Append the element, or push it with a StackAction.")
        }
      }
    }
  }

  /// The state in one case of the element with `id`: `nil` when there is no such element or it
  /// is in another case. Changing it then is reported and changes nothing; setting it to `nil`
  /// removes the element.
  ///
  /// ```swift
  /// state.path[id: 0, case: Path.State.detailPath]?.title = "Renamed"
  /// ```
  ///
  /// - Parameters:
  ///   - id: The id of the element.
  ///   - casePath: The case of the element's enum.
  public subscript<Case>(id id: StackElementID, case casePath: CasePath<Element, Case>) -> Case? {
    get { storage[id: id].flatMap(casePath.extract) }
    _modify {
      var value = storage[id: id].flatMap(casePath.extract)
      let found = value != nil
      yield &value
      if found {
        self[id: id] = value.map(casePath.embed)
      } else {
        IssueReporter.report(
          "The stack element \(id) was changed through a case it is not in (\(Case.self)), or "
            + "is not in the stack; the change was dropped.")
      }
    }
  }

  /// The state in one case of the element with `id`, the case by its constructor: TCA's
  /// `$0.path[id: 0]?.modify(\.detail) { $0.title = "Renamed" }` in a test's assertion is
  /// `$0.path[id: 0, case: Path.State.detail]?.title = "Renamed"`. As
  /// ``subscript(id:case:)-(_,CasePath<Element,Case>)``, with the path read by reflection.
  ///
  /// - Parameters:
  ///   - id: The id of the element.
  ///   - embed: The case of the element's enum, by its constructor.
  public subscript<Case>(
    id id: StackElementID, case embed: @escaping @Sendable (Case) -> Element
  ) -> Case? {
    get { self[id: id, case: CasePath(embed)] }
    _modify { yield &self[id: id, case: CasePath(embed)] }
  }

  /// Removes the element with `id` and every element after it.
  ///
  /// - Parameter id: The id of the first element to remove.
  public mutating func pop(from id: StackElementID) {
    guard let index = storage.index(of: id) else { return }
    removeSubrange(index...)
  }

  /// Removes every element after the one with `id`.
  ///
  /// - Parameter id: The id of the element that becomes the top of the stack.
  public mutating func pop(to id: StackElementID) {
    guard let index = storage.index(of: id) else { return }
    removeSubrange((index + 1)...)
  }

  /// Appends `element` under `id`; only for a push whose id is not in the stack.
  @inlinable
  mutating func append(_ element: Element, id: StackElementID) {
    if storage.append(element, id: id) { mounts.recordAddition(of: id) }
  }

  /// The next id of the store's generator that is not in this stack and did not just leave it
  /// (a stack built outside the store can hold ids the store's generator has not handed out
  /// yet; one that just left may still have effects, cancelled when the `forEach` finds it
  /// gone).
  @inlinable
  func nextID() -> StackElementID {
    let generator = DependencyValues.current.stackElementID
    var id = generator.next()
    while storage.index(of: id) != nil || mounts.justRemoved(id) { id = generator.next() }
    return id
  }
}

extension StackState: RandomAccessCollection, RangeReplaceableCollection {
  /// The position of the bottom element: 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position after the top element: the number of elements.
  @inlinable
  public var endIndex: Int { storage.count }

  /// The element at `position`, counted from the bottom.
  ///
  /// - Parameter position: A valid position.
  @inlinable
  public subscript(position: Int) -> Element {
    storage[position]
  }

  /// Pushes `newElement` on top of the stack under the next id. O(1).
  ///
  /// - Parameter newElement: The element to push.
  @inlinable
  public mutating func append(_ newElement: Element) {
    append(newElement, id: nextID())
  }

  /// Removes the top element. O(1).
  ///
  /// - Returns: The removed element.
  @inlinable @discardableResult
  public mutating func removeLast() -> Element {
    let (id, element) = storage.removeLast()
    mounts.recordRemoval(of: id)
    return element
  }

  /// Removes and returns the top element, or returns `nil` when the stack is empty. O(1).
  @inlinable
  public mutating func popLast() -> Element? {
    isEmpty ? nil : removeLast()
  }

  /// Removes the element at `position`. O(1) for the top element.
  ///
  /// - Parameter position: A valid position.
  /// - Returns: The removed element.
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let (id, element) = storage.remove(at: position)
    mounts.recordRemoval(of: id)
    return element
  }

  /// Removes every element.
  ///
  /// - Parameter keepCapacity: Whether to keep the storage for as many elements.
  public mutating func removeAll(keepingCapacity keepCapacity: Bool = false) {
    mounts.recordRemovals(of: storage.ids)
    storage.removeAll(keepingCapacity: keepCapacity)
  }

  /// Replaces the elements in `subrange` with `newElements`, each under a new id.
  ///
  /// - Parameters:
  ///   - subrange: The positions to replace.
  ///   - newElements: The elements to put there, bottom first.
  public mutating func replaceSubrange(
    _ subrange: Range<Int>, with newElements: some Collection<Element>
  ) {
    mounts.recordRemovals(of: storage.removeSubrange(subrange))
    var position = subrange.lowerBound
    for element in newElements {
      let id = nextID()
      storage.insert(element, id: id, at: position)
      mounts.recordAddition(of: id)
      position += 1
    }
  }

  /// Makes room for `n` elements.
  ///
  /// - Parameter n: The number of elements to make room for.
  public mutating func reserveCapacity(_ n: Int) {
    storage.reserveCapacity(n)
  }
}

extension StackState: Equatable where Element: Equatable {
  /// Whether both stacks hold equal elements under the same ids, in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage == rhs.storage
  }
}

extension StackState: Hashable where Element: Hashable {
  /// Hashes the ids and elements in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage)
  }
}

extension StackState: Sendable where Element: Sendable {}

extension StackState: Encodable where Element: Encodable {
  /// Encodes the elements as an array, bottom first.
  ///
  /// - Parameter encoder: The encoder to write to.
  public func encode(to encoder: any Encoder) throws {
    try storage.elements.encode(to: encoder)
  }
}

extension StackState: Decodable where Element: Decodable {
  /// Decodes an array of elements, giving each the next id.
  ///
  /// - Parameter decoder: The decoder to read from.
  public init(from decoder: any Decoder) throws {
    self.init(try [Element](from: decoder))
  }
}

extension StackState: CustomStringConvertible, CustomDebugStringConvertible {
  /// The elements, as an array prints them.
  public var description: String { storage.elements.description }

  /// The ids and elements: `StackState<Detail.State>([#0: …, #1: …])`.
  public var debugDescription: String {
    let entries = zip(storage.ids, storage.elements).map { "\($0): \(String(reflecting: $1))" }
    return "StackState<\(Element.self)>([\(entries.joined(separator: ", "))])"
  }
}

extension StackState: CustomReflectable {
  /// The elements, as a collection (the ids and the forEach's bookkeeping are left out).
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: storage.elements, displayStyle: .collection)
  }
}

extension StackState: IdentifiedElements {
  var elementIDs: [AnyHashable] { storage.ids.map { AnyHashable($0) } }
  var elementValues: [Any] { storage.elements }
}
