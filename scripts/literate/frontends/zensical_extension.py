"""The build engine as a Python-Markdown extension, the front end Zensical runs (it ignores
MkDocs plugins, but runs the extensions listed under `markdown_extensions`):

    markdown_extensions:
      - literate.frontends.zensical_extension:
          render_key: !ENV [LITERATE_RENDER_KEY, ""]

Before Markdown, a page's executable fences and inline values become their code and output
tokens; after Markdown, the page's HTML is finished: both are the SiteSession's work
(site_session.py), as under MkDocs. The page's path comes from Zensical's rendering context,
the one piece of Zensical this module reads.
What is written beside the pages is zensical_site.py's work.
"""

from __future__ import annotations

import posixpath
from typing import Any
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from literate.frontends.page_parts import notebook_file_name
from literate.frontends.site_session import SiteError, SiteSession
from literate.frontends.zensical_pages import for_config, page_url
from literate.present.html import Rendered

# Before every other preprocessor, as MkDocs's on_page_markdown is; after every postprocessor.
FIRST, LAST = 1000, -1000


class _PageState:
    """What the preprocessor of one page leaves for its postprocessor."""

    def __init__(self) -> None:
        self.path = ""
        self.session: SiteSession | None = None
        self.rendered: Rendered | None = None
        self.document = False  # postprocessors now run on the page, not on a heading's text


class _RunPage(Preprocessor):
    def __init__(self, md: Markdown, render_key: str, state: _PageState) -> None:
        super().__init__(md)
        self.render_key, self.state = render_key, state

    def run(self, lines: list[str]) -> list[str]:
        context = _context(self.md)
        pages = for_config(context.config)
        pages.check_render_key(self.render_key)
        self.state.path, self.state.session = context.page.path, pages.session
        self.state.rendered = pages.session.render(context.page.path, "\n".join(lines))
        return lines if self.state.rendered is None else self.state.rendered.markdown.split("\n")


class _FillPage(Postprocessor):
    def __init__(self, md: Markdown, state: _PageState) -> None:
        super().__init__(md)
        self.state = state

    def run(self, text: str) -> str:
        session = self.state.session
        if not self.state.document or session is None:
            return text
        path = self.state.path
        # Zensical resolves a page's addresses from its source file's folder
        folder = posixpath.dirname(path)
        download = source_relative(path, page_url(path) + notebook_file_name(path))
        return session.finish(
            path, text, self.state.rendered, f"{folder}/" if folder else "", download
        )


class _MarkDocument(Treeprocessor):
    """Runs after every other tree processor: from here on, postprocessors see the whole page
    (before, the table of contents runs them on each heading's text)."""

    def __init__(self, md: Markdown, state: _PageState) -> None:
        super().__init__(md)
        self.state = state

    def run(self, root: Element) -> None:
        self.state.document = True


class LiterateExtension(Extension):
    def __init__(self, **kwargs: Any) -> None:
        self.config = {"render_key": ["", "what the pages depend on (zensical_pages.render_key)"]}
        super().__init__(**kwargs)

    def extendMarkdown(self, md: Markdown) -> None:
        state = _PageState()
        render_key = self.getConfig("render_key")
        md.preprocessors.register(_RunPage(md, render_key, state), "literate", FIRST)
        md.treeprocessors.register(_MarkDocument(md, state), "literate", LAST)
        md.postprocessors.register(_FillPage(md, state), "literate", LAST)


def source_relative(source: str, target: str) -> str:
    """The link from the Markdown file at source to target (both docs-relative)."""
    return posixpath.relpath(target, posixpath.dirname(source) or ".")


def _context(md: Markdown) -> Any:
    """Zensical's rendering context of the page (its path, the build's configuration)."""
    try:
        from zensical.extensions.context import ContextPreprocessor
    except ImportError:
        context = None
    else:
        context = ContextPreprocessor.from_markdown(md)
    if context is None:
        raise SiteError(
            "literate.frontends.zensical_extension runs under Zensical only (it needs the "
            "page's path from Zensical's rendering context); MkDocs uses the plugin"
        )
    return context


def makeExtension(**kwargs: Any) -> LiterateExtension:  # the name Markdown looks up
    return LiterateExtension(**kwargs)
