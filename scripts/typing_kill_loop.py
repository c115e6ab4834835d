#!/usr/bin/env python3
"""How much typing can be lost: AppShell in a real terminal (tmux), killed while someone types.

Each round starts the app on a fresh data directory in a 100x30 tmux pane, creates a note and
types into it one character at a time at a steady pace (a fast typist: one key every 60 ms, with
no pause long enough for the quiet-period autosave), for a random 2 to 14 seconds, then kills
the app with SIGKILL (nothing can be saved at that moment). Then:

  torn      notes.json (if any) must be a complete, valid document, and no corrupt file may be
            set aside;
  prefix    the note's saved body must be a prefix of what was typed;
  loss      characters typed but not saved, and how long ago the first of them was typed
            (seconds of work lost).

Without a maximum wait on the debounce, steady typing would never save and the loss would be
everything typed; with it, the loss is bounded by the maximum wait. Prints one line per round and
a summary (rounds, torn files, worst loss in characters and seconds); exits 1 if a check failed.
Usage: scripts/typing-kill-loop.sh [--rounds N] (builds a release AppShell first).
"""

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time

ALPHABET = "abcdefghij klmnopqrst uvwxyz é日 "


class Tmux:
    def __init__(self, socket):
        self.socket = socket

    def run(self, *args):
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True
        ).stdout

    def wait_for(self, text, timeout=30):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if text in self.run("capture-pane", "-p"):
                return
            time.sleep(0.02)
        raise RuntimeError(f"the screen never showed {text!r}")

    def child_pid(self):
        shell = self.run("display-message", "-p", "#{pane_pid}").strip()
        with open(f"/proc/{shell}/task/{shell}/children") as children:
            return int(children.read().split()[0])

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def one_round(binary, index, pace, seconds):
    directory = tempfile.mkdtemp(prefix="typing-kill-")
    tmux = Tmux(f"typing-kill-{os.getpid()}-{index}")
    typed = []
    try:
        tmux.run("new-session", "-d", "-x", "100", "-y", "30",
                 f"{binary} --data-dir {directory}; sleep 60")
        tmux.wait_for("No notes")
        pid = tmux.child_pid()
        tmux.run("send-keys", "n")
        tmux.wait_for("EDITING")
        start = time.monotonic()
        while time.monotonic() - start < seconds:
            character = ALPHABET[len(typed) % len(ALPHABET)]
            tmux.run("send-keys", "-l", character)
            typed.append((time.monotonic(), character))
            time.sleep(pace)
        killed_at = time.monotonic()
        os.kill(pid, signal.SIGKILL)
        while os.path.exists(f"/proc/{pid}"):
            time.sleep(0.001)
        return verify(directory, typed, killed_at)
    finally:
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)


def verify(directory, typed, killed_at):
    text = "".join(character for _, character in typed)
    path = os.path.join(directory, "notes.json")
    corrupt = [name for name in os.listdir(directory) if ".corrupt-" in name]
    result = {"typed": len(text), "torn": bool(corrupt), "prefix": True, "saved": 0}
    if os.path.exists(path):
        try:
            with open(path, encoding="utf-8") as file:
                document = json.load(file)
            bodies = [note["body"] for note in document["notes"]]
            body = bodies[0] if bodies else ""
        except (ValueError, KeyError, IndexError):
            result["torn"] = True
            body = ""
        result["prefix"] = text.startswith(body)
        result["saved"] = len(body)
    lost = typed[result["saved"]:]
    result["lost_characters"] = len(lost)
    result["lost_seconds"] = (killed_at - lost[0][0]) if lost else 0.0
    return result


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", required=True)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--pace", type=float, default=0.06, help="seconds between keys")
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    random.seed(arguments.seed)
    failures = 0
    worst_characters = 0
    worst_seconds = 0.0
    torn = 0
    for index in range(arguments.rounds):
        seconds = random.uniform(2, 14)
        result = one_round(arguments.binary, index, arguments.pace, seconds)
        ok = not result["torn"] and result["prefix"]
        failures += 0 if ok else 1
        torn += 1 if result["torn"] else 0
        worst_characters = max(worst_characters, result["lost_characters"])
        worst_seconds = max(worst_seconds, result["lost_seconds"])
        print(f"{'ok  ' if ok else 'FAIL'} round {index + 1}: typed {result['typed']} characters "
              f"over {seconds:.1f} s, saved {result['saved']}, lost {result['lost_characters']} "
              f"({result['lost_seconds']:.2f} s of typing)"
              + ("" if ok else f", torn={result['torn']} prefix={result['prefix']}"))
    print(f"{arguments.rounds} rounds, {torn} torn or invalid files, worst loss "
          f"{worst_characters} characters / {worst_seconds:.2f} s of typing")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
