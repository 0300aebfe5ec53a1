"""What every site front end does to a page around the build engine: the page as the generator
hands it over (front matter cut) with the file's own line numbers, the notebook download's
name, and where the download link goes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

from literate.parse import Page


def tail_page(markdown: str, full: Page, text: str) -> Page:
    """The page as MkDocs hands it over (front matter cut), keeping the file's line numbers."""
    from literate.parse.markdown import parse_page

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


def notebook_name(page: Any) -> str:
    """The file name of a MkDocs page's notebook download, next to the page."""
    return notebook_file_name(page.file.src_uri)


def notebook_file_name(src_uri: str) -> str:
    """The file name of the notebook download of the page at src_uri (docs-relative)."""
    return Path(src_uri).stem + ".ipynb"


def insert_after_title(html: str, snippet: str) -> str:
    end = html.find("</h1>")
    if end < 0:
        return snippet + html
    end += len("</h1>")
    return html[:end] + snippet + html[end:]
