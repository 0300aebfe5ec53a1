"""The one entry point the front ends share: parse pages, run the stale ones, use the cache."""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from scripts.cache import Cache, environment_key, page_key
from scripts.parse import Page, ParseError, parse_page
from scripts.results import BuildError, PageRun
from scripts.runner import DEFAULT_JOBS, run_page, stop_all_workers

CACHE_SUBDIR = Path(".cache") / "literate"
log = logging.getLogger("literate")


def display_path(path: Path, project_root: Path) -> str:
    """The path shown in messages and tracebacks: relative to the project, with slashes."""
    try:
        return Path(path).resolve().relative_to(project_root.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def load_page(path: Path, project_root: Path, text: str | None = None) -> Page:
    """Parse one Markdown file (ParseError when it is malformed, missing or not UTF-8)."""
    shown = display_path(path, project_root)
    if text is None:
        try:
            text = Path(path).read_text(encoding="utf-8-sig")  # a BOM is not part of line 1
        except OSError as error:
            raise ParseError(shown, 0, f"cannot read the page: {error.strerror or error}") from None
        except UnicodeDecodeError as error:
            byte = error.object[error.start]
            reason = f"not UTF-8 (byte {byte:#04x} at offset {error.start})"
            raise ParseError(shown, 0, f"cannot read the page: {reason}") from None
    return parse_page(text, shown)


def load_pages(paths: Iterable[Path], project_root: Path) -> tuple[list[Page], list[BuildError]]:
    """Parse many files; malformed ones become located errors instead of stopping the rest."""
    pages, errors = [], []
    for path in paths:
        try:
            pages.append(load_page(path, project_root))
        except ParseError as error:
            errors.append(BuildError(error.path, error.line, error.message))
    return pages, errors


class PendingRuns:
    """Page runs under way: cached pages are ready at once, stale ones run in a small pool.

    `get(path)` waits for one page only, so a front end can render early pages while later
    ones still run.
    """

    def __init__(self, ready: dict[str, PageRun], pool: ThreadPoolExecutor | None = None):
        self.ready = ready
        self.pool = pool
        self.futures: dict[str, Future[PageRun]] = {}

    def get(self, path: str) -> PageRun:
        if path not in self.ready:
            self.ready[path] = self.futures[path].result()
        return self.ready[path]

    def wait_all(self) -> dict[str, PageRun]:
        for path in list(self.futures):
            self.get(path)
        if self.pool is not None:
            self.pool.shutdown()
        return self.ready

    def ran(self) -> list[str]:
        """Paths of the pages that were run (not taken from the cache), so far."""
        return sorted(path for path, run in self.ready.items() if not run.from_cache)

    def cancel(self) -> None:
        """Drop the pages not started yet and stop the ones under way."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
            stop_all_workers()


def start_pages(
    pages: Iterable[Page],
    project_root: Path,
    cache: Cache | None = None,
    jobs: int = DEFAULT_JOBS,
    environment: str | None = None,
) -> PendingRuns:
    """Look every page up in the cache and start running the stale ones, slowest first (by
    the timings of earlier runs; pages never timed count as slowest).

    Pass `environment` (from `environment_key`) to avoid hashing the package again; only
    successful runs are cached.
    """
    if cache is not None and environment is None:
        environment = environment_key(project_root)
    ready: dict[str, PageRun] = {}
    stale: list[tuple[Page, str | None]] = []
    for page in pages:
        if not page.items:
            ready[page.path] = PageRun(page.path, [], [], from_cache=True)
            continue
        key = page_key(page, environment) if cache is not None and environment else None
        cached = cache.load(key) if cache is not None and key else None
        if cached is not None and len(cached) == len(page.items):
            ready[page.path] = PageRun(page.path, cached, [], from_cache=True)
        else:
            stale.append((page, key))
    if not stale:
        return PendingRuns(ready)
    pending = PendingRuns(ready, ThreadPoolExecutor(max_workers=max(1, jobs)))
    timings = cache.load_timings() if cache is not None else {}
    lock = threading.Lock()
    # The slowest pages start first (unknown ones count as slow): a long page started last
    # would keep the build waiting alone at the end.
    stale.sort(key=lambda pair: -timings.get(pair[0].path, float("inf")))

    def run_and_store(page: Page, key: str | None) -> PageRun:
        run = run_page(page, project_root)
        if cache is not None and key is not None and run.ok:
            try:
                cache.store(key, run.results)
                with lock:
                    timings[page.path] = round(run.seconds, 3)
                    cache.store_timings(timings)
            except OSError as error:  # a read-only or full disk costs speed, not the build
                log.warning(f"literate: could not store results of {page.path}: {error}")
        return run

    for page, key in stale:
        assert pending.pool is not None
        pending.futures[page.path] = pending.pool.submit(run_and_store, page, key)
    return pending


def execute_pages(
    pages: Iterable[Page],
    project_root: Path,
    cache: Cache | None = None,
    jobs: int = DEFAULT_JOBS,
    environment: str | None = None,
) -> dict[str, PageRun]:
    """Results for every page, from the cache when fresh, else run (in parallel); waits."""
    return start_pages(pages, project_root, cache, jobs, environment).wait_all()


def default_cache(project_root: Path) -> Cache:
    return Cache(project_root / CACHE_SUBDIR)
