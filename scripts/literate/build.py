"""One build: its settings, its cache and its pages under way. Every front end goes through it."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from literate.cache import Cache, environment_key
from literate.execute.pool import PendingRuns, start_pages
from literate.parse import Page, ParseError, load_page
from literate.results import BuildError, PageRun
from literate.settings import Settings


class Build:
    """Parses pages, runs the stale ones (in parallel, through the cache) and can be cancelled
    without touching any other build of the process."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.cache = Cache(settings.cache_path) if settings.use_cache else None
        self._environment: str | None = None
        self.pending: PendingRuns | None = None

    @property
    def environment(self) -> str:
        """The environment part of every page's cache key (hashed once per build)."""
        if self._environment is None:
            self._environment = environment_key(self.settings)
        return self._environment

    def load(self, path: Path, text: str | None = None) -> Page:
        return load_page(path, self.settings.project_root, text)

    def load_all(self, paths: Iterable[Path]) -> tuple[list[Page], list[BuildError]]:
        """Parse many files; malformed ones become located errors instead of stopping the rest."""
        pages, errors = [], []
        for path in paths:
            try:
                pages.append(self.load(path))
            except ParseError as error:
                errors.append(BuildError(error.path, error.line, error.message))
        return pages, errors

    def start(self, pages: Iterable[Page]) -> PendingRuns:
        """Start running every stale page; results arrive through the returned PendingRuns."""
        environment = self.environment if self.cache is not None else None
        self.pending = start_pages(list(pages), self.settings, self.cache, environment)
        return self.pending

    def run(self, pages: Iterable[Page]) -> dict[str, PageRun]:
        """Results for every page, from the cache when fresh, else run; waits for all."""
        return self.start(pages).wait_all()

    def cancel(self) -> None:
        if self.pending is not None:
            self.pending.cancel()
