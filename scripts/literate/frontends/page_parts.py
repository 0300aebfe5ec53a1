"""What every site front end does to a page around the build engine: the page as the generator
hands it over (front matter cut) with the file's own line numbers, the notebook download's
name, where the download link goes, and what the search index leaves out."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from literate.parse import Page


def tail_page(markdown: str, full: Page) -> Page:
    """The page as the generator hands it over (front matter cut, blank lines around it
    stripped), with the items parsed from its file at their file lines; ValueError if a line
    of an executable item is not the file's (edited during the build, or changed by a plugin or
    extension that ran before this one)."""
    given = markdown.split("\n")
    while given and not given[-1].strip():
        given.pop()
    kept = len(full.lines)
    while kept and not full.lines[kept - 1].strip():
        kept -= 1
    cut = kept - len(given)  # the generator's lines are the file's last ones
    changed = [
        line
        for item in full.items
        for line in range(item.line, getattr(item, "end_line", item.line) + 1)
        if line - full.first_line < cut
        or given[line - full.first_line - cut].rstrip("\r") != full.line_text(line)
    ]
    if changed:
        raise ValueError(
            f"{full.path}:{changed[0]}: this line of an executable item is not what the site "
            "generator handed over (the file edited while the site was building, or the page "
            "changed by a plugin or extension that runs before literate); build again"
        )
    return replace(full, lines=given, first_line=full.first_line + cut)


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


# What the search index leaves out, by class: a Markdown fence's listing (`highlight`, with or
# without a language class), and in a rendered notebook a code cell's listing, the copy
# button's hidden copy of it, its "In [2]:" prompt and its outputs (as a page's outputs are).
# Each is a div without a div inside: Material's search parser ends a div's exclusion at the
# first </div> it meets, so an outer wrapper would let the rest of its content through.
_UNSEARCHED = (
    "highlight",
    "highlight-ipynb",
    "clipboard-copy-txt",
    "jp-InputPrompt",
    "jp-OutputArea-output",
)
_UNSEARCHED_DIV = re.compile(
    r'<div class="((?:[^"]*\s)?(?:' + "|".join(_UNSEARCHED) + r')(?:\s[^"]*)?)"'
)


def keep_listings_out_of_search(html: str) -> str:
    """Mark code listings so that the search index (fetched by every page on load) skips them:
    search finds the prose that explains the code, whose inline `code` names every function a
    listing uses. Material's search plugin skips an element marked `data-search-exclude`."""
    return _UNSEARCHED_DIV.sub(r'<div class="\1" data-search-exclude', html)
