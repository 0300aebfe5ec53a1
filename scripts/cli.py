"""Command line: run one page, check all pages, or clear the cache.

python -m scripts.cli run docs/chain-rule.md   # run one page (fresh), print its outputs
python -m scripts.cli check                    # run all stale pages; list errors as path:line
python -m scripts.cli clear-cache
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from scripts.core import default_cache, execute_pages, load_page, load_pages
from scripts.parse import Block, Page, ParseError
from scripts.results import BuildError, PageRun
from scripts.runner import DEFAULT_JOBS


def find_project_root(start: Path) -> Path:
    """The nearest directory at or above start holding mkdocs.yml (else start)."""
    for directory in (start, *start.parents):
        if (directory / "mkdocs.yml").is_file():
            return directory
    return start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m scripts.cli", description=__doc__.split("\n")[0]
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run one page in a fresh worker and print its outputs")
    run.add_argument("page", type=Path)
    check = commands.add_parser("check", help="run every page (cached); exit 1 on any error")
    check.add_argument("pages", type=Path, nargs="*", help="default: docs/**/*.md")
    check.add_argument("--no-cache", action="store_true", help="run every page afresh")
    check.add_argument("--jobs", type=int, default=DEFAULT_JOBS)
    commands.add_parser("clear-cache", help="delete the stored results")
    args = parser.parse_args(argv)
    root = find_project_root(Path.cwd())
    if args.command == "clear-cache":
        default_cache(root).clear()
        print(f"cleared {default_cache(root).directory}")
        return 0
    if args.command == "run":
        return _run_one(args.page, root)
    return _check(args.pages or sorted((root / "docs").rglob("*.md")), root, args)


def _run_one(path: Path, root: Path) -> int:
    try:
        page = load_page(path, root)
    except ParseError as error:
        print(error, file=sys.stderr)
        return 1
    run = execute_pages([page], root)[page.path]
    _print_run(page, run)
    return 0 if run.ok else 1


def _print_run(page: Page, run: PageRun) -> None:
    for item, result in zip(page.items, run.results):
        if isinstance(item, Block):
            print(f"── {page.path}:{item.line}")
            for text in (result.stdout, result.stderr, result.raised):
                if text:
                    print(text.rstrip("\n"))
            for display in result.displays:
                if display["mime"] == "text/plain":
                    print(display["data"])
                else:
                    print(f"[{display['mime']}, {len(display['data']):,} characters]")
        elif result.error is None:
            print(f"── {page.path}:{item.line}: {{python}} {item.expr} → {result.value}")
    _print_errors(run.errors)
    if run.ok:
        print(f"{page.path}: {len(page.items)} item(s) ran without error")


def _check(paths: list[Path], root: Path, args: argparse.Namespace) -> int:
    pages, errors = load_pages(paths, root)
    cache = None if args.no_cache else default_cache(root)
    runs = execute_pages(pages, root, cache, jobs=args.jobs)
    errors += [error for run in runs.values() for error in run.errors]
    ran = sum(not run.from_cache for run in runs.values())
    empty = sum(not page.items for page in pages)
    cached = len(pages) - ran - empty
    print(
        f"{len(pages)} page(s) checked: {ran} run, {cached} from cache, {empty} with nothing to run"
    )
    _print_errors(errors)
    return 1 if errors else 0


def _print_errors(errors: list[BuildError]) -> None:
    for error in errors:
        print(str(error), file=sys.stderr)
    if errors:
        print("\n".join(["", "errors:", *(e.location_line() for e in errors)]), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
