#!/usr/bin/env python3
"""Every repository path the documentation names exists.

Reads every Markdown file git tracks (the READMEs, docs/ and its decisions, the DocC articles
in Sources/*/*.docc, the examples' READMEs) and every Swift file's comments, finds each path
into the repository they name, and fails, naming the file, line and path, when one does not
exist. A path is named two ways:

- a Markdown link, `[text](relative/path)`, resolved from the linking file's folder (links
  with a scheme, anchors alone and DocC's `<doc:…>` are not paths);
- a path written out, in backticks or in prose, that starts at the repository's root with one
  of its top-level folders or files (`Sources/…`, `docs/…`, `scripts/…`, `.ci/…`, …).

A written-out path may end with `/` (a folder), `:LINE` or `#anchor` (dropped before the check)
or hold a `*` (a glob: at least one file must match). Placeholders (`<Module>`, `NNNN`, `X`)
mark a pattern, not a path, and are skipped, as are build products (a `.build` folder) and
`text` code blocks (file trees of a package other than this one, diagrams).

A path named before the file it names lands (work on another branch) is listed, with its
reason, in .ci/doc-paths-pending.txt; the check fails once such a path exists, so that the
list only ever holds what is still missing.

Usage: scripts/check-doc-paths.py [--self-test]
"""

import glob
import os
import re
import subprocess
import sys
import tempfile

# Top-level entries a written-out path may start with: a path is only checked when its first
# component is one of these, so prose such as "input/output" is never taken for a path.
ROOTS = (
    ".ci", "Benchmarks", "Examples", "Fuzz", "Sources", "Tests", "api", "docs", "scripts",
)
WRITTEN = re.compile(
    r"(?<![\w./-])((?:" + "|".join(re.escape(root) for root in ROOTS) + r")/[\w./*+-]*)"
)
LINK = re.compile(r"\]\(([^)\s]+)\)")
PLACEHOLDER = re.compile(r"<[^>]*>|NNNN|\bX\b|\.\.\.|…")


def tracked_files(root):
    output = subprocess.run(
        ["git", "-C", root, "ls-files", "-z"], check=True, capture_output=True
    ).stdout
    return [name for name in output.decode().split("\0") if name]


def candidates(path, text):
    """(line number, path as written, path from the repository's root) for each path named."""
    is_markdown = path.endswith(".md")
    in_text_block = False
    for number, line in enumerate(text.splitlines(), start=1):
        if is_markdown and line.lstrip().startswith("```"):
            in_text_block = not in_text_block and line.strip() == "```text"
            continue
        if in_text_block:
            continue
        if not is_markdown:
            # Swift: comments only (a doc comment, or a comment after code).
            if "//" not in line:
                continue
            line = line[line.index("//"):]
        if is_markdown:
            for match in LINK.finditer(line):
                target = match.group(1)
                if re.match(r"^[a-zA-Z][a-zA-Z+.-]*:", target) or target.startswith("#"):
                    continue
                target = target.split("#")[0]
                if not target or PLACEHOLDER.search(target):
                    continue
                resolved = os.path.normpath(os.path.join(os.path.dirname(path), target))
                yield number, target, resolved
        for match in WRITTEN.finditer(line):
            written = match.group(1).rstrip(".,;:)")
            if PLACEHOLDER.search(line[match.start():match.end() + 1]):
                continue
            written = re.sub(r":\d+(-\d+)?$", "", written).split("#")[0]
            yield number, written, os.path.normpath(written)


def exists(root, path):
    if ".build" in path.split("/"):
        return True
    if "*" in path:
        return bool(glob.glob(os.path.join(root, path)))
    return os.path.exists(os.path.join(root, path))


def pending_paths(root):
    """The paths .ci/doc-paths-pending.txt lists: `path  # why it is missing for now`."""
    listed = os.path.join(root, ".ci", "doc-paths-pending.txt")
    if not os.path.exists(listed):
        return set()
    with open(listed, encoding="utf-8") as handle:
        entries = (line.split("#")[0].strip() for line in handle)
        return {entry for entry in entries if entry}


def check(root):
    missing = []
    pending = pending_paths(root)
    for path in sorted(pending):
        if exists(root, path):
            missing.append(
                f".ci/doc-paths-pending.txt: {path} exists now; remove it from the list")
    for path in tracked_files(root):
        if not (path.endswith(".md") or path.endswith(".swift")):
            continue
        full = os.path.join(root, path)
        if not os.path.isfile(full):
            continue
        with open(full, encoding="utf-8") as handle:
            text = handle.read()
        for number, written, resolved in candidates(path, text):
            if resolved.startswith(".."):
                missing.append(f"{path}:{number}: {written} points outside the repository")
            elif not exists(root, resolved) and resolved not in pending:
                missing.append(f"{path}:{number}: {written} does not exist")
    return missing


def self_test():
    with tempfile.TemporaryDirectory() as root:
        def write(name, text):
            os.makedirs(os.path.join(root, os.path.dirname(name)), exist_ok=True)
            with open(os.path.join(root, name), "w", encoding="utf-8") as handle:
                handle.write(text)

        subprocess.run(["git", "init", "-q", root], check=True)
        write("Sources/A/A.swift", "// See docs/a.md and docs/gone.md.\nlet s = \"docs/no.md\"\n")
        write(
            "docs/a.md",
            "[ok](../Sources/A/A.swift) [bad](b.md) [web](https://x.y/z) `Sources/A/`\n"
            "`Sources/*/A.swift` `Sources/<Module>/` `Tests/Missing.swift:12`\n"
            "```text\nSources/Elsewhere/\n```\n`docs/later.md` `.build/release/X`\n",
        )
        write(".ci/doc-paths-pending.txt", "docs/later.md  # lands later\ndocs/a.md  # here\n")
        subprocess.run(["git", "-C", root, "add", "-A"], check=True)
        found = sorted(check(root))
        expected = [
            ".ci/doc-paths-pending.txt: docs/a.md exists now; remove it from the list",
            "Sources/A/A.swift:1: docs/gone.md does not exist",
            "docs/a.md:1: b.md does not exist",
            "docs/a.md:2: Tests/Missing.swift does not exist",
        ]
        if found != expected:
            print("self-test failed:\n  found    " + "\n           ".join(found)
                  + "\n  expected " + "\n           ".join(expected))
            return 1
    print("self-test passed: 3 missing paths and a stale pending entry found; existing,"
          " pending and skipped paths passed")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if sys.argv[1:]:
        print(__doc__)
        return 2
    root = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], check=True, capture_output=True, text=True
    ).stdout.strip()
    missing = check(root)
    for line in missing:
        print(line)
    if missing:
        print(f"{len(missing)} path(s) named in the documentation do not exist")
        return 1
    print("every path the documentation names exists")
    return 0


if __name__ == "__main__":
    sys.exit(main())
