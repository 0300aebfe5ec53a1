"""The build engine as the Python-Markdown extension zensical.yml lists (Zensical runs no MkDocs
plugin): before Markdown, a page's fences become their code and output tokens; after it, the
page's HTML is finished. Both are the build's SiteSession's work (site_session.py)."""

from dataclasses import dataclass
from typing import Any
from xml.etree.ElementTree import Element

from markdown import Extension, Markdown
from markdown.postprocessors import Postprocessor
from markdown.preprocessors import Preprocessor
from markdown.treeprocessors import Treeprocessor

from literate.frontends.site_session import SiteSession
from literate.frontends.zensical_pages import page_addresses, page_of, page_url
from literate.present.html import Rendered


@dataclass
class _PageState:
    """What the preprocessor of one page leaves for its postprocessor."""

    path: str = ""
    session: SiteSession | None = None
    rendered: Rendered | None = None
    document: bool = False  # postprocessors now run on the page, not on a heading's text


class _RunPage(Preprocessor):
    def __init__(self, md: Markdown, render_key: str, state: _PageState) -> None:
        super().__init__(md)
        self.render_key, self.state = render_key, state

    def run(self, lines: list[str]) -> list[str]:
        pages, self.state.path = page_of(self.md, self.render_key)
        self.state.session = pages.session
        self.state.rendered = pages.session.render(self.state.path, "\n".join(lines))
        return lines if self.state.rendered is None else self.state.rendered.markdown.split("\n")


class _FillPage(Postprocessor):
    def __init__(self, md: Markdown, state: _PageState) -> None:
        super().__init__(md)
        self.state = state

    def run(self, text: str) -> str:
        state = self.state
        if not state.document or state.session is None:
            return text
        base, download = page_addresses(state.path)
        url = page_url(state.path)  # what a <style>'s addresses are relative to
        return state.session.finish(state.path, text, state.rendered, base, download, url)


class _MarkDocument(Treeprocessor):
    """Last: postprocessors then see the whole page (the TOC runs them on each heading's)."""

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
        state, key = _PageState(), self.getConfig("render_key")
        md.preprocessors.register(_RunPage(md, key, state), "literate", 1000)  # first, as MkDocs's
        md.treeprocessors.register(_MarkDocument(md, state), "literate", -1000)  # last
        md.postprocessors.register(_FillPage(md, state), "literate", -1000)


def makeExtension(**kwargs: Any) -> LiterateExtension:  # the name Markdown looks up
    return LiterateExtension(**kwargs)
