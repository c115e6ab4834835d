/// `AppShell compare [--features N] [--sweep 10,100,1000] [--repeat R] [--end-to-end] [--json]
/// [--chart PATH]`.
struct CompareOptions: Equatable {
  var featureCounts = [200]
  var repetitions = 10
  var endToEnd = false
  var json = false
  var chartPath: String?

  static let usage = """
    Usage: AppShell compare [options]

    Runs the same typing workload (5 lines of 60 characters into a note, repeated) in the
    multi-store and the single-store architecture, one after the other in this process, with
    N extra live features, and prints events by kind, events and CPU time per keystroke, wall
    time and memory for each, and their ratios. Fails if the two end with different results.

    Options:
      --features N        Extra live features (default 200).
      --sweep A,B,C       Run for each N and show how cost per keystroke grows with N.
      --repeat R          Type the 5 lines R times (default 10), for a steadier CPU figure.
      --end-to-end        Type each key as the bytes a terminal sends: key decoding, the
                          shell's routing, the feature, frame composition and the escape
                          sequences written (to a byte sink), as a person's terminal costs.
      --json              Print machine-readable results instead of tables.
      --chart PATH.svg    Write an SVG chart of events and CPU per keystroke against N.
    """

  static func parse(_ arguments: some Collection<String>) throws -> CompareOptions {
    var options = CompareOptions()
    var remaining = arguments[...]
    func number(_ text: String?, _ flag: String, minimum: Int) throws -> Int {
      guard let text, let value = Int(text), value >= minimum else {
        throw ShellError("\(flag) needs a whole number ≥ \(minimum) (see compare --help)")
      }
      return value
    }
    while let argument = remaining.popFirst() {
      switch argument {
      case "--features":
        options.featureCounts = [try number(remaining.popFirst(), "--features", minimum: 0)]
      case "--sweep":
        guard let list = remaining.popFirst() else { throw ShellError("--sweep needs a list") }
        options.featureCounts = try list.split(separator: ",").map {
          try number(String($0), "--sweep", minimum: 0)
        }
        if options.featureCounts.isEmpty { throw ShellError("--sweep needs a list") }
      case "--repeat":
        options.repetitions = try number(remaining.popFirst(), "--repeat", minimum: 1)
      case "--end-to-end":
        options.endToEnd = true
      case "--json":
        options.json = true
      case "--chart":
        guard let path = remaining.popFirst(), !path.isEmpty else {
          throw ShellError("--chart needs a path")
        }
        options.chartPath = path
      case "-h", "--help":
        throw CompareHelpRequested()
      default:
        throw ShellError("unknown compare option '\(argument)' (see compare --help)")
      }
    }
    return options
  }
}

struct CompareHelpRequested: Error {}
