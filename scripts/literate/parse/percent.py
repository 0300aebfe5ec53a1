"""Notebooks in jupytext's percent format (`# %%` code cells, `# %% [markdown]` prose cells).

Each code cell becomes a Block whose lines are the `.py` file's own, so a traceback names the
file and the line as the reader sees them (`docs/notebooks/moons.py:NN`). Prose cells are
kept on the page (by their marker's line) for the notebook presenter. Any other cell type is
an error at its marker, never dropped.
"""

from __future__ import annotations

import re

from literate.parse.options import DEFAULTS
from literate.parse.page import Block, Page, ParseError, split_lines

_MARKER = re.compile(
    r"^#[ \t]*%%(?P<title>[^\[]*?)[ \t]*(\[(?P<kind>[\w-]+)\])?[ \t]*(?P<rest>.*)$"
)
_HEADER_FENCE = "# ---"


def parse_percent_notebook(text: str, path: str) -> Page:
    lines = split_lines(text)
    start = _after_header(lines, path)
    markers = [i for i in range(start, len(lines)) if re.match(r"#[ \t]*%%", lines[i])]
    if not markers:
        raise ParseError(path, 1, "a percent-format notebook needs at least one '# %%' cell")
    if any(line.strip() for line in lines[start : markers[0]]):
        raise ParseError(path, start + 1, "text before the first '# %%' cell would be lost")
    page = Page(path=path, lines=lines, first_line=1, items=[], kind="notebook")
    for position, index in enumerate(markers):
        end = markers[position + 1] if position + 1 < len(markers) else len(lines)
        body = lines[index + 1 : end]
        while body and not body[-1].strip():
            body.pop()
        match = _MARKER.match(lines[index])
        kind = (match and match["kind"]) or "code"
        if match is None or match["rest"]:
            raise ParseError(path, index + 1, f"cell options are not supported: {lines[index]!r}")
        if kind == "markdown":
            page.markdown_cells[index + 1] = "\n".join(_uncomment(line) for line in body)
        elif kind == "code":
            page.items.append(
                Block(
                    line=index + 1,
                    end_line=index + 1 + len(body),
                    indent="",
                    fence="",
                    code="\n".join(body) + ("\n" if body else ""),
                    options=dict(DEFAULTS),
                )
            )
        else:
            raise ParseError(path, index + 1, f"unknown cell type [{kind}] (code or markdown)")
    return page


def _after_header(lines: list[str], path: str) -> int:
    """The index after the `# ---` ... `# ---` metadata header, if the file starts with one."""
    if not lines or lines[0] != _HEADER_FENCE:
        return 0
    for index in range(1, len(lines)):
        if lines[index] == _HEADER_FENCE:
            return index + 1
    raise ParseError(path, 1, "the '# ---' header is never closed")


def _uncomment(line: str) -> str:
    if line == "#":
        return ""
    return line[2:] if line.startswith("# ") else line
