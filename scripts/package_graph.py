"""The package's targets and their dependencies, as `swift package dump-package` gives them: read
here once for the scripts that need the graph (check-architecture, test-swap-guide)."""

import json
import subprocess


def dump_package(root):
    """The package at `root`, as SwiftPM describes it (JSON, parsed)."""
    output = subprocess.run(
        ["swift", "package", "--package-path", str(root), "dump-package"],
        check=True, capture_output=True, text=True,
    ).stdout
    return json.loads(output)


def dependency_names(target):
    """The names of the targets and products `target` depends on directly."""
    names = set()
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names


def tests_depending_on(package, module):
    """The test targets of `package` that depend on `module`, directly or through other targets."""
    needs = {target["name"]: dependency_names(target) for target in package["targets"]}

    def reaches(name):
        return module in needs.get(name, ()) or any(reaches(other) for other in needs.get(name, ()))

    return sorted(target["name"] for target in package["targets"] if target["type"] == "test" and reaches(target["name"]))
