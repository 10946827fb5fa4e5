"""Reads the output of a Swift Testing run (`swift test`).

`python3 scripts/test_log.py unfinished LOG` prints, one per line, the tests LOG says started and
never passed, failed or were cancelled: after a run that hung and was killed, where it hung. The
scripts that kill a hung run (scripts/guide_steps.py, .ci/run, scripts/test-under-load,
scripts/test-thread-sanitizer) print it.
"""

import re
import sys


def unfinished_tests(output):
    """The Swift Testing tests `output` says started (`◇ Test … started.`) but never passed or failed."""
    # A parameterised test's cases start one by one but end together, on the test's own line.
    started = re.findall(r"^◇ Test (?!case passing |run started)(.+?) started\.$", output, flags=re.M)
    ended = set(re.findall(
        r"^\S+ Test (.+?) (?:(?:with \d+ test cases? )?(?:passed|failed)|was cancelled) after [\d.]+ seconds",
        output, flags=re.M))
    return [name for name in dict.fromkeys(started) if name not in ended]


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "unfinished":
        sys.exit("usage: python3 scripts/test_log.py unfinished LOG")
    with open(sys.argv[2], encoding="utf-8", errors="replace") as log:
        for name in unfinished_tests(log.read()):
            print(name)
