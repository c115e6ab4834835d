#!/usr/bin/env python3
"""Tests wait on signals, and every known issue names the issue it expects.

Two rules for the Swift files of Tests/ and Examples/ (tracked by git):

1. No loop that yields or sleeps until a condition holds. The team's standing check is

       grep -rnE "yieldUntil|while .*Task\\.yield|while .*Task\\.sleep" Tests Examples

   and it must print nothing: such a loop is a timeout in disguise (a number of turns or a
   sleep that a loaded machine can outrun). A test awaits a signal instead: `settle()`,
   `untilDelivered(_:)`, `onOutput`, a stream's end, a test clock's `advance`, a continuation.
2. Every `withKnownIssue` has a `matching:` closure, so that only the expected issue is
   absorbed; without one, any failure inside it (an expectation included) would be.

Prints each violation with its file and line, and a summary; exits 1 if there is one.
Usage: scripts/check-test-waits.py
"""

import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
WAIT_LOOP = re.compile(r"yieldUntil|while .*Task\.yield|while .*Task\.sleep")


def swift_files():
    listed = subprocess.run(
        ["git", "ls-files", "Tests/*.swift", "Examples/*.swift"],
        cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
    return [ROOT / name for name in listed]


def code_only(text):
    """`text` with comments and the insides of string literals blanked (newlines kept), so
    that braces and words in them do not count."""
    out, index, length = [], 0, len(text)
    while index < length:
        if text.startswith("//", index):
            end = text.find("\n", index)
            end = length if end < 0 else end
            out.append(" " * (end - index))
            index = end
        elif text.startswith("/*", index):
            end = text.find("*/", index + 2)
            end = length if end < 0 else end + 2
            out.append(re.sub(r"[^\n]", " ", text[index:end]))
            index = end
        elif text.startswith('"""', index):
            end = text.find('"""', index + 3)
            end = length if end < 0 else end + 3
            out.append('"' + re.sub(r"[^\n]", " ", text[index + 1:end - 1]) + '"')
            index = end
        elif text[index] == '"':
            end = index + 1
            while end < length and text[end] not in '"\n':
                end += 2 if text[end] == "\\" else 1
            end = min(end + 1, length)
            out.append('"' + " " * (end - index - 2) + '"')
            index = end
        else:
            out.append(text[index])
            index += 1
    return "".join(out)


def matching_end(code, open_index, opening, closing):
    depth = 0
    for index in range(open_index, len(code)):
        if code[index] == opening:
            depth += 1
        elif code[index] == closing:
            depth -= 1
            if depth == 0:
                return index
    return len(code) - 1


def known_issues_without_matching(code):
    """Line numbers of `withKnownIssue` calls that have no `matching:`."""
    lines = []
    for found in re.finditer(r"\bwithKnownIssue\b", code):
        index = found.end()
        while index < len(code) and code[index].isspace():
            index += 1
        arguments = ""
        if index < len(code) and code[index] == "(":
            end = matching_end(code, index, "(", ")")
            arguments = code[index:end + 1]
            index = end + 1
        has_matching = "matching:" in arguments
        # Trailing closures: the body, then perhaps `matching: { … }`.
        while not has_matching:
            while index < len(code) and code[index].isspace():
                index += 1
            if index < len(code) and code[index] == "{":
                index = matching_end(code, index, "{", "}") + 1
                continue
            has_matching = code.startswith("matching:", index)
            break
        if not has_matching:
            lines.append(code.count("\n", 0, found.start()) + 1)
    return lines


def main():
    violations = []
    files = swift_files()
    for path in files:
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        for number, line in enumerate(text.split("\n"), start=1):
            if WAIT_LOOP.search(line):
                violations.append(f"{relative}:{number}: a loop that waits for a condition: "
                                  f"{line.strip()}")
        for number in known_issues_without_matching(code_only(text)):
            violations.append(f"{relative}:{number}: withKnownIssue without matching:")
    for violation in violations:
        print(violation)
    print(f"{len(files)} test and example files checked: {len(violations)} violation(s)")
    if violations:
        print("error: await a signal instead of looping; give every withKnownIssue a matching: "
              "closure that checks the issue's message", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
