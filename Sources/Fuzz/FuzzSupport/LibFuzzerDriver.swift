#if FUZZING
  /// libFuzzer's driver, from the runtime that `-sanitize=fuzzer` links: parses libFuzzer's
  /// command line and calls `testOneInput` with each generated input.
  ///
  /// Declared by symbol name: every argument is a pointer or an integer, which the Swift and C
  /// calling conventions pass alike.
  @_silgen_name("LLVMFuzzerRunDriver")
  private func llvmFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
  ) -> CInt

  /// The entry point of a fuzz target under `-sanitize=fuzzer`.
  ///
  /// SwiftPM links every executable with `--defsym main=<Module>_main`, so a fuzz target must
  /// define `<Module>_main` itself (libFuzzer's own `main` is overridden by that symbol); it
  /// calls this, which does what libFuzzer's `main` would.
  package enum LibFuzzer {
    /// Runs libFuzzer with the process's arguments; returns its exit status.
    package static func run(
      argc: CInt, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
      testOneInput: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt {
      var argc = argc
      var argv = argv
      return llvmFuzzerRunDriver(&argc, &argv, testOneInput)
    }
  }
#endif
