#!/usr/bin/env python3
"""Crash safety of the notes file: kill AppShell with SIGKILL while it types, again and again.

Every iteration starts the release AppShell in script mode on one data directory that keeps
the notes of every earlier iteration, creates a note, types into it continuously (short waits
between chunks, a `save` now and then, two pauses long enough for the autosave) and is killed
with SIGKILL: half the runs at a random moment, half at the first change in the data directory
after a random moment, i.e. in the middle of a save. Then notes.json must be:

  * a complete, valid document: JSON, format "multistore-notes", version 1, unique ids;
  * never emptier than before: every note from earlier iterations is there, unchanged;
  * a prefix of what was typed: the new note's body is a prefix of the full text, and no
    longer than what the app had typed when it died (its `echo` lines say how far it got);
  * missing at most the text typed since the last completed save: a poller reads notes.json
    while the app runs, and the body after the kill is never shorter than any body it saw.

No `notes.json.corrupt-*` file may ever appear (the app moves a file it cannot decode aside,
so one would mean a torn write). Prints one line per iteration and a summary with the worst
loss; exits 1 if any check failed. Usage: scripts/crash-safety.sh (which builds first).
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
import threading
import time

FORMAT = "multistore-notes"


def chunk_text(iteration, index):
    """One `type` line's text: distinctive, with non-ASCII, no backslash, never a comment."""
    return f"<{iteration:03d}.{index:03d} lorem ipsum café 日本> "


def make_script(iteration, chunks, save_every, pause_after, pause_ms, wait_ms):
    lines = ["tab notes", "type n", "echo created"]
    for index in range(chunks):
        lines.append("type " + chunk_text(iteration, index))
        lines.append(f"echo typed {index}")
        if (index + 1) % save_every == 0:
            lines.append("save")
        if index in pause_after:
            lines.append(f"wait {pause_ms}")
        else:
            lines.append(f"wait {wait_ms}")
    lines.append("echo done")
    return "\n".join(lines) + "\n"


def read_document(path):
    """The parsed notes file, or raises ValueError saying what is wrong with it."""
    with open(path, "rb") as file:
        raw = file.read()
    if not raw:
        raise ValueError("notes.json is empty")
    document = json.loads(raw.decode("utf-8"))
    if not isinstance(document, dict):
        raise ValueError("not a JSON object")
    if document.get("format") != FORMAT:
        raise ValueError(f"format is {document.get('format')!r}")
    if document.get("version") != 1:
        raise ValueError(f"version is {document.get('version')!r}")
    notes = document.get("notes")
    if not isinstance(notes, list):
        raise ValueError("notes is not a list")
    for note in notes:
        for field, kind in (("id", int), ("title", str), ("body", str), ("revision", int)):
            if not isinstance(note.get(field), kind):
                raise ValueError(f"note field {field} is missing or of the wrong type")
    ids = [note["id"] for note in notes]
    if len(set(ids)) != len(ids):
        raise ValueError("duplicate note ids")
    return document


class Poller(threading.Thread):
    """Reads notes.json every few milliseconds; remembers the longest new-note body it saw."""

    def __init__(self, path, old_ids):
        super().__init__(daemon=True)
        self.path = path
        self.old_ids = old_ids
        self.longest = 0
        self.last_change = None
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                document = read_document(self.path)
            except (OSError, ValueError):
                # A reader can never see a torn file (rename is atomic), but the final
                # verdict is made after the kill; here only completed saves matter.
                document = None
            if document:
                for note in document["notes"]:
                    if note["id"] not in self.old_ids and len(note["body"]) > self.longest:
                        self.longest = len(note["body"])
                        self.last_change = time.monotonic()
            self.stop.wait(0.005)


class WriteWatcher(threading.Thread):
    """From `after` seconds on, watches the data directory and kills the app with SIGKILL the
    moment any file in it appears, changes size or is modified: a kill in the middle of a save
    (a random moment almost never is, since a save takes milliseconds)."""

    def __init__(self, directory, process, after):
        super().__init__(daemon=True)
        self.directory = directory
        self.process = process
        self.after = after
        self.fired = False
        self.stop = threading.Event()

    def signature(self):
        entries = []
        try:
            with os.scandir(self.directory) as scan:
                for entry in scan:
                    try:
                        info = entry.stat()
                    except OSError:
                        continue
                    entries.append((entry.name, info.st_size, info.st_mtime_ns))
        except OSError:
            pass
        return sorted(entries)

    def run(self):
        if self.stop.wait(self.after):
            return
        baseline = self.signature()
        while not self.stop.is_set():
            if self.signature() != baseline:
                try:
                    self.process.send_signal(signal.SIGKILL)
                    self.fired = True
                except ProcessLookupError:
                    pass
                return
            time.sleep(0.0005)


class Reader(threading.Thread):
    """Collects the app's `echo` lines from its standard output, with arrival times."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream = stream
        self.lines = []

    def run(self):
        for raw in self.stream:
            self.lines.append((time.monotonic(), raw.decode("utf-8", "replace").rstrip("\n")))


def run_once(binary, directory, script, kill_after, architecture, on_write=False):
    """Runs the app on `script`; kills it after `kill_after` seconds unless it ends first, or
    with `on_write`, at the first change in the data directory after `kill_after` seconds."""
    before = read_document(os.path.join(directory, "notes.json"))
    old_ids = {note["id"] for note in before["notes"]}
    poller = Poller(os.path.join(directory, "notes.json"), old_ids)
    with tempfile.TemporaryFile() as stdin:
        stdin.write(script.encode())
        stdin.seek(0)
        started = time.monotonic()
        process = subprocess.Popen(
            [binary, "--data-dir", directory, f"--{architecture}"],
            stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        reader = Reader(process.stdout)
        reader.start()
        poller.start()
        watcher = WriteWatcher(directory, process, kill_after) if on_write else None
        killed = False
        if watcher:
            watcher.start()
            process.wait()
            watcher.stop.set()
            watcher.join()
            killed = watcher.fired
        else:
            try:
                process.wait(timeout=kill_after)
            except subprocess.TimeoutExpired:
                process.send_signal(signal.SIGKILL)
                killed = True
                process.wait()
        ended = time.monotonic()
        reader.join()
        poller.stop.set()
        poller.join()
        stderr = process.stderr.read().decode("utf-8", "replace")
    return {
        "before": before, "old_ids": old_ids, "killed": killed, "returncode": process.returncode,
        "elapsed": ended - started, "echoes": [line for _, line in reader.lines],
        "longest_seen": poller.longest,
        "since_last_save": (ended - poller.last_change) if poller.last_change else None,
        "stderr": stderr,
    }


def verify(directory, result, iteration, chunks):
    """Checks the notes file after a run; returns (failures, facts)."""
    failures = []
    facts = {}
    path = os.path.join(directory, "notes.json")
    corrupt = [name for name in os.listdir(directory) if ".corrupt-" in name]
    if corrupt:
        failures.append(f"a corrupt file was moved aside: {corrupt}")
    try:
        after = read_document(path)
    except (OSError, ValueError) as error:
        return [f"notes.json is not a valid document: {error}"], facts
    before_notes = {note["id"]: note for note in result["before"]["notes"]}
    after_notes = {note["id"]: note for note in after["notes"]}
    if before_notes and not after_notes:
        failures.append("notes.json is empty although notes existed before")
    for note_id, note in before_notes.items():
        if after_notes.get(note_id) != note:
            failures.append(f"the earlier note {note_id} was lost or changed")
    new_notes = [note for note_id, note in after_notes.items() if note_id not in before_notes]
    if len(new_notes) > 1:
        failures.append(f"{len(new_notes)} new notes instead of at most one")
    body = new_notes[0]["body"] if new_notes else ""

    full = "".join(chunk_text(iteration, index) for index in range(chunks))
    typed_chunks = [int(line.split()[1]) for line in result["echoes"] if line.startswith("typed ")]
    last = typed_chunks[-1] if typed_chunks else -1
    finished = "done" in result["echoes"]
    typed_at_least = len("".join(chunk_text(iteration, i) for i in range(last + 1)))
    # The app may have typed the next chunk but died before echoing it.
    typed_at_most = len(full) if finished else len(
        "".join(chunk_text(iteration, i) for i in range(min(last + 2, chunks))))
    if not full.startswith(body):
        failures.append(f"the note's body is not a prefix of the typed text: {body[-60:]!r}")
    if len(body) > typed_at_most:
        failures.append(f"the note holds {len(body)} characters, more than the {typed_at_most} typed")
    if len(body) < result["longest_seen"]:
        failures.append(
            f"a completed save was lost: {result['longest_seen']} characters were on disk, "
            f"now {len(body)}")
    if not result["killed"]:
        if result["returncode"] != 0:
            failures.append(f"exit status {result['returncode']}: {result['stderr'].strip()}")
        elif len(body) != len(full):
            failures.append(f"a clean exit saved {len(body)} of {len(full)} characters")
    facts.update(
        saved=len(body), typed_at_least=typed_at_least, typed_at_most=typed_at_most,
        lost_at_least=max(0, typed_at_least - len(body)),
        lost_at_most=max(0, typed_at_most - len(body)),
        temporary_files=sum(1 for name in os.listdir(directory) if ".tmp-" in name))
    return failures, facts


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True, help="the release AppShell")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--chunks", type=int, default=100)
    parser.add_argument("--seed-note-kb", type=int, default=512,
                        help="size of a note written before the first run (bigger saves are "
                             "slower, which widens the window a torn write would show in)")
    parser.add_argument("--keep", action="store_true", help="keep the data directory")
    args = parser.parse_args()

    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    rng = random.Random(seed)
    directory = tempfile.mkdtemp(prefix="crash-safety-")
    with open(os.path.join(directory, "notes.json"), "w") as file:
        json.dump({"format": FORMAT, "version": 1, "notes": [
            {"id": 1, "title": "Seed", "body": "written before the first run. " * (
                args.seed_note_kb * 1024 // 30), "revision": 1}]},
            file)
    pause_after = {args.chunks // 3, 2 * args.chunks // 3}

    def script(iteration):
        return make_script(iteration, args.chunks, save_every=12, pause_after=pause_after,
                           pause_ms=1300, wait_ms=20)

    print(f"seed {seed}, data directory {directory}, {args.chunks} chunks of "
          f"{len(chunk_text(0, 0))} characters per run")
    # Calibration: one run to the end, which must save everything, and tells how long a run
    # takes so that kills land anywhere in it.
    calibration = run_once(args.binary, directory, script(0), 600, "multi-store")
    failures, facts = verify(directory, calibration, 0, args.chunks)
    duration = calibration["elapsed"]
    print(f"calibration: clean run of {duration:.2f} s, saved {facts.get('saved')} characters"
          + (f"; FAILED: {failures}" if failures else ""))
    all_failures = [(0, failure) for failure in failures]

    worst = None
    runs = 0
    kills = 0
    on_write_kills = 0
    for iteration in range(1, args.iterations + 1):
        kill_after = rng.uniform(0.05, duration)
        architecture = "multi-store" if iteration % 2 else "single-store"
        # Every other pair of runs kills at the first write after a random moment.
        on_write = iteration % 4 >= 2
        result = run_once(args.binary, directory, script(iteration), kill_after, architecture,
                          on_write)
        failures, facts = verify(directory, result, iteration, args.chunks)
        runs += 1
        kills += result["killed"]
        on_write_kills += result["killed"] and on_write
        since = result["since_last_save"]
        how = ("killed on write" if on_write else "killed at random") if result["killed"] \
            else "ended"
        print(f"run {iteration:3d} {architecture:12s} {how:16s} at {result['elapsed']:5.2f} s: "
              f"saved {facts.get('saved', '?'):>5}, typed {facts.get('typed_at_least', '?'):>5}"
              f"..{facts.get('typed_at_most', '?'):<5} lost {facts.get('lost_at_least', '?')}"
              f"..{facts.get('lost_at_most', '?')} characters"
              + (f", last save seen {since:.2f} s before the end" if since is not None else "")
              + (f"  FAILED: {failures}" if failures else ""))
        all_failures += [(iteration, failure) for failure in failures]
        if not facts:
            print("the notes file is broken: the runs cannot go on from it")
            break
        if result["killed"] and (worst is None or facts["lost_at_most"] > worst[1]["lost_at_most"]):
            worst = (iteration, facts, since)
        sys.stdout.flush()

    print(f"\n{runs} runs, {kills} killed with SIGKILL ({on_write_kills} of them in "
          f"the middle of a write), seed {seed}")
    if worst:
        iteration, facts, since = worst
        print(f"worst loss: run {iteration}, {facts['lost_at_least']}..{facts['lost_at_most']} "
              f"characters typed after the last completed save were lost "
              f"(of {facts['typed_at_most']} typed)"
              + (f"; that save finished {since:.2f} s before the kill" if since else ""))
    temporary = sum(1 for name in os.listdir(directory) if ".tmp-" in name)
    print(f"temporary files left by killed saves: {temporary} (never read; see docs/reliability.md)")
    if all_failures:
        print(f"FAILED: {len(all_failures)} problems")
        for iteration, failure in all_failures:
            print(f"  run {iteration}: {failure}")
    else:
        print("every run left a complete, valid notes file holding every completed save")
    if args.keep or all_failures:
        print(f"data directory kept: {directory}")
    else:
        shutil.rmtree(directory)
    return 1 if all_failures else 0


if __name__ == "__main__":
    sys.exit(main())
