"""A scratch copy of the template for the checks that change it (the guides', scaffolding, removal
and rename checks), so the real tree is never touched.

A copy holds the tracked (and untracked, not ignored) files of the tree, as a git work tree whose
first commit, tagged `scratch-base`, is the tree as it was copied.

Each check gets a new copy of its own, in a temporary directory it removes when done. When the
environment names a directory in TEMPLATE_SCRATCH_COPY, every check uses that one copy instead, put
back to `scratch-base` before each (its build directories kept): git rewrites only the files the
last check changed, so a check's build, in the same place as the last one's, compiles only what
differs. .ci/run does that, ordering its checks from the smallest change to the largest; that
copy is its owner's to remove. It is the tree as the first check found it: set it
only for a run of checks on a tree that does not change meanwhile (a new directory for each run).

Every build in a copy, the template tool's included, uses BUILD_FLAGS (through
TEMPLATE_BUILD_FLAGS, which scripts/new-integration and its siblings read): the compiler fails on
any warning, whichever build compiles a file first, and no build changes the flags of the last.

From a shell:
    copy="$(python3 scripts/scratch_copy.py make)"
    trap 'python3 scripts/scratch_copy.py release "$copy"' EXIT
    export TEMPLATE_BUILD_FLAGS="$(python3 scripts/scratch_copy.py flags)"
"""

import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
BASE = "scratch-base"
# What a reset keeps: the builds (the point of sharing a copy) and nothing else the checks left.
KEPT = ["/.build/", "/Benchmarks/.build/"]
GIT = ["git", "-c", "user.name=scratch", "-c", "user.email=scratch@localhost"]
# How the checks build in a copy. The real tree builds without -warnings-as-errors, which would
# change every compile command and make the README's plain `swift test` build all again; there
# scripts/build-warning-free reads the warnings of a clean build instead.
BUILD_FLAGS = ["-Xswiftc", "-warnings-as-errors", "--explicit-target-dependency-import-check", "error"]
# What the template tools (scripts/new-service and its siblings) read to build with the same flags.
ENVIRONMENT = {"TEMPLATE_BUILD_FLAGS": " ".join(BUILD_FLAGS)}


def shared():
    """The copy every check shares (TEMPLATE_SCRATCH_COPY), or None."""
    path = os.environ.get("TEMPLATE_SCRATCH_COPY", "")
    return pathlib.Path(path).resolve() if path else None


def _git(copy, *arguments):
    subprocess.run([*GIT, *arguments], cwd=copy, check=True, capture_output=True)


def make():
    """A copy as the tree is now: new, or the shared one put back to how it was first copied."""
    copy = shared()
    if copy is not None and (copy / ".git").is_dir():
        _git(copy, "reset", "-q", "--hard", BASE)
        _git(copy, "clean", "-q", "-f", "-f", "-d", "-x", *[f"--exclude={path}" for path in KEPT])
        return copy
    if copy is None:
        copy = pathlib.Path(tempfile.mkdtemp(prefix="silo-scratch-")) / "repo"
    files = subprocess.run(
        ["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, check=True, capture_output=True
    ).stdout.decode().split("\0")
    for name in filter(None, files):
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            # copy2 keeps the times, so a later reset leaves what it does not change as it was.
            shutil.copy2(ROOT / name, copy / name)
    _git(copy, "init", "-q")
    _git(copy, "add", "-A")
    _git(copy, "commit", "-q", "--no-verify", "-m", "the template, as copied")
    _git(copy, "tag", BASE)
    return copy


def release(copy):
    """Removes a check's own copy (with the temporary directory holding it); leaves the shared one."""
    copy = pathlib.Path(copy).resolve()
    if copy != shared():
        shutil.rmtree(copy.parent, ignore_errors=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["make"]:
        print(make())
    elif len(sys.argv) == 3 and sys.argv[1] == "release":
        release(sys.argv[2])
    elif sys.argv[1:] == ["flags"]:
        print(ENVIRONMENT["TEMPLATE_BUILD_FLAGS"])
    else:
        sys.exit("usage: scratch_copy.py make | release <copy> | flags")
