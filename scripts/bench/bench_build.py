"""Benchmark the site build against Material alone on the same pages, side by side.

    python scripts/bench/bench_build.py [--rounds 5] [--page docs/chain-rule.md]

Copies mkdocs.yml, docs/, micrograd/ and overrides/ to a temporary project and writes a second
config beside it, "Material alone": every plugin but search removed (so the fences are shown,
not run, and the notebooks are not pages). Each round then builds, in alternating pairs of
(this site, Material alone):

  warm      nothing edited, the cache full
  prose     one prose line of one page edited (a word added; no executable item moves)
  code      one line of code of one page edited (that page runs again)
  micrograd micrograd/engine.py edited (every page runs again)
  clean     the cache emptied (every page runs again)

and prints the median wall time of each, and the median of the per-round ratios. Pairs run
back to back, in turns (who goes first alternates), so a noisy, shared machine slows both
sides of a ratio alike.
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

ROOT = Path(__file__).resolve().parents[2]
TARGETS = {"warm": 2.0, "prose": 2.5}  # the ratios this site promises (issue 9)
STEPS = ("warm", "prose", "code", "micrograd", "clean")


def make_project(directory: Path) -> Path:
    for name in ("docs", "micrograd", "overrides"):
        shutil.copytree(ROOT / name, directory / name, ignore=shutil.ignore_patterns("__pycache__"))
    runtime = ROOT / ".cache" / "runtime"  # the vendored browser runtime, shared, read only
    if runtime.is_dir():
        (directory / ".cache").mkdir()
        (directory / ".cache" / "runtime").symlink_to(runtime)
    config = (ROOT / "mkdocs.yml").read_text()
    (directory / "mkdocs.yml").write_text(config)
    (directory / "material.yml").write_text(material_alone(config))
    return directory


def material_alone(config: str) -> str:
    """The same site with Material and its search only: no other plugin, no hooks, and no nav
    entries for the notebooks (without the plugin they are not pages)."""
    config = re.sub(r"(?ms)^plugins:\n.*?(?=^\S)", "plugins:\n  - search\n\n", config)
    config = re.sub(r"(?ms)^hooks:\n.*?(?=^\S)", "", config)
    config = re.sub(r"(?m)^\s+- [^:\n]+: notebooks/.*\n", "", config)
    return re.sub(r"(?m)^  - Notebooks:\n", "", config)


def build(project: Path, config: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", config, "-d", f"site-{config}"],
        cwd=project,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def edit_prose(page: Path, round_number: int) -> None:
    """Add a word to the first prose line that has no inline value: no item moves."""
    lines = page.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if line[:1].isalpha() and "`" not in line)
    lines[index] += f" edited{round_number}"
    page.write_text("\n".join(lines))


def edit_code(page: Path, round_number: int) -> None:
    """Append a comment to the first line of code of the first executable block."""
    lines = page.read_text().split("\n")
    index = next(i for i, line in enumerate(lines) if 'exec="1"' in line) + 1
    lines[index] += f"  # edited {round_number}"
    page.write_text("\n".join(lines))


def edit_engine(project: Path, round_number: int) -> None:
    engine = project / "micrograd" / "engine.py"
    engine.write_text(engine.read_text() + f"\n# edited {round_number}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--page", default="docs/chain-rule.md", help="the page to edit")
    parser.add_argument("--only", nargs="+", choices=STEPS, help="run only these builds")
    args = parser.parse_args()
    times: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as temporary:
        project = make_project(Path(temporary))
        page = project / args.page
        build(project, "mkdocs.yml")  # fill the cache
        steps = {
            "warm": lambda n: None,
            "prose": lambda n: edit_prose(page, n),
            "code": lambda n: edit_code(page, n),
            "micrograd": lambda n: edit_engine(project, n),
            "clean": lambda n: shutil.rmtree(project / ".cache" / "literate", ignore_errors=True),
        }
        for number in range(args.rounds):
            for name, edit in steps.items():
                if args.only and name not in args.only:
                    continue
                edit(number)
                pair = times.setdefault(name, {"site": [], "material": []})
                # who goes first alternates, so neither side always meets a warm machine
                order = [("site", "mkdocs.yml"), ("material", "material.yml")]
                for side, config in order if number % 2 == 0 else order[::-1]:
                    pair[side].append(build(project, config))
            print(f"round {number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
    print(f"{'build':<10} {'site s':>8} {'material s':>11} {'ratio':>7}  target")
    for name, pair in times.items():
        ratio = statistics.median(s / m for s, m in zip(pair["site"], pair["material"]))
        target = TARGETS.get(name)
        verdict = (
            "" if target is None else f"<= {target} " + ("ok" if ratio <= target else "MISSED")
        )
        site, material = statistics.median(pair["site"]), statistics.median(pair["material"])
        print(f"{name:<10} {site:>8.2f} {material:>11.2f} {ratio:>7.2f}  {verdict}")


if __name__ == "__main__":
    main()
