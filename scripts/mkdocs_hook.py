"""MkDocs hook: run every page's executable fences (stale ones, in parallel, up front) and put
their output into the pages; export each page as a notebook next to it.

Listed under `hooks:` in mkdocs.yml. Set LITERATE_DISABLE=1 to show fences without running them,
LITERATE_JOBS=N to change the pool size, LITERATE_NO_CACHE=1 to ignore the cache.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))
# `mkdocs serve` loads this file again for every rebuild: drop the engine's modules so an
# edited scripts/*.py takes effect without restarting the server.
for _name in [name for name in sys.modules if name == "scripts" or name.startswith("scripts.")]:
    del sys.modules[_name]

from mkdocs.exceptions import PluginError  # noqa: E402

from scripts.cache import environment_key  # noqa: E402
from scripts.core import PendingRuns, default_cache, load_page, start_pages  # noqa: E402
from scripts.notebook import NotebookError, download_link_html, notebook_json  # noqa: E402
from scripts.parse import Page, ParseError, parse_page  # noqa: E402
from scripts.render import render_markdown, swap_placeholders  # noqa: E402
from scripts.results import BuildError, PageRun  # noqa: E402
from scripts.runner import DEFAULT_JOBS  # noqa: E402


class _Build:
    """What one build knows: parsed pages, their runs and their output fragments."""

    def __init__(self) -> None:
        self.enabled = False
        self.project_root = _ROOT
        self.texts: dict[str, str] = {}
        self.pages: dict[str, Page] = {}
        self.pending: PendingRuns | None = None
        self.started = 0.0
        self.fragments: dict[str, dict[str, str]] = {}
        self.rendered_pages: dict[str, Page] = {}


_build = _Build()
log = logging.getLogger("mkdocs.hooks.literate")


def on_config(config: Any) -> None:
    global _build
    _build = _Build()
    _build.enabled = os.environ.get("LITERATE_DISABLE", "") in ("", "0")
    if config.config_file_path:
        _build.project_root = Path(config.config_file_path).resolve().parent


def on_files(files: Any, config: Any) -> None:
    """Parse all pages and start running the stale ones (slowest first, in parallel).

    Each page waits for its own results only when it is rendered, so the rest of the build
    goes on meanwhile.
    """
    if not _build.enabled:
        return
    errors: list[BuildError] = []
    for file in files.documentation_pages():
        if not file.src_uri.endswith(".md"):
            continue  # e.g. notebooks rendered by mkdocs-jupyter
        text = file.content_string
        path = Path(file.abs_src_path) if file.abs_src_path else Path(file.src_uri)
        try:
            page = load_page(path, _build.project_root, text=text)
        except ParseError as error:
            errors.append(BuildError(error.path, error.line, error.message))
            continue
        _build.texts[file.src_uri] = text
        _build.pages[file.src_uri] = page
    _fail_on(errors)
    use_cache = os.environ.get("LITERATE_NO_CACHE", "") in ("", "0")
    cache = default_cache(_build.project_root) if use_cache else None
    environment = environment_key(_build.project_root) if use_cache else None
    jobs = _jobs()
    _build.started = time.perf_counter()
    _build.pending = start_pages(
        _build.pages.values(), _build.project_root, cache, jobs=jobs, environment=environment
    )


def _jobs() -> int:
    """LITERATE_JOBS, the number of pages run at once (DEFAULT_JOBS when unset or empty)."""
    raw = os.environ.get("LITERATE_JOBS", "").strip()
    if not raw:
        return DEFAULT_JOBS
    try:
        jobs = int(raw)
    except ValueError:
        jobs = 0
    if jobs < 1:
        raise PluginError(f"LITERATE_JOBS must be a whole number of at least 1, got {raw!r}")
    return jobs


def _run_of(page: Page) -> PageRun:
    """The page's results; on any error, wait for every page and fail with all errors."""
    assert _build.pending is not None
    run = _build.pending.get(page.path)
    if not run.ok:
        runs = _build.pending.wait_all()
        _fail_on([error for other in runs.values() for error in other.errors])
    return run


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    page_source = _build.pages.get(page.file.src_uri)
    if page_source is None or not page_source.items:
        return markdown
    tail = _tail_page(markdown, page_source, _build.texts[page.file.src_uri])
    rendered = render_markdown(tail, _run_of(page_source).results)
    _build.fragments[page.file.src_uri] = rendered.fragments
    _build.rendered_pages[page.file.src_uri] = tail
    return rendered.markdown


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    fragments = _build.fragments.get(page.file.src_uri)
    if fragments is None:
        return html
    html, missing = swap_placeholders(html, fragments)
    if missing:
        path = _build.pages[page.file.src_uri].path
        raise PluginError(f"{path}: {len(missing)} output(s) lost in Markdown conversion")
    return _insert_after_title(html, download_link_html(_notebook_name(page)))


def on_post_page(output: str, page: Any, config: Any) -> str:
    source = _build.rendered_pages.get(page.file.src_uri)
    if source is not None:
        target = Path(config.site_dir) / Path(page.file.dest_uri).parent / _notebook_name(page)
        target.parent.mkdir(parents=True, exist_ok=True)
        results = _run_of(source).results
        try:
            notebook = notebook_json(source, results)
        except NotebookError as error:  # the message names the page and line
            raise PluginError(f"notebook export: {error}") from None
        target.write_text(notebook, encoding="utf-8")
    return output


def on_post_build(config: Any) -> None:
    """Every page must have run, even one that was not rendered; then say what ran."""
    if _build.pending is None:
        return
    runs = _build.pending.wait_all()
    _fail_on([error for run in runs.values() for error in run.errors])
    ran = _build.pending.ran()
    if ran:
        seconds = time.perf_counter() - _build.started
        log.info(f"literate: ran {len(ran)} page(s) within {seconds:.1f} s: {', '.join(ran)}")


def on_build_error(error: Exception) -> None:
    if _build.pending is not None:
        _build.pending.cancel()


def _tail_page(markdown: str, full: Page, text: str) -> Page:
    """The page as MkDocs hands it over (front matter cut), keeping the file's line numbers."""
    if text.endswith(markdown):
        cut = text[: len(text) - len(markdown)].count("\n")
        if all(item.line > cut for item in full.items):
            return Page(full.path, full.lines[cut:], full.first_line + cut, full.items)
    tail = parse_page(markdown, full.path)
    # The tail's line numbers are unknown here: compare what the items are, not where.
    if [i.signature(with_line=False) for i in tail.items] != [
        i.signature(with_line=False) for i in full.items
    ]:
        raise PluginError(
            f"{full.path}: its executable blocks changed while the site was building "
            "(edited during the build?); build again"
        )
    return tail


def _notebook_name(page: Any) -> str:
    return Path(page.file.src_uri).stem + ".ipynb"


def _insert_after_title(html: str, snippet: str) -> str:
    end = html.find("</h1>")
    if end < 0:
        return snippet + html
    end += len("</h1>")
    return html[:end] + snippet + html[end:]


def _fail_on(errors: list[BuildError]) -> None:
    if errors:
        count = f"{len(errors)} page error(s)" if len(errors) > 1 else "a page error"
        raise PluginError(f"literate build stopped by {count}:\n" + "\n\n".join(map(str, errors)))
