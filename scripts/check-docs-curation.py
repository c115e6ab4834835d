#!/usr/bin/env python3
"""Every top-level public symbol of a module has a place in its DocC landing page.

DocC puts a symbol that no `## Topics` group names into an automatic group at the end, where a
reader finds it last. This check fails, naming the symbol, when the landing page
(`Sources/<M>/<M>.docc/<M>.md`) does not link a top-level symbol (a type, a protocol, a global
function) with ``Symbol`` in its topics. Run by scripts/build-docs.sh.

Usage: scripts/check-docs-curation.py LANDING.md MODULE.symbols.json
"""

import json
import re
import sys


def main():
    landing, graph_path = sys.argv[1], sys.argv[2]
    text = open(landing, encoding="utf-8").read()
    topics = text.split("## Topics", 1)
    if len(topics) < 2:
        print(f"{landing}: error: the landing page has no `## Topics` section")
        return 1
    linked = set()
    for link in re.findall(r"``([^`]+)``", topics[1]):
        linked.add(link.split("/")[0].split("(")[0])
        linked.add(link)
        # An overload disambiguated by DocC's hash: ``name(_:)-2qrp5``.
        linked.add(re.sub(r"\)-[0-9a-z]+$", ")", link))
    graph = json.load(open(graph_path, encoding="utf-8"))
    missing = []
    for symbol in graph["symbols"]:
        path = symbol["pathComponents"]
        if len(path) != 1 or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        name = path[0]
        title = symbol["names"]["title"]
        if name not in linked and title not in linked:
            missing.append(title)
    for title in sorted(set(missing)):
        print(f"{landing}: error: the public symbol `{title}` has no place in the landing "
              "page's topics; add ``" + title + "`` to a `## Topics` group")
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
