"""The MkDocs plugin `literate`: run every page's executable fences (stale pages in parallel,
up front) and put their output into the pages; export each page as a notebook next to it;
execute and render the percent-format notebooks listed in its `notebooks` option.

    plugins:
      - search
      - literate:
          packages: [micrograd, spelled_out]
          notebooks: ["notebooks/*.py"]

All state lives on the plugin instance, in one SiteSession (site_session.py) per `mkdocs build`
or `serve` rebuild; what the plugin adds is MkDocs's own: notebook pages, search and TOC.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from literate.frontends.mkdocs_config import LiterateConfig
from literate.frontends.notebook_pages import NotebookRenderer, as_notebook_file, notebook_text
from literate.frontends.page_parts import keep_listings_out_of_search, notebook_name
from literate.frontends.site_session import SiteError, SitePage, SiteSession
from literate.frontends.svg_stash import restore_svgs, stash_svgs
from literate.parse import Page
from literate.present.html import Rendered

log = logging.getLogger("mkdocs.plugins.literate")


class LiteratePlugin(BasePlugin[LiterateConfig]):
    def __init__(self) -> None:
        self.session: SiteSession | None = None
        self.rendered: dict[str, Rendered | None] = {}  # by src_uri, from Markdown to HTML
        self.notebooks: NotebookRenderer | None = None
        self.svgs: dict[str, list[str]] = {}  # by src_uri: SVG kept out of page.content
        self.order: list[str] = []  # src_uris in navigation order
        self.site_pages: dict[str, SitePage] = {}  # by src_uri, as rendered

    def on_config(self, config: Any) -> Any:
        root = Path(config.config_file_path or ".").resolve().parent
        with _as_plugin_error():
            self.session = SiteSession(self.config, root, Path(config.docs_dir))
            watched = self.session.watched()
        self.notebooks = NotebookRenderer(self.session.build.cache)
        for directory in watched:  # `mkdocs serve` rebuilds when they change
            if str(directory) not in config.watch:
                config.watch.append(str(directory))
        return config

    def on_files(self, files: Any, config: Any) -> Any:
        """Parse all pages and start running the stale ones; a page waits for its own results
        only when it is rendered, so the rest of the build goes on meanwhile."""
        assert self.session is not None
        sources = []
        for file in list(files):
            if file.inclusion.is_excluded():
                continue  # exclude_docs: not a page of this build, so not run either
            notebook = self.session.is_notebook(file.src_uri)
            if notebook:
                files.remove(file)
                files.append(as_notebook_file(file))
            if not (notebook or file.is_documentation_page()):
                continue
            source = file.abs_src_path or self.session.settings.docs_path / file.src_uri
            # a page another plugin generated runs as well
            sources.append((file.src_uri, Path(source), file.content_string))
        with _as_plugin_error():
            self.session.load(sources)
        return files

    def on_nav(self, nav: Any, config: Any, files: Any) -> Any:
        self.order = [page.file.src_uri for page in nav.pages]
        return nav

    def on_pre_page(self, page: Any, config: Any, files: Any) -> Any:
        assert self.session is not None
        source = self.session.pages.get(page.file.src_uri)
        if source is not None and source.kind == "notebook":
            page.nb_url = notebook_name(page)
            plugin = self

            def render(self_page: Any, config: Any, files: Any) -> None:
                plugin._render_notebook(self_page, source)

            page.render = render.__get__(page)
        return page

    def _render_notebook(self, page: Any, source: Page) -> None:
        assert self.notebooks is not None and self.session is not None
        with _as_plugin_error():
            results = self.session.results(source)
        text = notebook_text(source, results, self.session.build.cache)
        self._keep(page)
        try:
            self.notebooks.render_into(page, text, notebook_name(page))
        except ValueError as error:
            raise PluginError(str(error)) from None

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
        assert self.session is not None
        with _as_plugin_error():
            rendered = self.session.render(page.file.src_uri, markdown)
        self.rendered[page.file.src_uri] = rendered
        if rendered is None:
            return markdown
        self._keep(page)
        return rendered.markdown

    def _keep(self, page: Any) -> None:
        """Remember where a page went, for what is written beside it after the build."""
        folder = Path(page.file.dest_uri).parent.as_posix()
        where = SitePage(page.url, page.title or page.url, "" if folder == "." else folder)
        self.site_pages[page.file.src_uri] = where

    def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
        assert self.session is not None
        rendered = self.rendered.pop(page.file.src_uri, None)
        with _as_plugin_error():
            html = self.session.finish(page.file.src_uri, html, rendered, page.url)
        html = keep_listings_out_of_search(html)
        html, self.svgs[page.file.src_uri] = stash_svgs(html)
        return html

    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        return restore_svgs(output, self.svgs.pop(page.file.src_uri, []))

    def on_post_build(self, config: Any) -> None:
        """Every page must have run, even one that was not rendered; then say what ran."""
        assert self.session is not None and self.notebooks is not None
        self.notebooks.write_styles(Path(config.site_dir))
        rank = {src_uri: index for index, src_uri in enumerate(self.order)}
        pages = dict(sorted(self.site_pages.items(), key=lambda item: rank.get(item[0], len(rank))))
        with _as_plugin_error():
            self.session.write_site(Path(config.site_dir), pages)
        ran = self.session.ran()
        if ran:
            seconds = time.perf_counter() - self.session.started
            log.info(f"literate: ran {len(ran)} page(s) within {seconds:.1f} s: {', '.join(ran)}")

    def on_build_error(self, error: Exception) -> None:
        if self.session is not None:
            self.session.cancel()


@contextmanager
def _as_plugin_error() -> Iterator[None]:
    """The engine's errors as MkDocs's: a PluginError stops the build with its message."""
    try:
        yield
    except SiteError as error:
        raise PluginError(str(error)) from None
