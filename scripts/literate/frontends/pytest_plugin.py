"""pytest plugin (entry point `pytest11`): every executable block and inline value of
docs/**/*.md, and every cell of the percent-format notebooks the mkdocs.yml names, is a test.

Items are named by page and line (`docs/chain-rule.md::line 57`); the page runs once, fresh (never
taken from the cache), in a worker when its first item runs, and each item reports its own
result. What ran is stored where the cache holds nothing for the page yet, so that a site build
later in the same run (`make test` collects docs/ first) need not run it again. After a
failure the page's later items are skipped, naming the block that failed; an error of the whole
page fails its first item. The ini option `literate_docs` names the folder (default: the
docs_dir of mkdocs.yml).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from literate.build import Build
from literate.frontends.project import is_notebook, load_settings
from literate.parse import Block, Page, ParseError
from literate.results import BuildError, PageRun
from literate.settings import Settings, SettingsError


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addini(
        "literate_docs",
        "folder of the pages whose blocks are tests (default: the "
        "docs_dir of mkdocs.yml, else docs)",
    )


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    config = parent.config
    settings = _settings(config)
    docs = config.rootpath / (config.getini("literate_docs") or settings.docs_dir)
    if file_path.suffix not in (".md", ".py") or not file_path.is_relative_to(docs):
        return None
    if file_path.suffix == ".py" and not is_notebook(file_path, replace(settings, docs_dir=docs)):
        return None
    return MarkdownPage.from_parent(parent, path=file_path)


SETTINGS = pytest.StashKey[Settings]()


def pytest_configure(config: pytest.Config) -> None:
    """Read the project's settings once; never read the cache (tests run afresh), but leave
    what they ran in it for a site build of the same run (where it holds nothing yet)."""
    try:
        settings = load_settings(config.rootpath)
    except SettingsError as error:
        raise pytest.UsageError(f"literate: {error}") from None
    config.stash[SETTINGS] = replace(settings, read_cache=False)


def _settings(config: pytest.Config) -> Settings:
    return config.stash[SETTINGS]


class LiterateFailure(Exception):
    """A block or inline value that failed; carries the located BuildError."""

    def __init__(self, error: BuildError):
        super().__init__(str(error))
        self.error = error


class MarkdownPage(pytest.File):
    """A Markdown page: one item per executable block or inline value, in page order."""

    page: Page
    _run: PageRun | None = None

    def collect(self):  # type: ignore[override]
        try:
            self.page = Build(_settings(self.config)).load(self.path)
        except ParseError as error:
            raise self.CollectError(str(error)) from None
        seen: dict[str, int] = {}
        # Under pytest-xdist's --dist loadgroup, a page's items share one process and one run.
        xdist = self.config.pluginmanager.hasplugin("xdist")
        for index, item in enumerate(self.page.items):
            name = f"line {item.line}{_kind(item)}"
            seen[name] = seen.get(name, 0) + 1
            if seen[name] > 1:
                name += f" ({seen[name]})"
            test = LiterateItem.from_parent(self, name=name, index=index)
            if xdist:
                test.add_marker(pytest.mark.xdist_group(self.page.path))
            yield test

    def run(self) -> PageRun:
        """The page's run, done once, when its first item needs it."""
        if self._run is None:
            self._run = Build(_settings(self.config)).run([self.page])[self.page.path]
        return self._run


class LiterateItem(pytest.Item):
    def __init__(self, *, index: int, **kwargs: Any):
        super().__init__(**kwargs)
        self.index = index

    @property
    def page_node(self) -> MarkdownPage:
        assert isinstance(self.parent, MarkdownPage)
        return self.parent

    @property
    def line(self) -> int:
        return self.page_node.page.items[self.index].line

    def runtest(self) -> None:
        run = self.page_node.run()
        for error in run.errors:
            if error.index == self.index:
                raise LiterateFailure(error)
        # An error of the whole page (the worker never answered, crashed between blocks, sent
        # something unreadable) belongs to no item: the first item fails with it.
        page_errors = [error for error in run.errors if error.index is None]
        if page_errors and self.index == 0:
            raise LiterateFailure(page_errors[0])
        if self.index >= len(run.results):
            first = run.errors[0] if run.errors else None
            where = f"{first.path}:{first.line}" if first else "an unknown place"
            # Reported at the item's own location (the .md line), not at this file.
            raise pytest.skip.Exception(
                f"an earlier block of this page failed at {where}", _use_item_location=True
            )

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style=None) -> str:  # type: ignore[override]
        if isinstance(excinfo.value, LiterateFailure):
            return str(excinfo.value.error)
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.line - 1, f"{self.page_node.page.path}:{self.line}"


def _kind(item) -> str:
    """What an item is, after its line: an exercise (verified: the solution passes, the starter
    fails), a self-check answer, an inline value, or nothing for a plain block."""
    if not isinstance(item, Block):
        return " inline"
    if item.exercise is not None:
        return f" exercise {item.exercise.slug}"
    return " answer" if item.kind == "answer" else ""
