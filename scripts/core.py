"""The one entry point the front ends share: parse pages, run the stale ones, use the cache."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from scripts.cache import Cache, environment_key, page_key
from scripts.parse import Page, ParseError, parse_page
from scripts.results import BuildError, PageRun
from scripts.runner import DEFAULT_JOBS, run_pages

CACHE_SUBDIR = Path(".cache") / "literate"


def display_path(path: Path, project_root: Path) -> str:
    """The path shown in messages and tracebacks: relative to the project, with slashes."""
    try:
        return Path(path).resolve().relative_to(project_root.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def load_page(path: Path, project_root: Path, text: str | None = None) -> Page:
    """Parse one Markdown file (ParseError when it is malformed)."""
    if text is None:
        text = Path(path).read_text(encoding="utf-8")
    return parse_page(text, display_path(path, project_root))


def load_pages(paths: Iterable[Path], project_root: Path) -> tuple[list[Page], list[BuildError]]:
    """Parse many files; malformed ones become located errors instead of stopping the rest."""
    pages, errors = [], []
    for path in paths:
        try:
            pages.append(load_page(path, project_root))
        except ParseError as error:
            errors.append(BuildError(error.path, error.line, error.message))
    return pages, errors


def execute_pages(
    pages: Iterable[Page],
    project_root: Path,
    cache: Cache | None = None,
    jobs: int = DEFAULT_JOBS,
    environment: str | None = None,
    on_done: Callable[[PageRun], None] | None = None,
) -> dict[str, PageRun]:
    """Results for every page: from the cache when fresh, else run (stale pages in parallel).

    Pass `environment` (from `environment_key`) to avoid hashing the package again; only
    successful runs are cached.
    """
    runs: dict[str, PageRun] = {}
    stale: list[Page] = []
    keys: dict[str, str] = {}
    if cache is not None and environment is None:
        environment = environment_key(project_root)
    for page in pages:
        if not page.items:
            runs[page.path] = PageRun(page.path, [], [], from_cache=True)
            continue
        if cache is not None and environment is not None:
            keys[page.path] = page_key(page, environment)
            cached = cache.load(keys[page.path])
            if cached is not None and len(cached) == len(page.items):
                runs[page.path] = PageRun(page.path, cached, [], from_cache=True)
                continue
        stale.append(page)

    def finished(run: PageRun) -> None:
        if cache is not None and run.ok and run.path in keys:
            cache.store(keys[run.path], run.results)
        if on_done is not None:
            on_done(run)

    runs.update(run_pages(stale, project_root, jobs=jobs, on_done=finished))
    return runs


def default_cache(project_root: Path) -> Cache:
    return Cache(project_root / CACHE_SUBDIR)
