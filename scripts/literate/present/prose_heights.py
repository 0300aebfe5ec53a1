"""How long the page's prose is before the browser draws it.

A chapter's paragraphs and lists, with the formulas typeset in them, are a third to half of its
elements. Off-screen, they are not styled or laid out while the page loads (literate.css gives
the ones marked here content-visibility: auto); until the browser draws one it takes a height
from what the build knows: its characters, in lines of the text column (literate.css sets the
column's characters a line at each width), plus its items' spacing. A display formula (a
hundred elements or more each) likewise, its height the one KaTeX wrote into its strut. What
the first screens show is never marked: it is drawn at once, so nothing there moves as the page
appears.

The factors are measured: Material's text in Chromium at 1280 and 390 px (the prose of five
chapters), the em of the paragraph.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

DRAWN_AT_ONCE = 100.0  # em of the page, at a phone's width, drawn as it loads: two screens
PHONE_LINE = 40  # characters a line at a phone's width, for where an element starts
LIST_WIDTH = 0.92  # a list item's text column, against a paragraph's (its marker's indent)
ITEM_ROWS = 0.5 + 0.3125  # a list item's lines beyond its characters: its last, part filled,
# and its spacing (0.5em, in lines of 1.6em)
OTHER_HEIGHT = 4.0  # em, for where what follows starts: an element not prose, without a guess
# A display formula's height, in the em of the page's text: KaTeX's text is 1.21 times it, the
# formula as tall as its strut (its height and depth), within 1em of margin above and below
# (measured: exact at 390 and 1280 px, on backward-rules and chain-rule)
FORMULA_START = '<div class="arithmatex">'
KATEX_EM = 1.21
DISPLAY_MARGINS = 2.0
_STRUTS = {"strut", "katex-strut"}  # KaTeX's (not its "pstrut", a row's)
_STRUT_HEIGHT = re.compile(r"(?:^|;)\s*height:\s*([\d.]+)em")
_SPACES = re.compile(r"\s+")
_GUESSED = re.compile(r"--lit-height: ([\d.]+)em")  # a code block's (placeholders.py)
_MARKED = ("p", "ul", "ol")
_VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "wbr",
}


class _TopLevel(HTMLParser):
    """The page's top-level elements: tag, where its start tag is, whether it has attributes,
    its text's characters (a formula's as drawn, not its MathML) and its list items."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.elements: list[dict] = []
        self.depth = 0
        self.unseen = 0  # depth inside a formula's MathML, read by screen readers only
        self.balanced = True

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if self.depth == 0:
            attributes = dict(attrs)
            self.elements.append(
                {
                    "tag": tag,
                    "position": self.getpos(),
                    "start_tag": self.get_starttag_text() or "",
                    "plain": not attributes,
                    "chars": 0,
                    "items": 0,
                    "strut": 0.0,
                }
            )
        elif tag == "li" and self.depth == 1:
            self.elements[-1]["items"] += 1
        elif _STRUTS & set((dict(attrs).get("class") or "").split()):  # a formula's full height
            height = _STRUT_HEIGHT.search(dict(attrs).get("style") or "")
            if height:
                self.elements[-1]["strut"] = max(self.elements[-1]["strut"], float(height[1]))
        if tag in _VOID:
            return
        self.depth += 1
        if self.unseen or "katex-mathml" in (dict(attrs).get("class") or ""):
            self.unseen += 1

    def handle_startendtag(self, tag: str, attrs: list) -> None:
        if self.depth == 0:
            self.handle_starttag(tag, attrs)  # a top-level void element, counted once
            if tag not in _VOID:
                self.depth -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag in _VOID:
            return
        self.depth -= 1
        self.unseen = max(self.unseen - 1, 0)
        if self.depth < 0:
            self.balanced = False
            self.depth = 0

    def handle_data(self, data: str) -> None:
        if self.depth and self.elements and not self.unseen:
            self.elements[-1]["chars"] += len(_SPACES.sub(" ", data))  # as the browser folds it


def prose_lines(element: dict) -> tuple[float, float]:
    """A paragraph's or list's characters, in a paragraph's text column, and its lines beyond
    them (the last line of each paragraph or item, part filled; an item's spacing)."""
    if element["tag"] == "p":
        return element["chars"], 0.5
    return element["chars"] / LIST_WIDTH, ITEM_ROWS * max(element["items"], 1)


def marked_prose(page_html: str) -> str:
    """The page with each paragraph, list and display formula below the first screens marked
    with its length, for its height before it is drawn (the page unchanged where its elements
    do not balance)."""
    parser = _TopLevel()
    parser.feed(page_html)
    parser.close()
    if not parser.balanced or parser.depth:
        return page_html
    # the parser counts lines at "\n" only (splitlines would also break at \x0c or \u2028)
    line_starts = [0, *(newline.end() for newline in re.finditer("\n", page_html))]
    edits: list[tuple[int, str]] = []
    top = 0.0  # em from the page's top, at a phone's width
    for element in parser.elements:
        line, column = element["position"]
        before_close = line_starts[line - 1] + column + len(element["start_tag"]) - 1
        if element["start_tag"] == FORMULA_START and element["strut"]:
            height = KATEX_EM * element["strut"] + DISPLAY_MARGINS
            if top > DRAWN_AT_ONCE:
                edits.append((before_close, f' style="--lit-height: {height:.2f}em"'))
            top += height
            continue
        prose = element["tag"] in _MARKED and element["plain"]
        if not prose:
            guessed = _GUESSED.search(element["start_tag"])
            top += float(guessed[1]) if guessed else OTHER_HEIGHT
            continue
        chars, rows = prose_lines(element)
        if top > DRAWN_AT_ONCE and element["chars"]:
            edits.append(
                (before_close, f' style="--lit-chars: {chars:.0f}; --lit-rows: {rows:.2f}"')
            )
        top += (chars / PHONE_LINE + rows) * 1.6
    for at, attribute in reversed(edits):
        page_html = page_html[:at] + attribute + page_html[at:]
    return page_html
