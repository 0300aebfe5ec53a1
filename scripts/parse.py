"""Find a page's executable fences and inline values, with their line numbers.

An executable block is a fenced block whose info string is `python` with `exec="1"`; an inline
value is a one-backtick code span `{python} expr` in prose. Fences inside other fences (for
example a ````markdown fence showing the syntax) are content, never parsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from scripts.options import OptionError, parse_attributes, validate

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*?)[ \t]*$")
_EXEC_ATTRIBUTE = re.compile(r"(^|\s)exec\s*=")
# Lines whose indented content is still Markdown: admonitions, details, tabs, list items,
# footnotes and definitions.
_CONTAINER = re.compile(r"(!!!|\?\?\?\+?|===\+?)[ \t]|([-*+]|\d+[.)]|:)([ \t]|$)|\[\^[^\]]+\]:")
INLINE_PREFIX = "{python}"


class ParseError(Exception):
    """A page that cannot be read: `path:line: message` (`path: message` when line is 0)."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass
class Block:
    """An executable fenced block. Lines are 1-based lines of the Markdown file."""

    line: int  # the opening fence
    end_line: int  # the closing fence
    indent: str  # indentation of the fence (inside admonitions, tabs, lists)
    fence: str  # the fence characters, e.g. ``` or ~~~~
    code: str  # the code, indentation removed
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def code_line(self) -> int:
        """The line of the block's first line of code."""
        return self.line + 1

    def signature(self, with_line: bool = True) -> list[Any]:
        """What the block's result depends on (for the cache key): its line too, since
        tracebacks and warnings quote it."""
        line = self.line if with_line else None
        return ["block", line, self.code, sorted(self.options.items())]


@dataclass
class Inline:
    """An inline value `{python} expr`; `start`/`end` delimit the code span in its line."""

    line: int
    start: int
    end: int
    expr: str

    def signature(self, with_line: bool = True) -> list[Any]:
        return ["inline", self.line if with_line else None, self.expr]


Item = Block | Inline


@dataclass
class Page:
    """A Markdown page split into lines, with its executable items in page order."""

    path: str  # the path shown in messages and tracebacks, e.g. docs/chain-rule.md
    lines: list[str]  # the file's lines, without line endings
    first_line: int  # the number of lines[0] in the file (1 unless front matter was cut)
    items: list[Item]

    @property
    def blocks(self) -> list[Block]:
        return [item for item in self.items if isinstance(item, Block)]

    def line_text(self, line: int) -> str:
        return self.lines[line - self.first_line]

    @property
    def source(self) -> str:
        """The page text from first_line on, as the worker sees it (for tracebacks)."""
        return "\n".join(self.lines) + "\n"


def split_lines(text: str) -> list[str]:
    """The text's lines as Markdown and Python count them: only \\n, \\r\\n and \\r end a line
    (str.splitlines also breaks at form feeds, U+2028 and others)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline ending the last line does not start another
    return lines


def parse_page(text: str, path: str, first_line: int = 1) -> Page:
    """Parse a page. `first_line` is the file line number of the text's first line."""
    lines = split_lines(text)
    items: list[Item] = []
    index = 0
    while index < len(lines):
        line_number = first_line + index
        opening = _FENCE_OPEN.match(lines[index])
        if opening and not (opening["fence"][0] == "`" and "`" in opening["info"]):
            close = _find_close(lines, index, opening["fence"])
            block = _read_block(lines, index, close, opening, path, first_line)
            if block is not None:
                items.append(block)
            index = close + 1
            continue
        items.extend(_find_inlines(lines[index], line_number, path))
        index += 1
    return Page(path=path, lines=lines, first_line=first_line, items=items)


def _find_close(lines: list[str], open_index: int, fence: str) -> int:
    """Index of the closing fence line (or len(lines) when the fence is never closed)."""
    char, length = fence[0], len(fence)
    closing = re.compile(rf"^[ \t]*{re.escape(char)}{{{length},}}[ \t]*$")
    for index in range(open_index + 1, len(lines)):
        if closing.match(lines[index]):
            return index
    return len(lines)


def _read_block(
    lines: list[str],
    open_index: int,
    close_index: int,
    opening: re.Match[str],
    path: str,
    first_line: int,
) -> Block | None:
    """The executable block at this fence, or None for a fence that is only shown."""
    line_number = first_line + open_index
    language, rest = [*opening["info"].split(None, 1), "", ""][:2]
    if not _EXEC_ATTRIBUTE.search(" " + rest):
        return None
    if language != "python":
        raise ParseError(path, line_number, f"only python fences can be executed, not {language!r}")
    if close_index >= len(lines):
        raise ParseError(path, line_number, "executable fence is never closed")
    try:
        options = validate(parse_attributes(rest))
    except OptionError as error:
        raise ParseError(path, line_number, str(error)) from None
    indent = opening["indent"]
    if _columns(indent) >= 4 and not _in_container(lines, open_index, _columns(indent)):
        raise ParseError(
            path,
            line_number,
            "executable fence indented by a tab or 4+ spaces outside an admonition, tab or list: "
            "Markdown shows it as an indented code block; remove the indentation",
        )
    body = [_dedent(line, indent) for line in lines[open_index + 1 : close_index]]
    return Block(
        line=line_number,
        end_line=first_line + close_index,
        indent=indent,
        fence=opening["fence"],
        code="\n".join(body) + ("\n" if body else ""),
        options=options,
    )


def _columns(indent: str) -> int:
    """The width of leading whitespace, tabs advancing to the next multiple of 4."""
    column = 0
    for char in indent:
        column = column + 4 - column % 4 if char == "\t" else column + 1
    return column


def _in_container(lines: list[str], index: int, column: int) -> bool:
    """Whether a line indented by `column` belongs to a container: walking up, some less
    indented line opens one before a line at column 0 that does not."""
    for line in reversed(lines[:index]):
        stripped = line.lstrip(" \t")
        width = _columns(line[: len(line) - len(stripped)])
        if not stripped or width >= column:
            continue
        if _CONTAINER.match(stripped):
            return True
        if width == 0:
            return False
        column = width
    return False


def _dedent(line: str, indent: str) -> str:
    if line.startswith(indent):
        return line[len(indent) :]
    stripped = line.lstrip(" \t")
    return stripped if len(line) - len(stripped) <= len(indent) else line[len(indent) :]


def _find_inlines(line: str, line_number: int, path: str) -> list[Inline]:
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
