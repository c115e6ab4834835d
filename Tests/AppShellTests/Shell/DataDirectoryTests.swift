import Foundation
import Testing

@testable import AppShell

@Suite struct DataDirectoryTests {
  @Test func anExplicitDirectoryThatExistsIsUsed() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    #expect(try DataDirectory.prepare(explicit: directory.path, environment: [:]) == directory.path)
  }

  @Test func aMissingExplicitDirectoryIsAnErrorAndIsNotCreated() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let missing = directory.file("missing")
    let error = #expect(throws: ShellError.self) {
      try DataDirectory.prepare(explicit: missing, environment: [:])
    }
    #expect(error?.description == "the data directory \(missing) does not exist")
    #expect(!FileManager.default.fileExists(atPath: missing))
  }

  @Test func aFileIsNotADataDirectory() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let file = directory.file("notes.json")
    #expect(FileManager.default.createFile(atPath: file, contents: Data("{}".utf8)))
    let error = #expect(throws: ShellError.self) {
      try DataDirectory.prepare(explicit: file, environment: [:])
    }
    #expect(error?.description == "the data directory \(file) is not a directory")
  }

  @Test func theDefaultDirectoryIsCreatedWhenMissing() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let expected = directory.file("xdg/multistore-notes")
    let path = try DataDirectory.prepare(
      explicit: nil, environment: ["XDG_DATA_HOME": directory.file("xdg")])
    #expect(path == expected)
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: expected, isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }
}
