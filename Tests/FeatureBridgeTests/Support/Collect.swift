/// Every element of `stream` until it finishes.
func collect<Element>(
  _ stream: AsyncStream<Element>, isolation: isolated (any Actor)? = #isolation
) async -> [Element] {
  var elements: [Element] = []
  for await element in stream { elements.append(element) }
  return elements
}
