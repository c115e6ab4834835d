// Turns one module's symbol graphs into its public API list and compares it with the allowed
// list committed under api/. Run by scripts/check-public-api.sh; not part of the package.
//
//   swift scripts/public-api-list.swift --module CounterFeature --allowed api/CounterFeature.txt \
//     --limit 16 [--update] GRAPH.symbols.json [MODULE@OTHER.symbols.json …]
//   swift scripts/public-api-list.swift --module StoreKernel --allowed api/StoreKernel.txt \
//     --framework [--update] GRAPH.symbols.json [MODULE@OTHER.symbols.json …]
//   swift scripts/public-api-list.swift --module StoreKernel \
//     --allowed api/package/StoreKernel.txt --package [--update] GRAPH.symbols.json …
//
// `--framework` is for the modules other packages build on (StoreKernel, FeatureBridge, their
// testing libraries, TerminalUI): no limit, and each symbol's line also carries its declaration
// (`Store.send(_:) | @discardableResult func send(_ action: Action) -> StoreTask`), so a changed
// signature is a reviewed diff too.
//
// `--package` lists the `package` symbols instead (graphs extracted with
// `-minimum-access-level package`; public ones are skipped), framework-style: what the modules
// of this package reach in each other is a reviewed diff as well.
//
// A line of the list is either a symbol path (`CounterInput.setCount(_:)`, counted against the
// limit) or a conformance (`CounterInput: Swift.Equatable`, not counted). Symbols a module adds to
// another module's types (from `Module@Other.symbols.json`) are qualified with that module:
// `StoreKernel.DependencyValues.counterFavorites`.
//
// What is not listed, and how it is recognized:
// - Synthesized members: their precise identifier contains `::SYNTHESIZED::`. They are members
//   a type inherits from a protocol extension (`!=` from `Equatable`), not code the module wrote.
// - Protocol-requirement implementations: the `memberOf` relationship of such a member carries a
//   `sourceOrigin` naming the requirement (`Equatable.==(_:_:)`, `FeatureView.render(width:…)`).
//   The protocol is the API; the conformance line already says the type implements it.
// - The implicit `SendableMetatype` conformance, which every `Sendable` type gets.
import Foundation

struct SymbolGraph: Decodable {
  struct Symbol: Decodable {
    struct Kind: Decodable {
      let identifier: String
      let displayName: String
    }
    struct Identifier: Decodable { let precise: String }
    let kind: Kind
    let identifier: Identifier
    let pathComponents: [String]
    let declarationFragments: [Fragment]?
    let accessLevel: String?
  }

  struct Fragment: Decodable { let spelling: String }

  struct Relationship: Decodable {
    struct Origin: Decodable { let displayName: String }
    let kind: String
    let source: String
    let target: String
    let targetFallback: String?
    let sourceOrigin: Origin?
  }

  let symbols: [Symbol]
  let relationships: [Relationship]
}

struct Options {
  var module = ""
  var allowedPath = ""
  var limit = 16
  var framework = false
  var packageLevel = false
  var update = false
  var graphs: [String] = []

  static func parse(_ arguments: ArraySlice<String>) -> Options {
    var options = Options()
    var remaining = arguments
    while let argument = remaining.popFirst() {
      switch argument {
      case "--module": options.module = remaining.popFirst() ?? ""
      case "--allowed": options.allowedPath = remaining.popFirst() ?? ""
      case "--limit": options.limit = Int(remaining.popFirst() ?? "") ?? options.limit
      case "--update": options.update = true
      case "--framework": options.framework = true
      case "--package":
        options.packageLevel = true
        options.framework = true
      default: options.graphs.append(argument)
      }
    }
    guard !options.module.isEmpty, !options.allowedPath.isEmpty, !options.graphs.isEmpty else {
      fail(
        "usage: public-api-list.swift --module M --allowed FILE [--limit N | --framework] "
          + "[--update] GRAPHS…")
    }
    return options
  }
}

/// One line of the API list, with what the error message needs to name it.
struct Entry {
  let line: String
  let description: String
  let isSymbol: Bool
}

/// A symbol's declaration on one line, as the symbol graph spells it.
func declaration(of symbol: SymbolGraph.Symbol) -> String {
  let text = (symbol.declarationFragments ?? []).map(\.spelling).joined()
  return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(2)
}

func readAllowed(_ path: String) -> [String] {
  guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
  return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    .filter { !$0.isEmpty && !$0.hasPrefix("#") }
}

/// Lines of `lines` that `other` does not account for, counting duplicates (overloads that
/// differ only in types share a path, so each needs its own line).
func subtracting(_ lines: [String], _ other: [String]) -> [String] {
  var budget: [String: Int] = [:]
  for line in other { budget[line, default: 0] += 1 }
  var result: [String] = []
  for line in lines {
    if let left = budget[line], left > 0 {
      budget[line] = left - 1
    } else {
      result.append(line)
    }
  }
  return result
}

let options = Options.parse(CommandLine.arguments.dropFirst())
var entries: [Entry] = []
var synthesized = 0
var requirementImplementations = 0

for path in options.graphs {
  guard let data = FileManager.default.contents(atPath: path),
    let graph = try? JSONDecoder().decode(SymbolGraph.self, from: data)
  else { fail("error: cannot read the symbol graph \(path)") }

  // `CounterFeature@StoreKernel.symbols.json` holds what CounterFeature adds to StoreKernel.
  let fileName = URL(fileURLWithPath: path).lastPathComponent
  let extendedModule = fileName.split(separator: "@").dropFirst().first
    .map { String($0.split(separator: ".")[0]) }
  let prefix = extendedModule.map { $0 + "." } ?? ""

  let implementsRequirement = Set(
    graph.relationships.filter { $0.kind == "memberOf" && $0.sourceOrigin != nil }.map(\.source))
  var pathOf: [String: String] = [:]
  for symbol in graph.symbols {
    pathOf[symbol.identifier.precise] = prefix + symbol.pathComponents.joined(separator: ".")
  }

  var kept = Set<String>()
  for symbol in graph.symbols {
    let id = symbol.identifier.precise
    if options.packageLevel, symbol.accessLevel != "package" {
      continue
    } else if id.contains("::SYNTHESIZED::") {
      synthesized += 1
    } else if implementsRequirement.contains(id) {
      requirementImplementations += 1
    } else {
      kept.insert(id)
      let path = pathOf[id]!
      let line = options.framework ? "\(path) | \(declaration(of: symbol))" : path
      entries.append(
        Entry(
          line: line, description: "\(symbol.kind.displayName.lowercased()) '\(line)'",
          isSymbol: true))
    }
  }

  for relationship in graph.relationships where relationship.kind == "conformsTo" {
    guard kept.contains(relationship.source) || extendedModule != nil else { continue }
    let target = pathOf[relationship.target] ?? relationship.targetFallback ?? relationship.target
    if target == "Swift.SendableMetatype" { continue }
    let source = pathOf[relationship.source] ?? relationship.source
    let line = "\(source): \(target)"
    entries.append(Entry(line: line, description: "the conformance '\(line)'", isSymbol: false))
  }
}

let actual = entries.map(\.line).sorted()
let symbolCount = entries.filter(\.isSymbol).count
let conformanceCount = entries.count - symbolCount
var errors: [String] = []

if options.update {
  let header =
    options.packageLevel
    ? """
    # The `package` API of \(options.module): what the other modules of this package reach in
    # it. One symbol per line, `path | declaration`; `Type: Protocol` lines are conformances.
    # A change is a reviewed diff of this file. Checked by scripts/check-public-api.sh;
    # regenerate with `scripts/check-public-api.sh --update`.

    """
    : options.framework
    ? """
    # The public API of \(options.module), a framework module other packages build on.
    # One symbol per line, `path | declaration`; `Type: Protocol` lines are conformances.
    # A change to this API is a reviewed diff of this file. Checked by
    # scripts/check-public-api.sh; regenerate with `scripts/check-public-api.sh --update`.

    """
    : """
    # The public API of \(options.module): its boundary (Input, Output, how to start it).
    # One symbol path per line; `Type: Protocol` lines are conformances and do not count
    # against the limit of \(options.limit) symbols. Checked by scripts/check-public-api.sh;
    # regenerate with `scripts/check-public-api.sh --update` and review the diff.

    """
  let text = header + actual.joined(separator: "\n") + "\n"
  do {
    try text.write(toFile: options.allowedPath, atomically: true, encoding: .utf8)
  } catch {
    fail("error: cannot write \(options.allowedPath): \(error)")
  }
}

let allowed = readAllowed(options.allowedPath)
// A module may well have no `package` API; its list is then the header alone.
let listExists = FileManager.default.fileExists(atPath: options.allowedPath)
if allowed.isEmpty, !(options.packageLevel && listExists) {
  errors.append(
    "error: \(options.allowedPath) is missing or empty. Every library module needs an allowed "
      + "list; create it with `scripts/check-public-api.sh --update` and review it.")
}
for extra in subtracting(actual, allowed) {
  let description = entries.first { $0.line == extra }?.description ?? "'\(extra)'"
  if options.packageLevel {
    errors.append(
      "error: \(options.module) has the package symbol \(description), which is not in "
        + "\(options.allowedPath). What the modules of this package reach in each other changes "
        + "as a reviewed diff: if the change is meant, run `scripts/check-public-api.sh --update` "
        + "and commit the list.")
    continue
  }
  if options.framework {
    errors.append(
      "error: \(options.module) exports \(description), which is not in \(options.allowedPath). "
        + "A framework module's public API changes only as a reviewed diff: if the change is "
        + "meant, run `scripts/check-public-api.sh --update` and commit the list; a test hook "
        + "should be `package` instead.")
    continue
  }
  errors.append(
    "error: \(options.module) exports \(description), which is not in \(options.allowedPath). "
      + "A feature's public API is its boundary: make it internal or package, or, if it really "
      + "is part of the boundary, add the line '\(extra)'.")
}
for missing in subtracting(allowed, actual) {
  errors.append(
    "error: \(options.allowedPath) lists '\(missing)', which \(options.module) no longer "
      + "exports"
      + (options.framework
        ? " with that declaration. If the change is meant, run "
          + "`scripts/check-public-api.sh --update` and commit the reviewed diff."
        : ". Remove the line."))
}
if !options.framework, symbolCount > options.limit {
  errors.append(
    "error: \(options.module) exports \(symbolCount) symbols; a feature's boundary may have at "
      + "most \(options.limit). Make the extra ones internal or package.")
}

let verdict = errors.isEmpty ? "matches \(options.allowedPath)" : "\(errors.count) problem(s)"
let limitText =
  options.packageLevel
  ? "package API" : options.framework ? "framework, no limit" : "limit \(options.limit)"
print(
  "\(options.module): \(symbolCount) symbols (\(limitText)), \(conformanceCount) "
    + "conformances; not counted: \(synthesized) synthesized, \(requirementImplementations) "
    + "protocol-requirement implementations; \(verdict)")
for error in errors { print("  " + error) }
exit(errors.isEmpty ? 0 : 1)
