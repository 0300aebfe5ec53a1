"""Benchmark the site build: hook disabled vs clean, warm and one-page-edited builds.

    python scripts/bench_build.py [--rounds 3]

Copies mkdocs.yml, docs/ and micrograd/ to a temporary project, then runs `mkdocs build` in
alternating rounds of: (a) plain: the hook disabled (fences shown, not run); (b) clean: empty
cache; (c) warm: full cache; (d) edited: warm, after editing a prose line and a code line of one
page. Prints the median wall time of each and its ratio to (a).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scripts.parse import parse_page  # noqa: E402

TARGETS = {"warm": 1.15, "edited": 1.5}


def make_project(directory: Path) -> Path:
    for name in ("docs", "micrograd", "overrides"):
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name, directory / name, ignore=shutil.ignore_patterns("__pycache__")
            )
    config = (ROOT / "mkdocs.yml").read_text()
    config = config.replace("  - scripts/", f"  - {ROOT / 'scripts'}/")
    config = re.sub(r"(?m)^watch:\n(  - .*\n)+", "", config)
    (directory / "mkdocs.yml").write_text(config)
    return directory


def build(project: Path, **env: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "-d", "site"],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def runnable_pages(project: Path) -> list[Path]:
    """The pages with at least one executable block, relative to the project."""
    pages = sorted((project / "docs").rglob("*.md"))
    return [p.relative_to(project) for p in pages if parse_page(p.read_text(), str(p)).blocks]


def edit_page(page: Path, round_number: int) -> None:
    """Change a prose line and a code line (the first of its first executable block)."""
    text = page.read_text()
    first = parse_page(text, str(page)).blocks[0]
    lines = text.splitlines()
    lines.insert(first.line, f"{first.indent}# bench edit {round_number}")
    page.write_text("\n".join(lines) + f"\n\nEdited prose, round {round_number}.\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--page", type=Path, help="the page to edit (default: the first runnable)")
    args = parser.parse_args()
    times: dict[str, list[float]] = {"plain": [], "clean": [], "warm": [], "edited": []}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as temporary:
        project = make_project(Path(temporary))
        edited = args.page or runnable_pages(project)[0]
        print(f"edited page: {edited}", file=sys.stderr)
        cache = project / ".cache"
        for number in range(args.rounds):
            times["plain"].append(build(project, LITERATE_DISABLE="1"))
            shutil.rmtree(cache, ignore_errors=True)
            times["clean"].append(build(project))
            times["warm"].append(build(project))
            edit_page(project / edited, number)
            times["edited"].append(build(project))
            print(f"round {number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    base = statistics.median(times["plain"])
    print(f"{'build':<8} {'median s':>9} {'ratio':>7}  target")
    for name, samples in times.items():
        median = statistics.median(samples)
        target = TARGETS.get(name)
        note = f"<= {target}" if target else ("<= 60 s" if name == "clean" else "")
        if target:
            note += " ok" if median / base <= target else " MISSED"
        elif name == "clean":
            note += " ok" if median <= 60 else " MISSED"
        print(f"{name:<8} {median:>9.2f} {median / base:>7.2f}  {note}")


if __name__ == "__main__":
    main()
