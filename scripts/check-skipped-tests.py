#!/usr/bin/env python3
"""Counts the tests each run skipped and fails on any skip that is not declared.

A test that cannot run where it is (no tmux, not root) skips itself with a reason, which is
right on a developer's machine and wrong in CI: there, every check must run. CI hands this
script the JUnit XML of each `swift test` run (`--xunit-output`; Swift Testing writes
`<name>-swift-testing.xml`) and the list of skips it accepts, `.ci/declared-skips.txt`: one
`Module.Suite/test()` per line, each with its reason after a `#`. The script prints, per run
and in all, how many tests ran and how many were skipped, names every skipped test that is
not declared, and exits 1 if there is one, if a run is missing, or if a run executed no test.

Usage: scripts/check-skipped-tests.py --declared .ci/declared-skips.txt RUN.xml...
"""

import argparse
import pathlib
import sys
import xml.etree.ElementTree as ElementTree


def declared_skips(path):
    names = set()
    for line in pathlib.Path(path).read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            names.add(name)
    return names


def read_run(path):
    """(tests, [(name, reason) of each skipped test]) of one JUnit XML file."""
    root = ElementTree.parse(path).getroot()
    tests, skipped = 0, []
    for case in root.iter("testcase"):
        tests += 1
        skip = case.find("skipped")
        if skip is not None:
            name = f"{case.get('classname')}/{case.get('name')}"
            skipped.append((name, (skip.text or skip.get("message") or "").strip()))
    return tests, skipped


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--declared", required=True, help="the list of accepted skips")
    parser.add_argument("runs", nargs="+", help="JUnit XML files, one per test run")
    arguments = parser.parse_args()
    declared = declared_skips(arguments.declared)

    problems = []
    total_tests, total_skipped, undeclared = 0, 0, []
    for run in arguments.runs:
        path = pathlib.Path(run)
        if not path.is_file():
            problems.append(f"{run}: missing (did the run write its XML?)")
            continue
        tests, skipped = read_run(path)
        print(f"{run}: {tests} tests, {len(skipped)} skipped")
        if tests == 0:
            problems.append(f"{run}: the run executed no test")
        total_tests += tests
        total_skipped += len(skipped)
        undeclared += [(run, name, reason) for name, reason in skipped if name not in declared]

    print(f"skipped tests: {total_skipped} of {total_tests} in {len(arguments.runs)} run(s); "
          f"{len(undeclared)} not declared in {arguments.declared}")
    for run, name, reason in undeclared:
        print(f"  undeclared skip: {name} ({reason}) in {run}")
    for problem in problems:
        print(f"error: {problem}")
    if undeclared:
        print("error: a test CI relies on did not run; make it runnable here (install what it "
              f"needs in .ci/run), or declare the skip with its reason in {arguments.declared}",
              file=sys.stderr)
    return 1 if undeclared or problems else 0


if __name__ == "__main__":
    sys.exit(main())
