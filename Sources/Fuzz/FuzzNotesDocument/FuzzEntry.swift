import FuzzSupport

#if FUZZING
  /// libFuzzer's entry point (built with `-sanitize=fuzzer -D FUZZING`): one input per call.
  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    NotesDocumentProperties.check(Array(UnsafeBufferPointer(start: data, count: count)))
    return 0
  }

  /// The process's entry point under libFuzzer (see `LibFuzzer`).
  @_cdecl("FuzzNotesDocument_main")
  public func fuzzerMain(
    _ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
  ) -> CInt {
    LibFuzzer.run(argc: argc, argv: argv, testOneInput: fuzzOneInput)
  }
#else
  /// The normal build replays a corpus: every file named on the command line (or inside a
  /// directory named there) goes through the checks, so a committed corpus is a regression test.
  @main
  enum ReplayCorpus {
    static func main() {
      let count = CorpusReplay.run(arguments: CommandLine.arguments.dropFirst()) {
        NotesDocumentProperties.check($0)
      }
      print("FuzzNotesDocument: replayed \(count) inputs")
    }
  }
#endif
