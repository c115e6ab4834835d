#!/usr/bin/env python3
"""What a person at a real terminal gets from AppShell, measured in tmux at real sizes.

For each note size (a note of that many bytes, opened in the editor of a 100x30 pane):

  idle CPU     the app's CPU time (its threads' run time from /proc) over 5 s with nothing to do
  key → frame  how long each typed key waited for the frame that showed it, as the app measures
               it (`--stats`: from the read that returned the key to the frame's write)
  frame        how long composing and writing one frame took (`--stats`)
  quit         from pressing q to the process's exit (notes saved first), polled every 1 ms

and once: Ctrl-Z gives the shell back (alternate screen off, cursor shown) and `fg` resumes
with the screen redrawn and keys working.

Timings depend on the machine and its load: they go to docs/performance.md, never into tests.
Usage: scripts/terminal-figures.sh (builds a release AppShell first).
"""

import argparse
import json
import os
import shutil
import subprocess
import tempfile
import time



class Tmux:
    def __init__(self, socket):
        self.socket = socket

    def run(self, *args):
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True
        ).stdout

    def screen(self):
        return self.run("capture-pane", "-p")

    def wait_for(self, text, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.screen():
                return True
            time.sleep(0.02)
        raise RuntimeError(f"the screen never showed {text!r}:\n{self.screen()}")

    def value(self, name):
        return self.run("display-message", "-p", "#{" + name + "}").strip()

    def child_pid(self):
        shell = self.value("pane_pid")
        with open(f"/proc/{shell}/task/{shell}/children") as children:
            pids = children.read().split()
        return int(pids[0]) if pids else None

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def thread_cpu_ns(pid):
    """Each thread's CPU time so far, in nanoseconds: the scheduler's run time
    (/proc/PID/task/TID/schedstat). The process's utime and stime count whole 10 ms clock
    ticks, charged to whatever runs when a tick falls: a process that wakes once for a fraction
    of a millisecond can show a tick, and a busier one none."""
    times = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
                times[task] = int(schedstat.read().split()[0])
        except FileNotFoundError:
            pass  # the thread ended between the listing and the read
    return times


def cpu_seconds_between(before, after):
    """CPU time spent between two `thread_cpu_ns` readings by the threads alive at the second.
    A thread that ended in between (an idle worker of the thread pool retiring) is left out:
    what it ran after the first reading cannot be read any more."""
    return sum(ns - before.get(task, 0) for task, ns in after.items()) / 1e9


def note_file(directory, size):
    line = "The quick brown fox jumps over the lazy dog. 0123456789 abcdefghijklmnopqrst\n"
    body = (line * (size // len(line) + 1))[:size]
    document = {
        "format": "multistore-notes",
        "version": 1,
        "notes": [{"id": 1, "title": f"{size} bytes", "body": body, "revision": 1}],
    }
    with open(os.path.join(directory, "notes.json"), "w") as file:
        json.dump(document, file)


def measure(binary, size, keys):
    directory = tempfile.mkdtemp(prefix="terminal-figures-")
    stats = os.path.join(directory, "stats.txt")
    tmux = Tmux(f"figures-{os.getpid()}-{size}")
    try:
        note_file(directory, size)
        tmux.run(
            "new-session", "-d", "-x", "100", "-y", "30",
            f"{binary} --data-dir {directory} --stats 2>{stats}; echo EXITED $?; sleep 60",
        )
        tmux.wait_for("Notes (1)")
        pid = tmux.child_pid()
        tmux.run("send-keys", "e")
        tmux.wait_for("EDITING")
        time.sleep(0.5)
        before = thread_cpu_ns(pid)
        time.sleep(5)
        after = thread_cpu_ns(pid)
        idle = cpu_seconds_between(before, after)
        retired = len(set(before) - set(after))
        for index in range(keys):
            tmux.run("send-keys", "-l", "x")
            time.sleep(0.02)
        tmux.run("send-keys", "Escape")
        time.sleep(0.3)
        start = time.monotonic()
        tmux.run("send-keys", "q")
        while os.path.exists(f"/proc/{pid}"):
            time.sleep(0.001)
        quit_ms = (time.monotonic() - start) * 1000
        tmux.wait_for("EXITED 0")
        with open(stats) as file:
            lines = [line.strip() for line in file if "frames (" in line or "key to frame" in line]
        return {"size": size, "idle_cpu_percent": idle / 5 * 100, "idle_cpu_ms": idle * 1000,
                "retired_threads": retired,
                "quit_ms": quit_ms,
                "stats": lines}
    finally:
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)


def suspend_round_trip(binary):
    directory = tempfile.mkdtemp(prefix="terminal-figures-")
    tmux = Tmux(f"figures-{os.getpid()}-suspend")
    try:
        tmux.run("new-session", "-d", "-x", "100", "-y", "30", "PS1='$ ' bash --norc -i")
        tmux.wait_for("$")
        tmux.run("send-keys", "-l", f"{binary} --data-dir {directory}")
        tmux.run("send-keys", "Enter")
        tmux.wait_for("No notes")
        tmux.run("send-keys", "n")
        tmux.run("send-keys", "-l", "before")
        tmux.wait_for("│ before")
        tmux.run("send-keys", "C-z")
        tmux.wait_for("Stopped")
        suspended = (tmux.value("alternate_on"), tmux.value("cursor_flag")) == ("0", "1")
        tmux.run("send-keys", "-l", "fg")
        tmux.run("send-keys", "Enter")
        tmux.wait_for("│ before")
        tmux.run("send-keys", "-l", " after")
        tmux.wait_for("│ before after")
        resumed = tmux.value("alternate_on") == "1"
        tmux.run("send-keys", "Escape")
        tmux.wait_for("BROWSING")
        tmux.run("send-keys", "q")
        time.sleep(1)
        return suspended and resumed
    finally:
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--sizes", default="1000,1000000,10000000")
    parser.add_argument("--keys", type=int, default=40)
    arguments = parser.parse_args()
    for size in [int(size) for size in arguments.sizes.split(",")]:
        result = measure(arguments.binary, size, arguments.keys)
        print(f"note of {size:,} bytes: idle CPU over 5 s {result['idle_cpu_percent']:.2f} % "
              f"({result['idle_cpu_ms']:.2f} ms; {result['retired_threads']} idle threads retired), "
              f"q → exit {result['quit_ms']:.0f} ms")
        for line in result["stats"]:
            print(f"    {line}")
    print("Ctrl-Z / fg round trip:", "works" if suspend_round_trip(arguments.binary) else "FAILED")


if __name__ == "__main__":
    main()
