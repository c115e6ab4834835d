#!/usr/bin/env python3
"""Profiles an editor's keystrokes as the side-by-side run types them: the same note, the same
keys, one at a time in a 100x30 tmux pane, the editor open at the note's end.

  scripts/keystroke_profile.py --binary .build/release/AppShell --tool callgrind
      instructions per key (valgrind's callgrind, counters zeroed before the keys and dumped
      after them); the profile is kept for callgrind_annotate (--out)
  scripts/keystroke_profile.py --binary .build/release/AppShell --tool perf --out keys.data
      `perf record -g` of the process while the keys are typed (perf report -i keys.data)
  scripts/keystroke_profile.py --binary .build/release/AppShell --tool footprint
      what one key touches: the instructions it runs and the distinct 64-byte cache lines and
      4 KB pages of code and of data it reads or writes (valgrind's lackey traces every access;
      a key is cut from the trace at the editor's own functions, see KEY_MARKS)
  --editor nano (or vim, callgrind and perf only) measures that editor the same way

The figures and what they showed are in docs/performance.md ("The frame path by a third" and
"How far from nano, and why").
"""

import argparse
import bisect
import collections
import glob
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import side_by_side  # noqa: E402  (the same tmux session, note and keys)

# Where the footprint's trace is cut into keys: (object, symbol that begins a key, symbol that
# ends it). AppShell's key begins where the shell hands it to the views and ends when the shell's
# loop goes back to sleep, after the frame; nano has no end mark, so a key runs from one screen
# update (ncurses' doupdate) to the next: the frame, then the next key read and handled.
KEY_MARKS = {
    "AppShell": ("AppShell", r"InteractiveSession.*6handle.*arrivedAt.*tF$",
                 r"ExecutorC5sleep.*watching.*tF$"),
    "nano": ("libncursesw.so", r"^doupdate@@", None),
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", help="the release AppShell executable")
    parser.add_argument("--editor", choices=["AppShell", "nano", "vim"], default="AppShell")
    parser.add_argument("--tool", choices=["callgrind", "perf", "footprint"], default="callgrind")
    parser.add_argument("--size", type=int, default=1000, help="the note's size in bytes")
    parser.add_argument("--keys", type=int, help="keys typed (200; 30 for the footprint)")
    parser.add_argument("--interval", type=float,
                        help="seconds between keys (0.012; 0.6 for the footprint, under which a "
                             "key takes a few hundred milliseconds)")
    parser.add_argument("--out", help="where to keep the profile")
    arguments = parser.parse_args()
    if arguments.editor == "AppShell" and arguments.binary is None:
        parser.error("--binary is required for AppShell")
    if arguments.tool == "footprint" and arguments.editor not in KEY_MARKS:
        parser.error(f"the footprint cuts keys at marks known for {', '.join(KEY_MARKS)} only")
    footprint = arguments.tool == "footprint"
    count = arguments.keys or (30 if footprint else 200)
    interval = arguments.interval or (0.6 if footprint else 0.012)
    tools = {"callgrind": ["valgrind", "callgrind_control", "callgrind_annotate"],
             "perf": ["perf"], "footprint": ["valgrind", "nm"]}[arguments.tool]
    for tool in ["tmux"] + tools:
        if shutil.which(tool) is None:
            side_by_side.fail(f"{tool} is missing (apt-get install -y tmux valgrind linux-perf)")

    keys = side_by_side.key_sequence(count)
    editor = side_by_side.Editor(arguments.editor)
    directory = tempfile.mkdtemp(prefix="keystroke-profile-")
    home = os.path.join(directory, "home")
    os.mkdir(home)
    tmux = side_by_side.Tmux(f"keystroke-profile-{os.getpid()}", home)
    profile = os.path.join(directory, "callgrind.out")
    trace = os.path.join(directory, "lackey.out")
    recorder = None
    try:
        body = side_by_side.note_body(arguments.size)
        path = editor.prepare(directory, body)
        command = editor.command(arguments.binary, directory, path)
        if arguments.tool == "callgrind":
            command = command.replace(
                "exec ", f"exec valgrind --tool=callgrind --callgrind-out-file={profile} ", 1)
        elif footprint:
            command = command.replace(
                "exec ", f"exec valgrind --tool=lackey --trace-mem=yes --log-file={trace} ", 1)
        tmux.run("new-session", "-d", "-s", "main", "-x", "100", "-y", "30", command)
        pid = int(tmux.value("pane_pid"))
        if footprint:
            # Under lackey the editor runs a hundred times slower: its start takes minutes.
            wait_for = tmux.wait_for
            tmux.wait_for = lambda text, timeout=900: wait_for(text, timeout)
        editor.open_at_end(tmux, body)
        time.sleep(3.0 if footprint else 0.5)
        if arguments.tool == "callgrind":
            subprocess.run(["callgrind_control", "-z", str(pid)], check=True,
                           capture_output=True)
        elif footprint:
            with open(f"/proc/{pid}/maps") as file:
                mappings = file.read()
            start = os.path.getsize(trace)
        else:
            out = arguments.out or "keystrokes.perf.data"
            recorder = subprocess.Popen(
                ["perf", "record", "-g", "-F", "4000", "-o", out, "-p", str(pid)],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
            time.sleep(1.0)  # perf attaches
        for key in keys:
            if key == "Enter":
                tmux.press("Enter")
            else:
                tmux.type(key)
            time.sleep(interval)
        tmux.wait_for(side_by_side.END_MARK)
        if arguments.tool == "callgrind":
            subprocess.run(["callgrind_control", "-d", str(pid)], check=True,
                           capture_output=True)
            report_instructions(profile, arguments, len(keys))
        elif footprint:
            time.sleep(2.0)
            end = os.path.getsize(trace)
            report_footprint(trace, start, end, mappings, arguments)
        else:
            os.killpg(recorder.pid, signal.SIGINT)
            recorder.wait()
            recorder = None
            print(f"profile: {arguments.out or 'keystrokes.perf.data'} (perf report -i …)")
        editor.quit(tmux)
    finally:
        if recorder is not None:
            os.killpg(recorder.pid, signal.SIGINT)
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)


def report_instructions(profile, arguments, keys):
    dumps = sorted(glob.glob(profile + ".*"))
    if not dumps:
        side_by_side.fail("callgrind wrote no profile")
    totals = subprocess.run(["callgrind_annotate", dumps[-1]], check=True,
                            capture_output=True, text=True).stdout
    line = next(line for line in totals.splitlines() if "PROGRAM TOTALS" in line)
    instructions = int(line.split()[0].replace(",", ""))
    print(f"{arguments.editor}: {instructions / keys:,.0f} instructions a key "
          f"({instructions:,} for {keys} keys, a {arguments.size:,}-byte note)")
    if arguments.out:
        shutil.copy(dumps[-1], arguments.out)
        print(f"profile: {arguments.out} (callgrind_annotate --inclusive=yes)")


class Mappings:
    """The editor's mappings from /proc/PID/maps: which file (or anonymous memory) an address
    is in, and where a file's symbols are loaded."""

    def __init__(self, text):
        self.regions = []
        for line in text.splitlines():
            fields = line.split()
            low, high = (int(value, 16) for value in fields[0].split("-"))
            name = os.path.basename(fields[5]) if len(fields) > 5 else "anonymous memory"
            path = fields[5] if len(fields) > 5 else None
            self.regions.append((low, high, name, int(fields[2], 16), path))
        self.regions.sort()
        self.starts = [region[0] for region in self.regions]

    def name(self, address):
        index = bisect.bisect_right(self.starts, address) - 1
        if index >= 0 and address < self.regions[index][1]:
            return self.regions[index][2]
        return "unmapped"

    def symbol(self, file, pattern):
        """The loaded address of the one symbol of `file` that matches `pattern`."""
        region = next(region for region in self.regions if region[2].startswith(file))
        base = min(low - offset for low, _, name, offset, _ in self.regions
                   if name == region[2])
        listed = subprocess.run(["nm", "--defined-only", region[4]], capture_output=True,
                                text=True).stdout
        if not listed.strip():
            listed = subprocess.run(["nm", "-D", "--defined-only", region[4]],
                                    capture_output=True, text=True, check=True).stdout
        found = [line.split() for line in listed.splitlines()
                 if len(line.split()) == 3 and re.search(pattern, line.split()[2])]
        if len(found) != 1:
            side_by_side.fail(f"{len(found)} symbols of {file} match {pattern!r}, not one")
        return base + int(found[0][0], 16)


def report_footprint(trace, start, end, text, arguments):
    """Cuts the trace into keys at the editor's marks, and reports the keys that carried one key
    and nothing else (a timer's work or two keys read at once make a key run more)."""
    mappings = Mappings(text)
    file, begin, finish = KEY_MARKS[arguments.editor]
    begin = mappings.symbol(file, begin)
    finish = mappings.symbol(file, finish) if finish else None
    keys = []
    current = None
    with open(trace, "rb") as lines:
        lines.seek(start)
        remaining = end - start
        for line in lines:
            remaining -= len(line)
            if remaining < 0:
                break
            kind = line[:2].strip()
            if kind not in (b"I", b"L", b"S", b"M"):
                continue
            address = int(line[3:].split(b",")[0], 16)
            if kind == b"I":
                if address == begin:
                    current = [0, set(), set()]
                    keys.append(current)
                elif address == finish:
                    current = None
                if current is None:
                    continue
                current[0] += 1
                current[1].add(address >> 6)
            elif current is not None:
                current[2].add(address >> 6)
    keys = keys[1:-1]  # the first and last may be cut short
    if len(keys) < 5:
        side_by_side.fail(f"only {len(keys)} keys found in the trace")
    fewest = min(key[0] for key in keys)
    single = [key for key in keys if key[0] <= 1.15 * fewest]

    def mean(measure):
        return statistics.mean(measure(key) for key in single)

    print(f"{arguments.editor}: {len(keys)} keys traced, {len(single)} of them one key and "
          f"nothing else (within 15% of the fewest instructions); per key:")
    print("  (instructions of every key traced: "
          + ", ".join(f"{key[0]:,}" for key in sorted(keys, key=lambda key: key[0])) + ")")
    print(f"  instructions {mean(lambda key: key[0]):,.0f}")
    print(f"  code: {mean(lambda key: len(key[1])):,.0f} lines of 64 bytes, "
          f"{mean(lambda key: len({line >> 6 for line in key[1]})):,.0f} pages of 4 KB")
    print(f"  data: {mean(lambda key: len(key[2])):,.0f} lines of 64 bytes, "
          f"{mean(lambda key: len({line >> 6 for line in key[2]})):,.0f} pages of 4 KB")
    places = collections.Counter()
    for key in single:
        for line in key[1]:
            places["code in " + mappings.name(line << 6)] += 1
        for line in key[2]:
            places["data in " + mappings.name(line << 6)] += 1
    middle = sorted(keys, key=lambda key: key[0])[len(keys) // 2]
    print(f"  (the median key traced: {middle[0]:,} instructions, {len(middle[1]):,} lines of "
          f"code, {len(middle[2]):,} of data)")
    print("  lines by where they are:")
    for place, lines in places.most_common(12):
        print(f"    {lines / len(single):7,.0f}  {place}")


if __name__ == "__main__":
    main()
