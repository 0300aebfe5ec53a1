"""Run many pages at once: cached pages are ready at once, stale ones run in a thread pool, each
in its own worker process, slowest first."""

from __future__ import annotations

import logging
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from literate.cache import Cache, page_key
from literate.execute.processes import WorkerSet
from literate.execute.watchdog import run_page
from literate.parse.page import Page
from literate.results import PageRun
from literate.settings import Settings

log = logging.getLogger("mkdocs.plugins.literate")


class PendingRuns:
    """Page runs under way. `get(path)` waits for one page only, so a front end can render
    early pages while later ones still run."""

    def __init__(self, ready: dict[str, PageRun], jobs: int = 0):
        self.ready = ready
        self.pool = ThreadPoolExecutor(max_workers=jobs) if jobs else None
        self.futures: dict[str, Future[PageRun]] = {}
        self.workers = WorkerSet()

    def get(self, path: str) -> PageRun:
        if path not in self.ready:
            try:
                self.ready[path] = self.futures[path].result()
            except BaseException:  # Ctrl-C while waiting: stop this build's workers now
                self.cancel()
                raise
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
        """Drop the pages not started yet and stop this build's workers under way."""
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        self.workers.stop()


def start_pages(
    pages: list[Page], settings: Settings, cache: Cache | None, environment: str | None
) -> PendingRuns:
    """Look every page up in the cache and start running the stale ones, slowest first (by
    the timings of earlier runs; pages never timed count as slowest). Only successful runs
    are stored."""
    ready: dict[str, PageRun] = {}
    stale: list[tuple[Page, str | None]] = []
    for page in pages:
        if not page.items:
            ready[page.path] = PageRun(page.path, [], [], from_cache=True)
            continue
        key = page_key(page, environment) if cache is not None and environment else None
        cached = cache.load(key) if cache is not None and key and settings.read_cache else None
        if cached is not None and len(cached) == len(page.items):
            ready[page.path] = PageRun(page.path, cached, [], from_cache=True)
        else:
            stale.append((page, key))
    if not stale:
        return PendingRuns(ready)
    pending = PendingRuns(ready, jobs=settings.jobs)
    timings = cache.load_timings() if cache is not None else {}
    lock = threading.Lock()
    # The slowest pages start first (unknown ones count as slow): a long page started last
    # would keep the build waiting alone at the end.
    stale.sort(key=lambda pair: -timings.get(pair[0].path, float("inf")))

    def run_and_store(page: Page, key: str | None) -> PageRun:
        run = run_page(page, settings, pending.workers)
        # Without reading the cache, never replace an entry: a build of the same run may have
        # shown it (outputs that vary from run to run would then differ between two builds).
        if cache is None or key is None or not run.ok:
            return run
        if settings.read_cache or not cache.holds(key):
            try:
                cache.store(key, run.results)
                with lock:
                    timings[page.path] = round(run.seconds, 3)
                    cache.store_timings(timings)
            except OSError as error:  # a read-only or full disk costs speed, not the build
                log.warning(f"literate: could not store results of {page.path}: {error}")
        return run

    assert pending.pool is not None
    for page, key in stale:
        pending.futures[page.path] = pending.pool.submit(run_and_store, page, key)
    return pending
