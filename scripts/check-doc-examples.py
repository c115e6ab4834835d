#!/usr/bin/env python3
"""Every Swift example in the documentation is code that CI compiles.

Each ```swift block in README.md, docs/**/*.md and Sources/**/*.docc/**/*.md, and each ```swift
block in a `///` doc comment of Sources/ or Examples/*/Sources/, must appear verbatim (each line
compared without its indentation) in a Swift file that CI compiles: the package's Sources/ and
Tests/, the packages in Examples/ (Examples/DocExamples holds the examples that have no other
home) and Benchmarks/, or one of their Package.swift manifests. Only code counts: a `///` line
keeps its slashes, and each line is compared along with what it is (code, the inside of a
/* … */ comment, or the inside of a multi-line string literal), so an example quoted in a
comment or in a string literal is not found.

A block introduced by "From `path`:" (or "From [`path`](…):") must appear in that very file, so
a quote cannot silently drift from the code it quotes.

A Markdown block that is deliberately not compiled (a sketch for a platform CI does not have)
is preceded by the line

    <!-- doc-examples: not compiled: REASON -->

Such exceptions are listed at the end of every run, so they stay rare and visible. A doc
comment cannot opt out.

Usage: scripts/check-doc-examples.py [--verbose]
       scripts/check-doc-examples.py --self-test   # the matcher finds code, not strings
Exits non-zero, naming the file and line of each example that is found nowhere.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKETCH = re.compile(r"^<!--\s*doc-examples:\s*not compiled:\s*(.+?)\s*-->$")
FROM = re.compile(r"^From \[?`([^`]+)`")


def is_ignored(path):
    return any(part in (".build", ".swiftpm") for part in path.parts)


def markdown_files():
    files = [ROOT / "README.md"]
    files += sorted((ROOT / "docs").rglob("*.md"))
    files += sorted(p for p in (ROOT / "Sources").rglob("*.md") if ".docc" in str(p))
    return [p for p in files if p.exists() and not is_ignored(p)]


def documented_swift_files():
    files = sorted((ROOT / "Sources").rglob("*.swift"))
    files += sorted((ROOT / "Examples").glob("*/Sources/**/*.swift"))
    return [p for p in files if not is_ignored(p)]


def compiled_swift_files():
    files = []
    for top in ("Sources", "Tests", "Examples", "Benchmarks"):
        files += (ROOT / top).rglob("*.swift")
    return sorted(p for p in files if not is_ignored(p))


def fenced_blocks(lines):
    """Yields (first line number, language, block lines, preceding lines) for each fence."""
    index = 0
    while index < len(lines):
        match = re.match(r"^(\s*)(```+)\s*([\w+-]*)", lines[index])
        if not match:
            index += 1
            continue
        indent, fence, language = match.group(1), match.group(2), match.group(3)
        start = index
        body = []
        index += 1
        while index < len(lines) and not lines[index].strip().startswith(fence):
            line = lines[index]
            body.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1
        yield start + 1, language, body, lines[:start]


def doc_comment_runs(lines):
    """Yields (first line number, lines without `///`) for each run of `///` lines."""
    run, start = [], 0
    for number, line in enumerate(lines + [""], start=1):
        stripped = line.lstrip()
        if stripped.startswith("///"):
            if not run:
                start = number
            text = stripped[3:]
            run.append(text[1:] if text.startswith(" ") else text)
        elif run:
            yield start, run
            run = []


def line_kinds(text):
    """What each line of Swift source `text` starts inside: "code", "comment" (a /* … */
    block, nested as Swift nests them) or "string" (a multi-line string literal, raw or not).
    String interpolations are code. A lexer just good enough for that, not a parser."""
    kinds = []
    stack = [("code", 0)]  # (state, parens or hashes); "interpolation" counts parentheses
    index, length = 0, len(text)
    line_start = True
    while index <= length:
        if line_start:
            state = stack[-1][0]
            kinds.append("string" if state == "multi" else
                         "comment" if state == "block" else "code")
            line_start = False
        if index == length:
            break
        char = text[index]
        state, count = stack[-1]
        if char == "\n":
            if state == "line":
                stack.pop()
            elif state == "single":
                stack.pop()  # an unterminated string ends at the line's end
            line_start = True
            index += 1
            continue
        if state in ("code", "interpolation"):
            if text.startswith("//", index):
                stack.append(("line", 0))
                index += 2
            elif text.startswith("/*", index):
                stack.append(("block", 1))
                index += 2
            elif char == "#" or char == '"':
                hashes = 0
                while index + hashes < length and text[index + hashes] == "#":
                    hashes += 1
                after = index + hashes
                if after < length and text[after] == '"':
                    if text.startswith('"""', after):
                        stack.append(("multi", hashes))
                        index = after + 3
                    else:
                        stack.append(("single", hashes))
                        index = after + 1
                else:
                    index += max(hashes, 1)
            elif state == "interpolation" and char == "(":
                stack[-1] = ("interpolation", count + 1)
                index += 1
            elif state == "interpolation" and char == ")":
                if count == 0:
                    stack.pop()
                else:
                    stack[-1] = ("interpolation", count - 1)
                index += 1
            else:
                index += 1
        elif state == "line":
            index += 1
        elif state == "block":
            if text.startswith("/*", index):
                stack[-1] = ("block", count + 1)
                index += 2
            elif text.startswith("*/", index):
                if count == 1:
                    stack.pop()
                else:
                    stack[-1] = ("block", count - 1)
                index += 2
            else:
                index += 1
        else:  # "single" or "multi", with `count` hashes
            escape = "\\" + "#" * count
            close = ('"' if state == "single" else '"""') + "#" * count
            if text.startswith(escape, index):
                index += len(escape)
                if index < length and text[index] == "(":
                    stack.append(("interpolation", 0))
                    index += 1
                elif index < length and text[index] != "\n":
                    index += 1
            elif text.startswith(close, index):
                stack.pop()
                index += len(close)
            else:
                index += 1
    return kinds


def normalized(text):
    """Each line of Swift `text`, stripped, with what it starts inside (see `line_kinds`)."""
    lines = text.split("\n")
    return list(zip(line_kinds(text), (line.strip() for line in lines)))


def contains(haystack, needle):
    """The line number (1-based) where `needle` starts inside `haystack`, or None."""
    if not needle:
        return 1
    first = needle[0]
    for index, line in enumerate(haystack):
        if line == first and haystack[index:index + len(needle)] == needle:
            return index + 1
    return None


def closest(haystacks, needle):
    """The file and number of leading lines of `needle` that match best, for the report."""
    best = (0, None, None)
    for path, haystack in haystacks.items():
        for index, line in enumerate(haystack):
            if line != needle[0]:
                continue
            count = 0
            while (count < len(needle) and index + count < len(haystack)
                   and haystack[index + count] == needle[count]):
                count += 1
            if count > best[0]:
                best = (count, path, index + 1)
    return best


def self_test():
    """The matcher finds code and nothing else; `--self-test` runs this (CI does, first)."""
    example = normalized("let notes = Notes()\nnotes.send(.save)")
    cases = [
        ("code", "func f() {\n  let notes = Notes()\n  notes.send(.save)\n}", True),
        ("code after an interpolation and a raw string",
         'let a = "\\(b("x)")"; let c = #"\\"#\nlet notes = Notes()\nnotes.send(.save)', True),
        ("a multi-line string", 'let s = """\n  let notes = Notes()\n  notes.send(.save)\n  """',
         False),
        ("a raw multi-line string",
         'let s = #"""\n  """ ends nothing here\nlet notes = Notes()\nnotes.send(.save)\n"""#',
         False),
        ("a block comment", "/* an example:\nlet notes = Notes()\nnotes.send(.save)\n*/", False),
        ("a nested block comment",
         "/* /* inner */\nlet notes = Notes()\nnotes.send(.save)\n*/", False),
    ]
    failed = 0
    for name, source, expected in cases:
        found = contains(normalized(source), example) is not None
        if found != expected:
            failed += 1
            print(f"self-test: {name}: found={found}, expected {expected}")
    print(f"self-test: {len(cases) - failed} of {len(cases)} cases as expected")
    return 1 if failed else 0


def main():
    if "--self-test" in sys.argv[1:]:
        return self_test()
    verbose = "--verbose" in sys.argv[1:]
    haystacks = {}
    for path in compiled_swift_files():
        text = path.read_text(encoding="utf-8")
        haystacks[path.relative_to(ROOT).as_posix()] = normalized(text)
    for manifest in [ROOT / "Package.swift"] + sorted(ROOT.glob("*/*/Package.swift")) + sorted(
            ROOT.glob("*/Package.swift")):
        if manifest.exists() and not is_ignored(manifest):
            key = manifest.relative_to(ROOT).as_posix()
            haystacks[key] = normalized(manifest.read_text(encoding="utf-8"))

    examples = []  # (where, block lines, required file or None)
    sketches = []
    for path in markdown_files():
        lines = path.read_text(encoding="utf-8").split("\n")
        relative = path.relative_to(ROOT).as_posix()
        for number, language, body, before in fenced_blocks(lines):
            if language != "swift":
                continue
            context = [line.strip() for line in before if line.strip()][-2:]
            sketch = next((SKETCH.match(line) for line in context[-1:] if SKETCH.match(line)), None)
            if sketch:
                sketches.append(f"{relative}:{number}: {sketch.group(1)}")
                continue
            required = None
            for line in reversed(context):
                match = FROM.match(line)
                if match:
                    required = match.group(1)
                    break
            examples.append((f"{relative}:{number}", body, required))
    for path in documented_swift_files():
        relative = path.relative_to(ROOT).as_posix()
        lines = path.read_text(encoding="utf-8").split("\n")
        for start, run in doc_comment_runs(lines):
            for number, language, body, _ in fenced_blocks(run):
                if language == "swift":
                    examples.append((f"{relative}:{start + number - 1}", body, None))

    failures = 0
    for where, body, required in examples:
        needle = normalized("\n".join(body))
        while needle and not needle[-1][1]:
            needle.pop()
        if not needle:
            print(f"{where}: error: an empty swift block")
            failures += 1
            continue
        if required is not None:
            if required not in haystacks:
                print(f"{where}: error: the block says it is from `{required}`, which is not a "
                      "compiled Swift file of this repository")
                failures += 1
                continue
            candidates = {required: haystacks[required]}
        else:
            candidates = haystacks
        found = None
        for candidate, haystack in candidates.items():
            line = contains(haystack, needle)
            if line is not None:
                found = f"{candidate}:{line}"
                break
        if found:
            if verbose:
                print(f"{where}: ok, compiled as {found}")
            continue
        failures += 1
        count, path, line = closest(candidates, needle)
        print(f"{where}: error: this swift block ({len(needle)} lines) is not compiled code: "
              "it appears verbatim in no compiled Swift file"
              + (f" (it was meant to be from `{required}`)" if required else ""))
        if path:
            print(f"    closest: {path}:{line} matches its first {count} line(s); then the "
                  f"example has: {needle[count][1]!r} ({needle[count][0]})")
        else:
            print(f"    its first line matches nothing: {needle[0][1]!r} ({needle[0][0]})")

    print(f"{len(examples)} swift examples checked, {failures} not compiled; "
          f"{len(sketches)} marked as not compiled:")
    for sketch in sketches:
        print(f"  {sketch}")
    if failures:
        print("error: put each example verbatim in compiled code (Examples/DocExamples for those "
              "with no other home), or fix the example to match the file it quotes",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
