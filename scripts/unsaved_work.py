#!/usr/bin/env python3
"""Unsaved notes survive a save that cannot happen: AppShell in a real terminal (tmux).

Two scenarios, each typed into the full-screen app as a person would:

  disk-full   The data directory is a 64 KiB tmpfs, nearly filled beforehand. Type 12,049
              characters into a new note, let the autosave fail, quit with q.
  read-only   As the user nobody, type a first batch and let it save; then the data directory
              becomes read-only (chmod 500); type a second batch, let the autosave fail, quit.
  nowhere     As read-only, but $TMPDIR becomes read-only too, so the unsaved notes cannot be
              kept anywhere.

Each of the first two runs must then: restore the terminal (no alternate screen, cursor shown),
exit with status 3, print one line naming the recovery file, and leave every typed character in
that file. A second start on the same directory, once it is writable again, must show the notes
as "(recovered)", save them into notes.json and remove the recovery file. The third must restore
the terminal, exit with status 3 and print one line saying the notes could not be saved or kept;
notes.json must still hold the first batch.

Needs root (to mount the tmpfs and to switch to nobody), tmux and setpriv; runs a copy of the
binary from a directory nobody can read. Prints one line per check and exits 1 if any failed.
Without root, tmux or setpriv it says so and exits 0 (skipped) on a developer's machine, but
exits 1 when `--no-skip` is given or `CI` is set: CI relies on these checks, so they must run
there. Usage: scripts/unsaved-work.sh [--no-skip] (which builds first).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

FAILURES = []


def check(condition, what):
    print(("ok    " if condition else "FAIL  ") + what)
    if not condition:
        FAILURES.append(what)
    return condition


class Tmux:
    def __init__(self, socket):
        self.socket = socket

    def run(self, *args):
        return subprocess.run(
            ["tmux", "-L", self.socket, *args], check=True, capture_output=True, text=True
        ).stdout

    def start(self, command, width=100, height=30):
        # A server killed just before (the previous session's) can still hold the socket for a
        # moment, and new-session then fails: try again a few times, then report tmux's words.
        for attempt in range(5):
            try:
                self.run("new-session", "-d", "-x", str(width), "-y", str(height), command)
                return
            except subprocess.CalledProcessError as error:
                if attempt == 4:
                    sys.exit(f"tmux new-session failed: {error.stderr.strip()}")
                time.sleep(0.5)

    def keys(self, *keys):
        self.run("send-keys", *keys)

    def type(self, text, chunk=400):
        for start in range(0, len(text), chunk):
            self.run("send-keys", "-l", text[start : start + chunk])

    def screen(self):
        return self.run("capture-pane", "-p")

    def wait_for(self, needle, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if needle in self.screen():
                    return True
            except subprocess.CalledProcessError:
                return False
            time.sleep(0.1)
        return False

    def kill(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True)


def run_session(binary, directory, keys_then_quit, prefix, env_tmp, label):
    """Runs AppShell in tmux, lets `keys_then_quit(tmux)` drive it, then waits for it to end.
    Returns (exit status, stderr text, screen after exit)."""
    status_file = os.path.join(env_tmp, "status")
    stderr_file = os.path.join(env_tmp, "stderr")
    for path in (status_file, stderr_file):
        if os.path.exists(path):
            os.remove(path)
    command = f"TMPDIR={env_tmp} {prefix}{binary} --data-dir {directory} 2>{stderr_file}"
    tmux = Tmux(f"unsaved-work-{os.getpid()}")
    tmux.start(f"sh -c '{command}; echo $? > {status_file}; sleep 30'")
    try:
        keys_then_quit(tmux)
        deadline = time.monotonic() + 20
        while not os.path.exists(status_file) and time.monotonic() < deadline:
            time.sleep(0.05)
        status = int(open(status_file).read().strip()) if os.path.exists(status_file) else None
        screen = tmux.screen()
        alternate = tmux.run("display-message", "-p", "#{alternate_on}").strip()
        cursor = tmux.run("display-message", "-p", "#{cursor_flag}").strip()
    finally:
        tmux.kill()
    stderr = open(stderr_file, errors="replace").read() if os.path.exists(stderr_file) else ""
    check(alternate == "0", f"{label}: the terminal left the alternate screen")
    check(cursor == "1", f"{label}: the cursor is shown after exit")
    return status, stderr, screen


def recovery_files(*directories):
    found = []
    for directory in directories:
        for name in os.listdir(directory):
            if name.startswith(("notes.recovery-", "multistore-notes-recovery-")):
                found.append(os.path.join(directory, name))
    return found


def bodies(path):
    with open(path) as file:
        return [note["body"] for note in json.load(file)["notes"]]


def verify_recovery(status, stderr, text, data, temporary, label):
    check(status == 3, f"{label}: exit status 3 (got {status})")
    lines = [line for line in stderr.splitlines() if line]
    check(len(lines) == 1, f"{label}: one line on standard error ({len(lines)}: {stderr!r})")
    files = recovery_files(data, temporary)
    if not check(len(files) == 1, f"{label}: one recovery file ({files})"):
        return None
    check(files[0] in stderr, f"{label}: the message names the recovery file")
    kept = bodies(files[0])
    check(any(text in body for body in kept), f"{label}: all {len(text)} characters are kept")
    return files[0]


def verify_restore(binary, data, temporary, text, prefix, label):
    def browse_and_quit(tmux):
        check(tmux.wait_for("(recovered)"), f"{label}: the next start shows the note as recovered")
        tmux.keys("q")

    status, stderr, _ = run_session(binary, data, browse_and_quit, prefix, temporary, label)
    check(status == 0, f"{label}: the next start exits 0 (got {status}; {stderr!r})")
    saved = bodies(os.path.join(data, "notes.json"))
    check(any(text in body for body in saved), f"{label}: notes.json holds the recovered text")
    check(recovery_files(data, temporary) == [], f"{label}: the recovery file was removed")


def disk_full(binary, root):
    label = "disk-full"
    data = os.path.join(root, "full")
    temporary = os.path.join(root, "tmp-full")
    os.makedirs(data)
    os.makedirs(temporary)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", data], check=True)
    try:
        with open(os.path.join(data, "filler"), "wb") as filler:
            try:
                filler.write(b"\0" * (60 * 1024))
            except OSError:
                pass
        text = ("The quick brown fox jumps over the lazy dog. " * 300)[:12049]

        def type_and_quit(tmux):
            check(tmux.wait_for("Notes"), f"{label}: the app started")
            tmux.keys("n")
            tmux.type(text)
            check(tmux.wait_for("Error"), f"{label}: the failed autosave is reported")
            tmux.keys("Escape")
            # Escape and q in one read would be Alt-Q: quit once Escape has taken effect.
            check(tmux.wait_for("BROWSING"), f"{label}: Escape stops editing")
            tmux.keys("q")

        status, stderr, _ = run_session(binary, data, type_and_quit, "", temporary, label)
        if verify_recovery(status, stderr, text, data, temporary, label) is None:
            return
        os.remove(os.path.join(data, "filler"))
        verify_restore(binary, data, temporary, text, "", label)
    finally:
        subprocess.run(["umount", data], check=False)


def read_only(binary, root, temporary_too=False):
    label = "nowhere" if temporary_too else "read-only"
    data = os.path.join(root, label)
    temporary = os.path.join(root, "tmp-" + label)
    os.makedirs(data)
    os.makedirs(temporary)
    for path in (root, data, temporary):
        os.chmod(path, 0o755 if path == root else 0o700)
    os.chown(data, 65534, 65534)
    os.chown(temporary, 65534, 65534)
    nobody = "setpriv --reuid=65534 --regid=65534 --clear-groups "
    first, second = "saved before the chmod. ", "typed after the directory became read-only"

    def type_chmod_and_quit(tmux):
        check(tmux.wait_for("Notes"), f"{label}: the app started as nobody")
        tmux.keys("n")
        tmux.type(first)
        check(tmux.wait_for("Saved"), f"{label}: the first batch is saved")
        os.chmod(data, 0o500)
        if temporary_too:
            os.chmod(temporary, 0o500)
        tmux.type(second)
        check(tmux.wait_for("Error"), f"{label}: the failed autosave is reported")
        tmux.keys("Escape")
        # Escape and q in one read would be Alt-Q: quit once Escape has taken effect.
        check(tmux.wait_for("BROWSING"), f"{label}: Escape stops editing")
        tmux.keys("q")

    status, stderr, _ = run_session(binary, data, type_chmod_and_quit, nobody, temporary, label)
    if temporary_too:
        os.chmod(temporary, 0o700)
        os.chmod(data, 0o700)
        check(status == 3, f"{label}: exit status 3 (got {status})")
        lines = [line for line in stderr.splitlines() if line]
        check(len(lines) == 1 and "could not be saved or kept" in lines[0],
              f"{label}: one line saying the notes could not be saved or kept ({stderr!r})")
        check(recovery_files(data, temporary) == [], f"{label}: no recovery file anywhere")
        saved = bodies(os.path.join(data, "notes.json"))
        check(any(first in body for body in saved), f"{label}: notes.json still holds the first batch")
        return
    recovery = verify_recovery(status, stderr, first + second, data, temporary, label)
    os.chmod(data, 0o700)
    if recovery is not None:
        check(recovery.startswith(temporary), f"{label}: the recovery file is in $TMPDIR")
        verify_restore(binary, data, temporary, second, nobody, label)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--no-skip", action="store_true",
                        help="fail instead of skipping when root, tmux or setpriv is missing")
    arguments = parser.parse_args()
    lacking = [need for need, present in [
        ("root", os.geteuid() == 0),
        ("tmux", shutil.which("tmux") is not None),
        ("setpriv", shutil.which("setpriv") is not None),
    ] if not present]
    if lacking:
        if arguments.no_skip or os.environ.get("CI"):
            print(f"error: cannot run: lacks {', '.join(lacking)} (needs root, tmux and setpriv); "
                  "CI relies on these checks, so a run that cannot do them fails")
            return 1
        print(f"skipped: lacks {', '.join(lacking)} (needs root, tmux and setpriv)")
        return 0
    root = tempfile.mkdtemp(prefix="unsaved-work-")
    os.chmod(root, 0o755)
    # A copy nobody can run, wherever the checkout is (a home directory may be closed to it).
    binary = os.path.join(root, "AppShell")
    shutil.copy2(arguments.binary, binary)
    os.chmod(binary, 0o755)
    try:
        disk_full(binary, root)
        read_only(binary, root)
        read_only(binary, root, temporary_too=True)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    print(f"{len(FAILURES)} check(s) failed" if FAILURES else "all checks passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
