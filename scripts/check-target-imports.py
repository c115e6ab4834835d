#!/usr/bin/env python3
"""Every target imports only modules it declares.

SwiftPM builds all targets into one module directory, so a target that imports a module it does
not depend on still compiles when that module happens to be built first (`swift build
--build-tests` builds everything), and fails on a clean `swift test` or in another package.
This check reads the manifest (`swift package dump-package`) and every source file, and lists
each import of one of this package's modules that the importing target does not declare,
directly or through its declared dependencies.

    scripts/check-target-imports.py [package-path]
"""

import json
import os
import re
import subprocess
import sys

IMPORT = re.compile(
    r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:public |package |internal |private |fileprivate )?"
    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)",
    re.MULTILINE,
)


def main() -> int:
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    manifest = json.loads(
        subprocess.run(
            ["swift", "package", "--package-path", root, "dump-package"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    )
    targets = {}
    for target in manifest["targets"]:
        dependencies = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind in ("byName", "target"):
                dependencies.add(value[0])
        default = "Tests" if target["type"] == "test" else "Sources"
        path = target.get("path") or os.path.join(default, target["name"])
        targets[target["name"]] = (os.path.join(root, path), dependencies)

    def closure(name, seen=None):
        seen = set() if seen is None else seen
        for dependency in targets.get(name, (None, set()))[1]:
            if dependency not in seen:
                seen.add(dependency)
                closure(dependency, seen)
        return seen

    problems = []
    for name, (path, _) in sorted(targets.items()):
        visible = closure(name) | {name}
        for directory, _, files in os.walk(path):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                source = os.path.join(directory, file)
                with open(source, encoding="utf-8") as handle:
                    text = handle.read()
                for match in IMPORT.finditer(text):
                    module = match.group(1)
                    if module in targets and module not in visible:
                        line = text.count("\n", 0, match.start()) + 1
                        relative = os.path.relpath(source, root)
                        problems.append(
                            f"{relative}:{line}: target {name} imports {module} "
                            f"but does not depend on it"
                        )
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} undeclared import(s)", file=sys.stderr)
        return 1
    print(f"imports: every target declares what it imports ({len(targets)} targets)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
