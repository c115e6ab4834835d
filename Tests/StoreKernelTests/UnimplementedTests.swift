import StoreKernel
import StoreKernelTesting
import Testing

private struct DraftClient: Sendable {
  var load: @Sendable () async throws -> [String]
  var count: @Sendable (String) -> Int
}

@Suite struct UnimplementedTests {
  init() {
    TestIssues.install()
  }

  @Test func callingAnUnimplementedEndpointReportsItsNameAndReturnsThePlaceholder() {
    let client = DraftClient(
      load: unimplemented("DraftClient.load"),
      count: unimplemented("DraftClient.count", placeholder: 7))
    withKnownIssue {
      #expect(client.count("draft") == 7)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("'DraftClient.count' was called") }
    }
  }

  @Test func aThrowingEndpointReportsItsNameAndThrows() async {
    let client = DraftClient(
      load: unimplemented("DraftClient.load"),
      count: unimplemented("DraftClient.count", placeholder: 0))
    await withKnownIssue {
      await #expect(throws: UnimplementedError(endpoint: "DraftClient.load")) {
        try await client.load()
      }
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("'DraftClient.load' was called") }
    }
  }
}
