import Foundation
import StoreKernel
import Testing

/// A feature that can present itself.
private struct Folder: Equatable, Codable {
  var name: String
  @PresentationState var child: Folder?
}

@Suite struct PresentationStateTests {
  @Test func readsAndWritesAsAnOptional() {
    var folder = Folder(name: "root")
    #expect(folder.child == nil)
    folder.child = Folder(name: "a")
    folder.child?.child = Folder(name: "b")
    #expect(folder.child?.child?.name == "b")
    folder.child = nil
    #expect(folder.$child.wrappedValue == nil)
  }

  @Test func copiesAreIndependent() {
    var original = Folder(name: "root", child: Folder(name: "a"))
    let copy = original
    original.child?.name = "changed"
    #expect(copy.child?.name == "a")
    #expect(original.child?.name == "changed")
    #expect(original != copy)
  }

  @Test func equalityAndHashingAreTheWrappedValues() {
    let a = PresentationState(wrappedValue: 1)
    let b = PresentationState(wrappedValue: 1)
    #expect(a == b)
    #expect(a != PresentationState(wrappedValue: 2))
    #expect(a != PresentationState(wrappedValue: nil))
    #expect(Set([a, b]).count == 1)
  }

  @Test func codableAsTheOptional() throws {
    let folder = Folder(name: "root", child: Folder(name: "a"))
    let data = try JSONEncoder().encode(folder)
    #expect(try JSONDecoder().decode(Folder.self, from: data) == folder)
    let json = String(decoding: data, as: UTF8.self)
    #expect(json.contains(#""name":"a""#))
  }

  @Test func theCaseSubscriptReadsAndWritesOneCase() {
    enum Destination: Equatable {
      case note(String)
      case count(Int)
    }
    let notePath = CasePath<Destination, String>(
      embed: Destination.note, extract: { if case .note(let text) = $0 { text } else { nil } })
    var state = PresentationState<Destination>(wrappedValue: .note("a"))
    state[case: notePath]? += "b"
    #expect(state.wrappedValue == .note("ab"))
    state.wrappedValue = .count(1)
    #expect(state[case: notePath] == nil)
  }

  @Test func describesItselfAsTheOptional() {
    #expect("\(PresentationState(wrappedValue: 3))" == "Optional(3)")
  }
}
