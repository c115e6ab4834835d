extension IdentifiedArray: SharedIdentifiedCollection
where Element: Identifiable, Element.ID == ID {
  /// The element with `id`, found in O(1), if there is one.
  ///
  /// - Parameter id: The element's id.
  /// - Returns: The element, or `nil`.
  public func sharedElement(id: ID) -> Element? {
    self[id: id]
  }

  /// Replaces the element with `id` by `element`, in place; does nothing when there is none.
  ///
  /// - Parameters:
  ///   - id: The element's id.
  ///   - element: Its new value.
  public mutating func replaceSharedElement(id: ID, with element: Element) {
    guard self[id: id] != nil else { return }
    self[id: id] = element
  }
}
