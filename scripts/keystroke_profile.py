#!/usr/bin/env python3
"""Profiles AppShell's keystrokes as the side-by-side run types them: the same note, the same
keys, one at a time in a 100x30 tmux pane, the editor open at the note's end.

  scripts/keystroke_profile.py --binary .build/release/AppShell --tool callgrind
      instructions per key (valgrind's callgrind, counters zeroed before the keys and dumped
      after them); the profile is kept for callgrind_annotate (--out)
  scripts/keystroke_profile.py --binary .build/release/AppShell --tool perf --out keys.data
      `perf record -g` of the process while the keys are typed (perf report -i keys.data)

The figures and what they showed are in docs/performance.md ("The frame path by a third").
"""

import argparse
import glob
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import side_by_side  # noqa: E402  (the same tmux session, note and keys)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True, help="the release AppShell executable")
    parser.add_argument("--tool", choices=["callgrind", "perf"], default="callgrind")
    parser.add_argument("--size", type=int, default=1000, help="the note's size in bytes")
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--interval", type=float, default=0.012, help="seconds between keys")
    parser.add_argument("--out", help="where to keep the profile")
    arguments = parser.parse_args()
    for tool in ["tmux"] + (["valgrind", "callgrind_control", "callgrind_annotate"]
                            if arguments.tool == "callgrind" else ["perf"]):
        if shutil.which(tool) is None:
            side_by_side.fail(f"{tool} is missing (apt-get install -y tmux valgrind linux-perf)")

    keys = side_by_side.key_sequence(arguments.keys)
    editor = side_by_side.Editor("AppShell")
    directory = tempfile.mkdtemp(prefix="keystroke-profile-")
    home = os.path.join(directory, "home")
    os.mkdir(home)
    tmux = side_by_side.Tmux(f"keystroke-profile-{os.getpid()}", home)
    profile = os.path.join(directory, "callgrind.out")
    recorder = None
    try:
        body = side_by_side.note_body(arguments.size)
        editor.prepare(directory, body)
        command = f"exec {arguments.binary} --data-dir {directory}"
        if arguments.tool == "callgrind":
            command = (f"exec valgrind --tool=callgrind --callgrind-out-file={profile} "
                       f"{arguments.binary} --data-dir {directory}")
        tmux.run("new-session", "-d", "-s", "main", "-x", "100", "-y", "30", command)
        pid = int(tmux.value("pane_pid"))
        editor.open_at_end(tmux, body)
        time.sleep(0.5)
        if arguments.tool == "callgrind":
            subprocess.run(["callgrind_control", "-z", str(pid)], check=True,
                           capture_output=True)
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
            time.sleep(arguments.interval)
        tmux.wait_for(side_by_side.END_MARK)
        if arguments.tool == "callgrind":
            subprocess.run(["callgrind_control", "-d", str(pid)], check=True,
                           capture_output=True)
            dumps = sorted(glob.glob(profile + ".*"))
            if not dumps:
                side_by_side.fail("callgrind wrote no profile")
            totals = subprocess.run(["callgrind_annotate", dumps[-1]], check=True,
                                    capture_output=True, text=True).stdout
            line = next(line for line in totals.splitlines() if "PROGRAM TOTALS" in line)
            instructions = int(line.split()[0].replace(",", ""))
            print(f"{instructions / len(keys):,.0f} instructions a key "
                  f"({instructions:,} for {len(keys)} keys, a {arguments.size:,}-byte note)")
            if arguments.out:
                shutil.copy(dumps[-1], arguments.out)
                print(f"profile: {arguments.out} (callgrind_annotate --inclusive=yes)")
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


if __name__ == "__main__":
    main()
