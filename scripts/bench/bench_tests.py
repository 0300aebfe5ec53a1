"""Time the test suite against an earlier commit's, side by side, and print the ratio.

    python scripts/bench/bench_tests.py --base 5c3947b [--rounds 1]

Checks the base commit out into a temporary worktree and runs, in alternating turns, the base's
pytest command (`pytest -q`, as its `make test` ran it) and this tree's (`make test`'s: two
processes, the collection guard), each from a fresh copy of the cache of the browser runtime and
an empty cache of results, so both sides run every page. The base imports its own build engine
(PYTHONPATH puts its scripts/ first) from this tree's .venv. Prints each run's wall time, its
pytest summary line, and the median ratio new / base.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NEW = ["-q", "-p", "no:cacheprovider", "-n", "2", "--dist", "loadgroup", "--collect-guard"]
BASE = ["-q", "-p", "no:cacheprovider"]


def prepare(tree: Path) -> None:
    """An empty cache of results beside the vendored runtime and axe-core."""
    shutil.rmtree(tree / ".cache", ignore_errors=True)
    for name in ("runtime", "axe"):
        shutil.copytree(ROOT / ".cache" / name, tree / ".cache" / name, symlinks=True)


def run(tree: Path, args: list[str], env: dict[str, str]) -> tuple[float, str]:
    prepare(tree)
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "pytest", *args], cwd=tree, env=env, capture_output=True, text=True
    )
    seconds = time.perf_counter() - started
    summary = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-2000:], file=sys.stderr)
    return seconds, summary


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the commit to compare with")
    parser.add_argument("--rounds", type=int, default=1)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-tests-") as temporary:
        base_tree, new_tree = Path(temporary) / "base", Path(temporary) / "new"
        subprocess.run(
            ["git", "worktree", "add", "-q", "--detach", base_tree, options.base],
            cwd=ROOT,
            check=True,
        )
        subprocess.run(
            ["git", "worktree", "add", "-q", "--detach", new_tree, "HEAD"], cwd=ROOT, check=True
        )
        try:
            ratios = []
            for number in range(options.rounds):
                sides = [("base", base_tree, BASE), ("new", new_tree, NEW)]
                times = {}
                for name, tree, args in sides if number % 2 == 0 else sides[::-1]:
                    env = {**os.environ, "PYTHONPATH": f"{tree / 'scripts'}{os.pathsep}{tree}"}
                    times[name], summary = run(tree, args, env)
                    print(f"round {number + 1} {name:>4}: {times[name]:7.1f} s  {summary}")
                ratios.append(times["new"] / times["base"])
            print(f"new / base: {statistics.median(ratios):.2f} (median of {len(ratios)})")
        finally:
            for tree in (base_tree, new_tree):
                subprocess.run(["git", "worktree", "remove", "--force", tree], cwd=ROOT)


if __name__ == "__main__":
    main()
