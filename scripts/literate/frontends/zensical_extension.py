"""The build engine as a Python-Markdown extension, the front end Zensical runs (it ignores
MkDocs plugins, but runs the extensions listed under `markdown_extensions`):

    markdown_extensions:
      - literate.frontends.zensical_extension:
          render_key: !ENV [LITERATE_RENDER_KEY, ""]

Before Markdown, a page's executable fences and inline values become their code and output
tokens (as the MkDocs plugin's on_page_markdown does); after Markdown, the tokens become the
outputs' HTML, the notebook link goes under the title, and the block list for the browser's
runner and the packages' stylesheets and modules (site_assets.py) before the page, and its maths
is typeset (present/maths.py), KaTeX's stylesheet linked where there is some. The page's
path comes from Zensical's rendering context, the one piece of Zensical this module reads.
What is written beside the pages is zensical_site.py's work.
"""

from __future__ import annotations

import posixpath
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from literate.frontends.page_parts import insert_after_title, notebook_file_name
from literate.frontends.site_assets import SiteAssets
from literate.frontends.zensical_pages import LiterateError, for_config, page_url
from literate.present.html import Rendered, download_link_html
from literate.present.maths import STYLESHEET, MathsError, typeset

# Before every other preprocessor, as MkDocs's on_page_markdown is; after every postprocessor.
FIRST, LAST = 1000, -1000


class _PageState:
    """What the preprocessor of one page leaves for its postprocessor."""

    def __init__(self) -> None:
        self.path = ""
        self.rendered: Rendered | None = None
        self.blocks = ""
        self.assets: SiteAssets | None = None  # the packages' stylesheets and modules
        self.folder = ""  # the page's addresses are relative to its source file's folder
        self.runtime: Path | None = None  # the vendored runtime, KaTeX's for the maths
        self.download = False
        self.document = False  # postprocessors now run on the page, not on a heading's text


class _RunPage(Preprocessor):
    def __init__(self, md: Markdown, render_key: str, state: _PageState) -> None:
        super().__init__(md)
        self.render_key, self.state = render_key, state

    def run(self, lines: list[str]) -> list[str]:
        context = _context(self.md)
        pages = for_config(context.config)
        pages.check_render_key(self.render_key)
        self.state.path = context.page.path
        # addresses relative to the source file's folder: Zensical resolves them from there
        folder = posixpath.dirname(context.page.path)
        self.state.folder = f"{folder}/" if folder else ""
        self.state.assets, self.state.runtime = pages.assets, pages.runtime
        done = pages.render(context.page.path, "\n".join(lines))
        if done is None:
            return lines
        self.state.rendered, self.state.blocks = done
        self.state.download = pages.notebook_downloads
        return done[0].markdown.split("\n")


class _FillPage(Postprocessor):
    def __init__(self, md: Markdown, state: _PageState) -> None:
        super().__init__(md)
        self.state = state

    def run(self, text: str) -> str:
        if not self.state.document:
            return text
        rendered = self.state.rendered
        if rendered is not None:
            try:
                text = rendered.into(text)
            except ValueError as error:
                raise LiterateError(str(error)) from None
            if self.state.download:  # Zensical resolves a page's links from its source file
                name = notebook_file_name(self.state.path)
                href = source_relative(self.state.path, page_url(self.state.path) + name)
                text = insert_after_title(text, download_link_html(name, href=href))
            text = self.state.blocks + text
        try:
            text, maths = typeset(text, self.state.runtime, self.state.path)
        except MathsError as error:
            raise LiterateError(str(error)) from None
        assets = self.state.assets
        styles = (STYLESHEET,) if maths else ()
        return (assets.tags(self.state.folder, styles) if assets else "") + text


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
        raise LiterateError(
            "literate.frontends.zensical_extension runs under Zensical only (it needs the "
            "page's path from Zensical's rendering context); MkDocs uses the plugin"
        )
    return context


def makeExtension(**kwargs: Any) -> LiterateExtension:  # the name Markdown looks up
    return LiterateExtension(**kwargs)
