"""What the MkDocs adapter needs of MkDocs's own objects: its files as the session's pages (the
percent-format notebooks among them made pages), a notebook page rendered by nbconvert from the
session's results, where a page went in the site, and the session's errors as MkDocs's."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from literate.frontends.notebook_pages import NotebookRenderer, as_notebook_file, notebook_text
from literate.frontends.page_parts import notebook_name
from literate.frontends.site_session import SiteError, SitePage, SiteSession
from literate.parse import Page


@contextmanager
def as_plugin_error() -> Iterator[None]:
    """The engine's errors as MkDocs's: a PluginError stops the build with its message."""
    try:
        yield
    except SiteError as error:
        raise PluginError(str(error)) from None


def page_sources(files: Any, session: SiteSession) -> list[tuple[str, Path, str]]:
    """Every page of the build (docs-relative path, file, text), a page another plugin
    generated included; each notebook the settings name becomes a page in `files`."""
    sources = []
    for file in list(files):
        if file.inclusion.is_excluded():
            continue  # exclude_docs: not a page of this build, so not run either
        notebook = session.is_notebook(file.src_uri)
        if notebook:
            files.remove(file)
            files.append(as_notebook_file(file))
        if not (notebook or file.is_documentation_page()):
            continue
        source = file.abs_src_path or session.settings.docs_path / file.src_uri
        sources.append((file.src_uri, Path(source), file.content_string))
    return sources


def render_as_notebook(page: Any, source: Page, session: SiteSession, renderer: NotebookRenderer):
    """Make MkDocs render the page as its notebook, executed by the session, when it renders it."""
    page.nb_url = notebook_name(page)

    def render(self_page: Any, config: Any, files: Any) -> None:
        with as_plugin_error():
            results = session.results(source)
        text = notebook_text(source, results, session.build.cache)
        try:
            renderer.render_into(self_page, text, notebook_name(self_page))
        except ValueError as error:
            raise PluginError(str(error)) from None

    page.render = render.__get__(page)


class PagePlaces:
    """Where MkDocs put each page it rendered, for what is written beside the pages."""

    def __init__(self) -> None:
        self.places: dict[str, SitePage] = {}  # by src_uri
        self.order: list[str] = []  # src_uris in navigation order (on_nav)

    def keep(self, page: Any) -> None:
        folder = Path(page.file.dest_uri).parent.as_posix()
        where = SitePage(page.url, page.title or page.url, "" if folder == "." else folder)
        self.places[page.file.src_uri] = where

    def in_order(self) -> dict[str, SitePage]:
        """The pages in navigation order (a page outside the navigation last)."""
        rank = {src_uri: index for index, src_uri in enumerate(self.order)}
        return dict(sorted(self.places.items(), key=lambda item: rank.get(item[0], len(rank))))


def watch(config: Any, session: SiteSession) -> None:
    """`mkdocs serve` rebuilds when the packages or the browser code change, as for docs/."""
    with as_plugin_error():
        watched = [str(directory) for directory in session.watched()]
    config.watch.extend(folder for folder in watched if folder not in config.watch)
