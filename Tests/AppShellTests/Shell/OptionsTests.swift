import Testing

@testable import AppShell

@Suite struct OptionsTests {
  @Test func noArgumentsRunsWithTheDefaults() throws {
    let options = try Options.parse([])
    #expect(options.command == .run)
    #expect(options.dataDirectory == nil)
    #expect(options.architecture == Options.defaultArchitecture)
    #expect(!options.printStats)
  }

  @Test(arguments: ["--help", "-h"])
  func helpAsksForTheUsage(flag: String) throws {
    #expect(try Options.parse([flag]).command == .help)
    #expect(try Options.parse(["--stats", flag]).command == .help)
  }

  @Test func theUsageNamesEveryOption() {
    for option in [
      "--data-dir PATH", "--single-store", "--multi-store", "--autosave SECONDS", "--stats",
      "--help",
    ] {
      #expect(Options.usage.contains(option), "usage lacks \(option)")
    }
  }

  @Test func dataDirTakesTheNextArgument() throws {
    #expect(try Options.parse(["--data-dir", "/tmp/my notes"]).dataDirectory == "/tmp/my notes")
  }

  @Test func dataDirTakesAnEqualsValue() throws {
    #expect(try Options.parse(["--data-dir=/tmp/notes=1"]).dataDirectory == "/tmp/notes=1")
  }

  @Test func dataDirWithoutAPathIsAnError() {
    let missing = #expect(throws: ShellError.self) { try Options.parse(["--data-dir"]) }
    #expect(missing?.description.contains("--data-dir needs a path") == true)
    #expect(throws: ShellError.self) { try Options.parse(["--data-dir", ""]) }
  }

  @Test func architectureFlagsChooseTheArchitectureAndTheLastOneWins() throws {
    #expect(try Options.parse(["--single-store"]).architecture == .singleStore)
    #expect(try Options.parse(["--multi-store"]).architecture == .multiStore)
    #expect(try Options.parse(["--multi-store", "--single-store"]).architecture == .singleStore)
    #expect(try Options.parse(["--single-store", "--multi-store"]).architecture == .multiStore)
  }

  @Test func statsAsksForTheEventCounts() throws {
    #expect(try Options.parse(["--stats"]).printStats)
  }

  @Test func autosaveTakesSecondsAndDefaultsToOne() throws {
    #expect(try Options.parse([]).autosaveDelay == .seconds(1))
    #expect(try Options.parse(["--autosave", "30"]).autosaveDelay == .seconds(30))
    #expect(try Options.parse(["--autosave=0.25"]).autosaveDelay == .milliseconds(250))
  }

  @Test(arguments: [
    ["--autosave"], ["--autosave", "soon"], ["--autosave=0"], ["--autosave", "-1"],
  ])
  func anAutosaveThatIsNotADelayIsAnError(arguments: [String]) {
    let error = #expect(throws: ShellError.self) { try Options.parse(arguments) }
    #expect(error?.description.hasPrefix("--autosave needs a number of seconds") == true)
  }

  @Test func optionsCombine() throws {
    let options = try Options.parse(["--single-store", "--data-dir", "/data", "--stats"])
    #expect(
      options
        == Options(
          command: .run, dataDirectory: "/data", architecture: .singleStore, printStats: true))
  }

  @Test(arguments: ["--verbose", "-x", "notes.json", "--data-directory=/tmp"])
  func anUnknownArgumentIsAnErrorNamingIt(argument: String) {
    let error = #expect(throws: ShellError.self) { try Options.parse(["--stats", argument]) }
    #expect(error?.description == "unknown option '\(argument)' (see --help)")
  }

  @Test func exportAndImportTakeAFolderAndTheUsualOptions() throws {
    #expect(try Options.parse(["export", "/tmp/out"]).command == .export("/tmp/out"))
    let options = try Options.parse(["--data-dir", "/data", "import", "/tmp/in"])
    #expect(options.command == .importNotes("/tmp/in"))
    #expect(options.dataDirectory == "/data")
    #expect(try Options.parse(["import", "/tmp/in", "--help"]).command == .help)
    #expect(try Options.parse(["--help", "export", "/tmp/out"]).command == .help)
  }

  @Test(arguments: ["export", "import"])
  func exportOrImportWithoutAFolderIsAnError(command: String) {
    let error = #expect(throws: ShellError.self) { try Options.parse([command]) }
    #expect(error?.description == "\(command) needs a folder (see --help)")
    #expect(throws: ShellError.self) { try Options.parse([command, ""]) }
  }

  @Test func twoCommandsAreAnError() {
    let error = #expect(throws: ShellError.self) {
      try Options.parse(["export", "/a", "import", "/b"])
    }
    #expect(error?.description == "one command at a time: 'import' (see --help)")
  }

  @Test func theUsageNamesEveryCommand() {
    for command in ["export FOLDER", "import FOLDER", "compare", "< SCRIPT"] {
      #expect(Options.usage.contains(command), "usage lacks \(command)")
    }
  }
}
