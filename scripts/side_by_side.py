#!/usr/bin/env python3
"""AppShell, nano and vim side by side: the same note, the same keys, in one run, in tmux.

For each note size, each editor opens a note of that many bytes in a 100x30 tmux pane, goes to
a new line at the end of it, and gets the same keys typed one at a time (one `send-keys` per key,
a short pause after each, so every key is its own read and its own screen update). Measured:

  CPU per key   the run time the scheduler gave the editor's threads while the keys were typed
                (/proc/PID/task/TID/schedstat, nanoseconds), less what the same process used
                idle for as long, divided by the keys
  peak RSS      the editor's VmHWM (/proc/PID/status) after the keys
  bytes per key what the editor wrote to its terminal while the keys were typed (tmux
                pipe-pane -O), divided by the keys

and for AppShell alone, what the autosave that follows the typing costs (it saves the note one
second after the last key; nano and vim save nothing until asked, vim writes its swap file).

The window closes when the screen shows the last key, before AppShell's autosave; the script
checks that no save happened inside it. Ratios to nano, taken within one run, are the figures:
absolute times depend on the machine and its load.

Usage: scripts/side-by-side.sh [--runs 3] [--sizes 1000,1000000,10000000] [--keys 200]
       scripts/side-by-side.sh --short   (CI: 1 KB, a few keys, one run; fails if a tool is
                                          missing or any editor did not show what was typed)
"""

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

LINE = "The quick brown fox jumps over the lazy dog. 0123456789 abcdefghijklmnopqrst\n"
TYPED = "pack my box with five dozen liquor jugs "
END_MARK = "#end"


def fail(message):
    print(f"side_by_side.py: error: {message}", file=sys.stderr)
    sys.exit(1)


def require_tools(binary):
    for tool in ["tmux", "nano", "vim"]:
        if shutil.which(tool) is None:
            fail(f"{tool} is not installed (scripts/side-by-side.sh installs it: "
                 f"apt-get install -y nano vim tmux)")
    if not os.access(binary, os.X_OK):
        fail(f"the AppShell binary {binary} is missing (swift build -c release --product AppShell)")


def key_sequence(count):
    """`count` keys: the words of TYPED over and over with an Enter in every 50 keys (lines stay
    narrower than the narrowest editor, AppShell's beside its list), ending in END_MARK: once the
    screen shows it, every key has been handled."""
    keys = []
    while len(keys) < count - len(END_MARK):
        keys.append("Enter" if len(keys) % 50 == 30 else TYPED[len(keys) % len(TYPED)])
    return keys + list(END_MARK)


class Tmux:
    def __init__(self, socket, home):
        self.socket = socket
        self.environment = dict(os.environ, HOME=home, LANG="C.UTF-8", XDG_DATA_HOME=home)
        self.environment.pop("TMUX", None)
        self.environment.pop("NO_COLOR", None)

    def run(self, *args):
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True,
            env=self.environment,
        ).stdout

    def screen(self):
        return self.run("capture-pane", "-p", "-t", "main")

    def wait_for(self, text, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen:
                return screen
            time.sleep(0.01)
        raise RuntimeError(f"the screen never showed {text!r}; it showed:\n{self.screen()}")

    def value(self, name):
        return self.run("display-message", "-p", "-t", "main", "#{" + name + "}").strip()

    def press(self, *keys):
        self.run("send-keys", "-t", "main", *keys)

    def type(self, text):
        self.run("send-keys", "-t", "main", "-l", text)

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True,
                       env=self.environment)


def thread_cpu_ns(pid):
    """The run time the scheduler has given each thread of `pid` so far, in nanoseconds."""
    times = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/schedstat") as schedstat:
                times[task] = int(schedstat.read().split()[0])
        except (FileNotFoundError, ProcessLookupError):
            pass  # the thread ended between the listing and the read
    return times


def cpu_ns_between(before, after):
    """Run time between two readings, of the threads alive at the second (one that ended in
    between, an idle pool thread retiring, cannot be read any more and is left out)."""
    return sum(ns - before.get(task, 0) for task, ns in after.items())


def peak_rss_kb(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    raise RuntimeError(f"no VmHWM for {pid}")


def note_body(size):
    """`size` bytes of text ending in a line break, so every editor types on a new last line."""
    body = (LINE * (size // len(LINE) + 1))[: size - 1]
    return body + "\n"


class Editor:
    """How to open the note, get to a new line at its end, see that it is ready, and leave."""

    def __init__(self, name):
        self.name = name

    def prepare(self, directory, body):
        path = os.path.join(directory, "note.txt")
        if self.name == "AppShell":
            document = {"format": "multistore-notes", "version": 1,
                        "notes": [{"id": 1, "title": "note", "body": body, "revision": 1}]}
            with open(os.path.join(directory, "notes.json"), "w") as file:
                json.dump(document, file)
        else:
            with open(path, "w") as file:
                file.write(body)
        return path

    def command(self, binary, directory, path):
        if self.name == "nano":
            return f"exec nano {path}"
        if self.name == "vim":
            return f"exec vim {path}"
        return f"exec {binary} --data-dir {directory}"

    def open_at_end(self, tmux, body):
        if self.name == "nano":
            tmux.wait_for("^X Exit")
            tmux.press("C-End")  # the empty last line after the final line break
            wait_until(lambda: tmux.value("cursor_y") != "0", "nano to move to the end")
        elif self.name == "vim":
            tmux.wait_for("note.txt")
            tmux.press("G", "o")  # a new line below the last one, in insert mode
            tmux.wait_for("-- INSERT --")
        else:
            tmux.wait_for("Notes (1)")
            tmux.press("e")  # the editor
            tmux.wait_for("EDITING")
            tmux.press("C-End")  # the empty last line after the final line break
            lines = body.count("\n") + 1
            tmux.wait_for(f"Ln {lines}/{lines}, Col 1")

    def saved_file(self, directory):
        return os.path.join(directory, "notes.json") if self.name == "AppShell" else None

    def quit(self, tmux):
        if self.name == "nano":
            tmux.press("C-x")
            tmux.wait_for("Save modified buffer?")
            tmux.press("n")
        elif self.name == "vim":
            tmux.press("Escape")
            tmux.type(":q!")
            tmux.press("Enter")
        else:
            tmux.press("Escape")
            tmux.wait_for("BROWSING")
            tmux.press("q")


def wait_until(condition, what, timeout=30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.01)
    raise RuntimeError(f"timed out waiting for {what}")


def file_state(path):
    if path is None or not os.path.exists(path):
        return None
    status = os.stat(path)
    return (status.st_mtime_ns, status.st_size, status.st_ino)


def measure(editor, binary, size, keys, idle_seconds, interval):
    directory = tempfile.mkdtemp(prefix="side-by-side-")
    home = os.path.join(directory, "home")
    os.mkdir(home)
    tmux = Tmux(f"side-by-side-{os.getpid()}", home)
    output = os.path.join(directory, "output.bytes")
    try:
        body = note_body(size)
        path = editor.prepare(directory, body)
        tmux.run("new-session", "-d", "-s", "main", "-x", "100", "-y", "30",
                 editor.command(binary, directory, path))
        pid = int(tmux.value("pane_pid"))
        editor.open_at_end(tmux, body)
        time.sleep(0.5)  # let the editor finish what opening started

        before = thread_cpu_ns(pid)
        idle_start = time.monotonic()
        time.sleep(idle_seconds)
        idle_ns = cpu_ns_between(before, thread_cpu_ns(pid))
        idle_rate = idle_ns / (time.monotonic() - idle_start)

        saved = editor.saved_file(directory)
        saved_before = file_state(saved)
        tmux.run("pipe-pane", "-t", "main", "-O", f"cat > {output}")
        wait_until(lambda: os.path.exists(output), "tmux to start piping the pane's output")

        before = thread_cpu_ns(pid)
        start = time.monotonic()
        for key in keys:
            if key == "Enter":
                tmux.press("Enter")
            else:
                tmux.type(key)
            time.sleep(interval)
        tmux.wait_for(END_MARK)
        after = thread_cpu_ns(pid)
        elapsed = time.monotonic() - start
        peak = peak_rss_kb(pid)
        saved_in_window = file_state(saved) != saved_before

        time.sleep(0.3)  # what the last key made the editor write reaches the pipe
        tmux.run("pipe-pane", "-t", "main")
        written = os.path.getsize(output)

        typing_ns = cpu_ns_between(before, after) - idle_rate * elapsed
        result = {
            "editor": editor.name, "size": size, "keys": len(keys),
            "cpu_us_per_key": typing_ns / len(keys) / 1000,
            "idle_cpu_ms_per_s": idle_rate / 1e6,
            "peak_rss_kb": peak,
            "bytes_per_key": written / len(keys),
            "seconds": elapsed,
            "saved_in_window": saved_in_window,
        }
        if saved is not None:
            # The autosave the typing leads to, once it stops: its CPU, less idle.
            before = after
            start = time.monotonic()
            wait_until(lambda: file_state(saved) != saved_before, "the autosave", timeout=60)
            time.sleep(0.5)
            result["autosave_ms"] = (cpu_ns_between(before, thread_cpu_ns(pid))
                                     - idle_rate * (time.monotonic() - start)) / 1e6
            result["peak_rss_after_save_kb"] = peak_rss_kb(pid)
        editor.quit(tmux)
        wait_until(lambda: not os.path.exists(f"/proc/{pid}/status")
                   or "zombie" in open(f"/proc/{pid}/status").read(), f"{editor.name} to exit")
        return result
    finally:
        tmux.kill()
        shutil.rmtree(directory, ignore_errors=True)


def print_table(results, sizes, editors):
    print("| note | editor | CPU µs/key | × nano | peak RSS | × nano | bytes/key | × nano |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for size in sizes:
        nano = next(r for r in results if r["size"] == size and r["editor"] == "nano")
        for name in editors:
            r = next(r for r in results if r["size"] == size and r["editor"] == name)
            note = f"{size:,} B"
            extra = ""
            if "autosave_ms" in r:
                extra = (f" then an autosave: {r['autosave_ms']:.1f} ms of CPU, peak RSS after it "
                         f"{r['peak_rss_after_save_kb'] / 1024:.1f} MB")
            if r["saved_in_window"]:
                extra += " (A SAVE HAPPENED WHILE TYPING: the window includes it)"
            print(f"| {note} | {name} | {r['cpu_us_per_key']:.0f} | "
                  f"{r['cpu_us_per_key'] / nano['cpu_us_per_key']:.2f}× | "
                  f"{r['peak_rss_kb'] / 1024:.1f} MB | {r['peak_rss_kb'] / nano['peak_rss_kb']:.2f}× | "
                  f"{r['bytes_per_key']:.1f} | {r['bytes_per_key'] / nano['bytes_per_key']:.2f}× |"
                  f"{extra}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the release AppShell executable")
    parser.add_argument("--sizes", default="1000,1000000,10000000")
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--idle", type=float, default=2.0, help="seconds of idle measured")
    parser.add_argument("--interval", type=float, default=0.012,
                        help="seconds between two keys (200 keys must take under 5 s, or "
                             "AppShell's longest autosave wait falls inside the window)")
    parser.add_argument("--editors", default="nano,vim,AppShell")
    parser.add_argument("--short", action="store_true",
                        help="CI: the 1 KB note, 20 keys, one run, 1 s of idle")
    parser.add_argument("--json", help="also write every result to this file")
    arguments = parser.parse_args()
    if arguments.short:
        arguments.sizes, arguments.keys, arguments.runs, arguments.idle = "1000", 20, 1, 1.0
    require_tools(arguments.binary)
    sizes = [int(size) for size in arguments.sizes.split(",")]
    editors = arguments.editors.split(",")
    if "nano" not in editors:
        fail("nano is the reference: --editors must include it")
    keys = key_sequence(arguments.keys)
    everything = []
    for run in range(1, arguments.runs + 1):
        results = []
        for size in sizes:
            for name in editors:
                try:
                    result = measure(Editor(name), arguments.binary, size, keys,
                                     arguments.idle, arguments.interval)
                except (RuntimeError, subprocess.CalledProcessError) as error:
                    fail(f"{name} with the {size:,}-byte note: {error}")
                result["run"] = run
                results.append(result)
                print(f"run {run}: {name:8} {size:>10,} B: {result['cpu_us_per_key']:7.1f} µs/key, "
                      f"{result['peak_rss_kb'] / 1024:6.1f} MB peak, "
                      f"{result['bytes_per_key']:6.1f} bytes/key, "
                      f"idle {result['idle_cpu_ms_per_s']:.3f} ms/s", file=sys.stderr)
        print(f"\nRun {run} of {arguments.runs}: {arguments.keys} keys, 100x30 tmux pane\n")
        print_table(results, sizes, editors)
        everything += results
    if arguments.runs > 1:
        print(f"\nOver the {arguments.runs} runs: AppShell ÷ nano, low – high (median)\n")
        print("| note | CPU per key | peak RSS | bytes per key |")
        print("|---|---:|---:|---:|")
        for size in sizes:
            def ratios(field):
                values = []
                for run in range(1, arguments.runs + 1):
                    def pick(name):
                        return next(r for r in everything
                                    if r["run"] == run and r["size"] == size and r["editor"] == name)
                    values.append(pick("AppShell")[field] / pick("nano")[field])
                return (f"{min(values):.2f} – {max(values):.2f}× "
                        f"({statistics.median(values):.2f}×)")
            if "AppShell" in editors:
                print(f"| {size:,} B | {ratios('cpu_us_per_key')} | {ratios('peak_rss_kb')} | "
                      f"{ratios('bytes_per_key')} |")
    if arguments.json:
        with open(arguments.json, "w") as file:
            json.dump(everything, file, indent=1)
    broken = [r for r in everything if r["bytes_per_key"] <= 0 or r["cpu_us_per_key"] <= 0]
    if broken:
        fail(f"nothing measured for {[(r['editor'], r['size']) for r in broken]}")


if __name__ == "__main__":
    main()
