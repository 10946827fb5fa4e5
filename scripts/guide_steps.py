"""Follows a guide of Docs/ step by step in a scratch copy of the tracked tree.

A guide's steps are its `## N. ` headings. In each step, a `swift` block whose first line is
`// <path>` is written to that path, a `diff` block is applied with `git apply`, and each line of an
`sh` block is run in the copy. Used by scripts/test-adding-a-service and
scripts/test-third-party-integration, so what a guide shows is what CI does.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile

import scratch_copy
from hang_guard import stop, unfinished_tests

ROOT = pathlib.Path(__file__).resolve().parent.parent
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.M | re.S)
# How a check builds in its copy: the compiler fails on any warning (scratch_copy.BUILD_FLAGS).
BUILD = ["swift", "build", *scratch_copy.BUILD_FLAGS]
# How long one command of a guide may run before it counts as hung and is stopped: 30 minutes, or
# the whole seconds in GUIDE_HANG_SECONDS when positive. A hang guard, not a deadline: the longest
# command (a build and the whole suite) takes about 5 minutes here.
HANG_LIMIT = next((int(v) for v in [os.environ.get("GUIDE_HANG_SECONDS", "")] if v.isdigit() and int(v) > 0), 1800)


class Guide:
    """One guide, followed in a scratch copy; `name` prefixes every message."""

    def __init__(self, name, path, copy=None):
        """A guide followed in a scratch copy (scripts/scratch_copy.py) or in `copy`, a copy another
        guide's script made and built (it then stays for that script to release). `scratch` is a
        directory of the guide's own, for what its commands write outside the copy."""
        self.name = name
        self.path = ROOT / path
        self.owns_copy = copy is None
        self.scratch = pathlib.Path(tempfile.mkdtemp(prefix=f"{name}-"))
        self.copy = pathlib.Path(copy) if copy else None

    def fail(self, message, output=""):
        if output:
            errors = [line for line in output.splitlines()
                      if re.match(r"^\S+:\d+:\d+: error|^✘", line) or "recorded an issue" in line]
            print("\n".join(errors[:40]) if errors else output[-6000:])
            # A run that hung and was killed shows no error: name the tests it never finished.
            hung = unfinished_tests(output)
            if hung:
                print("tests that started and never finished: " + ", ".join(hung))
        print(f"{self.name}: FAIL: {message}")
        sys.exit(1)

    def steps(self):
        """The guide's blocks by step number."""
        found = {}
        sections = re.split(r"^## (\d+)\. ", self.path.read_text(encoding="utf-8"), flags=re.M)
        for number, body in zip(sections[1::2], sections[2::2]):
            found[int(number)] = BLOCK.findall(body)
        return found

    def make_copy(self):
        """Makes the scratch copy: the tree as it is, as a git work tree with one commit."""
        self.copy = scratch_copy.make()

    def run(self, command, expect_success=True, env=None):
        """Runs `command` (a list, or a shell line) in the copy; returns its exit code and output."""
        shown = command if isinstance(command, str) else " ".join(command)
        # With scratch_copy.ENVIRONMENT, the template tools build with the copy's flags too.
        # A session of its own, so a command that hangs is stopped with every process it started
        # (hang_guard.stop); Ctrl-C stops it too, before the scratch copy it runs in is removed.
        process = subprocess.Popen(
            command, cwd=self.copy, shell=isinstance(command, str), stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, env={**os.environ, **scratch_copy.ENVIRONMENT, **(env or {})},
            start_new_session=True,
        )
        try:
            output, _ = process.communicate(timeout=HANG_LIMIT)
        except subprocess.TimeoutExpired:
            self.fail(f"`{shown}` hung: stopped after {HANG_LIMIT} s (GUIDE_HANG_SECONDS)", stop(process))
        except BaseException:
            stop(process)
            raise
        if expect_success and process.returncode != 0:
            self.fail(f"`{shown}` failed", output)
        return process.returncode, output

    def apply(self, step, blocks, replace=None, env=None, overwrites=False):
        """Applies one step's blocks and returns the output of its last `sh` line. `replace` maps an
        `sh` line to the line to run instead (a key that matches no line fails: the guide changed);
        `env` is added to the environment of every line. A file block may replace a file that exists
        only with `overwrites` (a step that fills a scaffold's stubs); otherwise that fails."""
        replace, used, output = replace or {}, set(), ""
        for language, text in blocks:
            first = text.splitlines()[0] if text else ""
            if language == "swift" and first.startswith("// ") and first.endswith(".swift"):
                path = self.copy / first[3:].strip()
                if path.exists() and not overwrites:
                    self.fail(f"step {step} writes {path.relative_to(self.copy)}, which exists already")
                if overwrites and not path.exists():
                    self.fail(f"step {step} writes {path.relative_to(self.copy)} over a stub that is not there")
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text("\n".join(text.splitlines()[1:]).strip("\n") + "\n", encoding="utf-8")
            elif language == "diff":
                self.apply_diff(text, f"a diff of step {step}")
            elif language == "sh":
                for command in self.sh_commands([(language, text)]):
                    used.add(command)
                    _, output = self.run(replace.get(command, command), env=env)
        if set(replace) - used:
            self.fail(f"step {step} has no line {sorted(set(replace) - used)}: the guide changed, so this check must")
        print(f"ok: applied step {step}")
        return output

    @staticmethod
    def sh_commands(blocks):
        """The commands of the `sh` blocks among `blocks`, in order: each line without its trailing
        `  # comment`, leaving out blank and comment lines."""
        for language, text in blocks:
            if language != "sh":
                continue
            for line in text.splitlines():
                command = line.split("  #")[0].strip()
                if command and not command.startswith("#"):
                    yield command

    def apply_diff(self, text, what):
        """Applies a `diff` block with `git apply`; fails naming `what` when it no longer applies."""
        patch = self.copy / "guide.diff"
        patch.write_text(text, encoding="utf-8")
        code, output = self.run(["git", "apply", "--verbose", str(patch)], expect_success=False)
        patch.unlink()
        if code != 0:
            self.fail(f"{what} no longer applies to the tree", output)

    def remove(self):
        """Removes the guide's own directory, and releases its copy (kept when shared)."""
        shutil.rmtree(self.scratch, ignore_errors=True)
        if self.owns_copy and self.copy is not None:
            scratch_copy.release(self.copy)
