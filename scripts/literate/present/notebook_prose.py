"""A page's prose as Jupyter reads Markdown: Material's admonitions and tabs made plain.

On the site, `!!! question "Title"` opens a box whose content is indented by four spaces, and
`??? success "Worked answer"` a folded one. Jupyter knows neither: it would show the marker
line as text and the indented content as a code block. In a notebook, then:

    !!! kind "Title"      ->  **Title**, then the content, unindented
    === "Tab"             ->  **Tab**, then the content, unindented
    ??? kind "Title"      ->  <details><summary>Title</summary>, the content, </details>
                              (???+, open on the site, gives <details open>)

Lines inside fenced code are moved left with their box but never read as markers.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass

_MARKER = re.compile(
    r"^(?P<indent> *)(?P<kind>!!!|\?\?\?\+?|===)[ \t]+"
    r"(?:(?P<type>[\w-]+)(?:[ \t]+[\w-]+)*)?[ \t]*(?:\"(?P<title>[^\"]*)\")?[ \t]*$"
)
_FENCE = re.compile(r"^ *(?P<fence>`{3,}|~{3,})")


@dataclass
class _Box:
    content: int  # the indentation of its content
    folded: bool  # shown folded on the site: <details> in the notebook
    title: str
    opened: bool = False  # whether its <details> is open in the current Markdown cell


class ProseConverter:
    """Feed it a page's prose lines in order; it returns them as Jupyter Markdown lines."""

    def __init__(self) -> None:
        self.boxes: list[_Box] = []
        self.fence = ""  # the fence of the code block the lines are in, if any
        self.blank = True  # whether the last line written is blank

    def line(self, text: str) -> list[str]:
        """The lines to write for one line of the page's prose."""
        out = self._line(text)
        if out:
            self.blank = not out[-1]
        return out

    def _line(self, text: str) -> list[str]:
        if not text.strip():
            return [] if self.blank and not self.fence else [""]
        indent = len(text) - len(text.lstrip(" "))
        out: list[str] = []
        if not self.fence:
            while self.boxes and indent < self.boxes[-1].content:
                out += self._close(out[-1] == "" if out else self.blank)
        text = text[min(indent, self._shift()) :]
        out += self._reopen()
        if self.fence:
            closing = text.strip()
            if closing.startswith(self.fence) and set(closing) == {self.fence[0]}:
                self.fence = ""
            return [*out, text]
        fence = _FENCE.match(text)
        if fence:
            self.fence = fence["fence"]
            return [*out, text]
        marker = _MARKER.match(text)
        if marker is None:
            return [*out, text]
        kind, title = marker["kind"], marker["title"]
        if title is None:
            title = (marker["type"] or "").replace("-", " ").capitalize()
        title = html.escape(title, quote=False)
        folded = kind.startswith("???")
        self.boxes.append(_Box(indent + 4, folded, title, opened=folded))
        if folded:
            tag = "<details open>" if kind == "???+" else "<details>"
            return [*out, f"{tag}<summary>{title}</summary>", ""]
        return [*out, f"**{title}**" if title else "", ""]

    @property
    def folded(self) -> bool:
        """Whether the current line is inside a box the site shows folded."""
        return any(box.folded for box in self.boxes)

    def before_code_cell(self) -> list[str]:
        """Close what a code cell cannot sit inside: a folded box (HTML within one cell); the
        prose after the cell reopens it."""
        out: list[str] = []
        for box in reversed(self.boxes):
            if box.opened:
                out += ["</details>"] if self.blank else ["", "</details>"]
                box.opened = False
                self.blank = False
        return out

    def end(self) -> list[str]:
        out: list[str] = []
        while self.boxes:
            out += self._close(out[-1] == "" if out else self.blank)
        return out

    def _shift(self) -> int:
        """How far the lines of the innermost box move left: to the outermost marker's column."""
        if not self.boxes:
            return 0
        return self.boxes[-1].content - (self.boxes[0].content - 4)

    def _reopen(self) -> list[str]:
        out: list[str] = []
        for box in self.boxes:
            if box.folded and not box.opened:
                out += [f"<details><summary>{box.title} (continued)</summary>", ""]
                box.opened = True
        return out

    def _close(self, after_blank: bool) -> list[str]:
        box = self.boxes.pop()
        if not box.opened:
            return []
        return ["</details>", ""] if after_blank else ["", "</details>", ""]
