"""Command line: run one page, check all pages, or clear the cache.

literate run docs/chain-rule.md   # run one page (fresh), print its outputs
literate check                    # run all stale pages; list errors as path:line
literate clear-cache
literate claims [--all]           # prose claims no inline value, check or allow entry holds

Settings come from the `literate` plugin entry of the nearest mkdocs.yml.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

from literate.audit.claims import Audit, audit_files
from literate.build import Build
from literate.cache import Cache
from literate.cache.store import NotACache
from literate.frontends.project import find_project_root, load_settings, site_pages
from literate.parse import Block, Page, ParseError
from literate.present.terminal import result_text
from literate.results import BuildError, PageRun
from literate.settings import SettingsError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="literate", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("run", help="run one page in a fresh worker and print its outputs")
    run.add_argument("page", type=Path)
    check = commands.add_parser("check", help="run every page (cached); exit 1 on any error")
    check.add_argument("pages", type=Path, nargs="*", help="default: every page and notebook")
    check.add_argument("--no-cache", action="store_true", help="run every page afresh")
    check.add_argument("--jobs", type=int, help="pages run at once (default: mkdocs.yml's)")
    commands.add_parser("clear-cache", help="delete the stored results")
    claims = commands.add_parser("claims", help="list unbacked prose claims; exit 1 on any")
    claims.add_argument("pages", type=Path, nargs="*", help="default: every page and notebook")
    claims.add_argument("--all", action="store_true", help="every claim, with what backs it")
    args = parser.parse_args(argv)
    root = find_project_root(Path.cwd())
    try:
        settings = load_settings(root)
        if args.command == "run" or getattr(args, "no_cache", False):
            settings = replace(settings, use_cache=False)
        if getattr(args, "jobs", None) is not None:
            settings = replace(settings, jobs=args.jobs)
    except SettingsError as error:
        print(f"literate: {error}", file=sys.stderr)
        return 2
    if args.command == "clear-cache":
        try:
            Cache(settings.cache_path).clear()
        except NotACache as error:
            print(f"literate: {error}", file=sys.stderr)
            return 1
        print(f"cleared {settings.cache_path}")
        return 0
    if args.command == "claims":
        pages = args.pages or site_pages(settings)
        return _claims(audit_files(pages, root), args.all)
    if args.command == "run":
        return _run_one(args.page, Build(settings))
    return _check(args.pages or site_pages(settings), Build(settings))


def _run_one(path: Path, build: Build) -> int:
    try:
        page = build.load(path)
    except ParseError as error:
        print(error, file=sys.stderr)
        return 1
    run = build.run([page])[page.path]
    _print_run(page, run)
    return 0 if run.ok else 1


def _print_run(page: Page, run: PageRun) -> None:
    for item, result in zip(page.items, run.results):
        if isinstance(item, Block):
            print(f"── {page.path}:{item.line}")
            text = result_text(result)
            if text:
                print(text)
        elif result.error is None:
            print(f"── {page.path}:{item.line}: {{python}} {item.expr} → {result.value}")
    _print_errors(run.errors)
    if run.ok:
        print(f"{page.path}: {len(page.items)} item(s) ran without error")


def _check(paths: list[Path], build: Build) -> int:
    if not paths:
        print(f"literate: no pages to check under {build.settings.docs_path}", file=sys.stderr)
        return 1
    pages, errors = build.load_all(paths)
    runs = build.run(pages)
    errors += [error for run in runs.values() for error in run.errors]
    ran = sum(not run.from_cache for run in runs.values())
    empty = sum(not page.items for page in pages)
    cached = len(pages) - ran - empty
    print(
        f"{len(pages)} page(s) checked: {ran} run, {cached} from cache, {empty} with nothing to run"
    )
    _print_errors(errors)
    return 1 if errors else 0


def _claims(audit: Audit, show_all: bool) -> int:
    """Print the audit: every claim and its backing (--all), then the errors and a summary."""
    for claim in audit.claims if show_all else []:
        print(f"{claim.location()}: [{', '.join(claim.rules)}] {claim.sentence.text}")
        print(f"    <- {claim.backing or 'UNBACKED'}")
    for error in audit.errors:
        print(error)
    backing = Counter(claim.backing.partition(" ")[0].rstrip(":") for claim in audit.claims)
    rules = ", ".join(f"{rule} {n}" for rule, n in audit.by_rule().items())
    unbacked = ", ".join(f"{rule} {n}" for rule, n in audit.by_rule(audit.unbacked).items())
    print(
        f"{len(audit.claims)} claim(s) (by rule: {rules or 'none'}): {backing['inline']} inline, "
        f"{backing['check']} checked, {backing['allowed']} allowed, {backing['']} unbacked"
        + (f" (by rule: {unbacked})" if unbacked else "")
        + f"; {len(audit.errors)} error(s)"
    )
    return 1 if audit.errors else 0


def _print_errors(errors: list[BuildError]) -> None:
    for error in errors:
        print(str(error), file=sys.stderr)
    if errors:
        print("\n".join(["", "errors:", *(e.location_line() for e in errors)]), file=sys.stderr)


if __name__ == "__main__":
    sys.exit(main())
