"""Inline values: one-backtick code spans `{python} expr` in a prose line."""

from __future__ import annotations

import re

from literate.parse.page import Inline, ParseError

INLINE_PREFIX = "{python}"


def find_inlines(line: str, line_number: int, path: str) -> list[Inline]:
    """The `{python} expr` code spans of one prose line (code spans of 2+ backticks skipped)."""
    found: list[Inline] = []
    position = 0
    while position < len(line):
        char = line[position]
        if char == "\\":
            position += 2
            continue
        if char != "`":
            position += 1
            continue
        run = len(line[position:]) - len(line[position:].lstrip("`"))
        opener = line[position : position + run]
        close = _find_run(line, opener, position + run)
        if close < 0:
            position += run
            continue
        content = line[position + run : close]
        if run == 1 and content.startswith(INLINE_PREFIX):
            expr = content[len(INLINE_PREFIX) :].strip()
            if not expr:
                raise ParseError(path, line_number, "empty inline expression `{python} `")
            found.append(Inline(line_number, position, close + run, expr))
        position = close + run
    return found


def _find_run(line: str, opener: str, start: int) -> int:
    """Index of the next backtick run exactly as long as opener, or -1."""
    for match in re.finditer(r"`+", line[start:]):
        if match.group() == opener:
            return start + match.start()
    return -1
