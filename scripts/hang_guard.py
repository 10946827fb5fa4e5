"""Stops a command that hangs, with every process it started, and says which tests never finished.

    python3 scripts/hang_guard.py run SECONDS -- COMMAND [ARGUMENT ...]
        Runs COMMAND in a session of its own, its output going where this script's goes. When it
        has not ended after SECONDS, it and every process it started are killed (whatever process
        group they put themselves in: `swift test` runs the test binary in one of its own, and the
        tests' child servers would outlive it), and the exit status is 124. Ctrl-C stops them the
        same way. Otherwise the exit status is COMMAND's. A hang guard, not a deadline: give it
        several times what the command takes.

    python3 scripts/hang_guard.py unfinished LOG
        Prints, one per line, the tests the Swift Testing output in LOG says started and never
        passed, failed or were cancelled: after a run that hung and was stopped, where it hung.

Used by .ci/run, scripts/test-under-load, scripts/test-thread-sanitizer and scripts/guide_steps.py.
"""

import os
import re
import signal
import subprocess
import sys


def unfinished_tests(output):
    """The Swift Testing tests `output` says started (`◇ Test … started.`) but never passed, failed or
    were cancelled."""
    # A parameterised test's cases start one by one but end together, on the test's own line.
    started = re.findall(r"^◇ Test (?!case passing |run started)(.+?) started\.$", output, flags=re.M)
    ended = set(re.findall(
        r"^\S+ Test (.+?) (?:(?:with \d+ test cases? )?(?:passed|failed)|was cancelled) after [\d.]+ seconds",
        output, flags=re.M))
    return [name for name in dict.fromkeys(started) if name not in ended]


def descendants(pid):
    """The processes `pid` started, and theirs, from one reading of the process table."""
    table = subprocess.run(["ps", "-A", "-o", "pid=,ppid="], capture_output=True, text=True, check=True).stdout
    children = {}
    for line in table.splitlines():
        child, parent = (int(field) for field in line.split())
        children.setdefault(parent, []).append(child)
    found, waiting = [], [pid]
    while waiting:
        for child in children.get(waiting.pop(), []):
            found.append(child)
            waiting.append(child)
    return found


def kill_tree(pid):
    """Kills `pid` and every process it started: stopped first, so none starts another while the
    table is read again, then killed."""
    for sent in (signal.SIGSTOP, signal.SIGKILL):
        for target in [pid] + descendants(pid):
            try:
                os.kill(target, sent)
            except ProcessLookupError:
                pass


def stop(process):
    """Kills a command started with `subprocess.Popen` and everything it started, and returns what
    it printed when its output was a pipe."""
    kill_tree(process.pid)
    try:
        return process.communicate(timeout=60)[0] or ""
    except subprocess.TimeoutExpired:
        return ""  # a process that left the tree still holds the output open


def run(seconds, command):
    """Runs `command` under the guard; returns its exit status, or 124 when it hung."""
    process = subprocess.Popen(command, start_new_session=True)
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        stop(process)
        print(f"hang_guard: `{' '.join(command)}` ran {seconds} s without ending: stopped with everything it started",
              file=sys.stderr)
        return 124
    except KeyboardInterrupt:
        stop(process)
        # End as Ctrl-C ends a process, so the calling shell stops too.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        raise


def main(arguments):
    if len(arguments) >= 4 and arguments[0] == "run" and arguments[1].isdigit() and arguments[2] == "--":
        return run(int(arguments[1]), arguments[3:])
    if len(arguments) == 2 and arguments[0] == "unfinished":
        with open(arguments[1], encoding="utf-8", errors="replace") as log:
            for name in unfinished_tests(log.read()):
                print(name)
        return 0
    print("usage: python3 scripts/hang_guard.py run SECONDS -- COMMAND [ARGUMENT ...]\n"
          "       python3 scripts/hang_guard.py unfinished LOG", file=sys.stderr)
    return 64


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
