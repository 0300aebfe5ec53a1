"""Find a Markdown page's executable fences and inline values, with their line numbers.

An executable block is a fenced block whose info string is `python` with `exec="1"`; an inline
value is a one-backtick code span `{python} expr` in prose. Fences inside other fences (for
example a ````markdown fence showing the syntax) are content, never parsed. A fence that looks
executable where it cannot be run (in a blockquote, after a list marker on the same line) is
an error at its line, never skipped.
"""

from __future__ import annotations

import re

from literate.parse.exercise_sections import SectionError, heading_above, split_sections
from literate.parse.inline import find_inlines
from literate.parse.options import OptionError, parse_attributes, validate
from literate.parse.page import Block, Exercise, Item, Page, ParseError, Part, split_lines

_FENCE_OPEN = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>.*?)[ \t]*$")
_EXEC_ATTRIBUTE = re.compile(r"(^|\s)exec\s*=")
# A fence opener with `exec=` anywhere in a line that is not a fence of its own.
_HIDDEN_EXEC_FENCE = re.compile(r"(`{3,}|~{3,})[ \t]*\S*[^`]*?(^|\s)exec\s*=")
CODE_SPAN = re.compile(r"(`+)(?!`).+?(?<!`)\1(?!`)")  # a Markdown code span, backticks and all
# Options that only an executable block takes (`title` is also superfences' own, for any fence).
_LOOKS_EXECUTABLE = re.compile(
    r"(?i)\bexec\b|\b(hide_code|hide_output|raises|timeout|expect|exercise|answer)\s*="
)
# What superfences itself reads on a fence that is only shown; any other `key=` on a python
# fence without exec="1" (a misspelt `exec`, an engine option) would be dropped in silence.
_SHOWN_FENCE_OPTIONS = ("hl_lines", "linenums", "title")
_ATTRIBUTE_KEY = re.compile(r"(?:^|\s)([A-Za-z_][\w-]*)\s*=")
# Lines whose indented content is still Markdown: admonitions, details, tabs, list items,
# footnotes and definitions.
_CONTAINER = re.compile(r"(!!!|\?\?\?\+?|===\+?)[ \t]|([-*+]|\d+[.)]|:)([ \t]|$)|\[\^[^\]]+\]:")


def parse_page(text: str, path: str, first_line: int = 1) -> Page:
    """Parse a page. `first_line` is the file line number of the text's first line."""
    lines = split_lines(text)
    items: list[Item] = []
    index = 0
    in_comment = code_above = False
    while index < len(lines):
        line_number = first_line + index
        line = lines[index]
        if in_comment or line.lstrip().startswith("<!--"):  # an HTML comment: not shown, not run
            in_comment = "-->" not in line[line.find("<!--") + 4 if not in_comment else 0 :]
            index += 1
            continue
        opening = _FENCE_OPEN.match(line)
        if opening and not (opening["fence"][0] == "`" and "`" in opening["info"]):
            close = _find_close(lines, index, opening["fence"])
            block = _read_block(lines, index, close, opening, path, first_line)
            if block is not None:
                items.append(block)
            index = close + 1
            continue
        code_above = _indented_code(lines, index, code_above)
        if not code_above:  # an indented code block shows `{python} x` as written
            _refuse_hidden_fence(line, line_number, path)
            items.extend(find_inlines(line, line_number, path))
        index += 1
    return Page(path=path, lines=lines, first_line=first_line, items=items)


def _refuse_unknown_shown_options(language: str, rest: str, path: str, line_number: int) -> None:
    """A python fence without exec="1" takes only what superfences reads for a shown fence."""
    if language not in ("python", "py"):
        return
    for key in _ATTRIBUTE_KEY.findall(rest):
        if key not in _SHOWN_FENCE_OPTIONS:
            raise ParseError(
                path,
                line_number,
                f'fence option {key!r} on a python fence without exec="1": the block would be '
                f"shown and never run, and {key!r} ignored (a shown fence takes "
                f'{", ".join(_SHOWN_FENCE_OPTIONS)}); to run it, write exec="1"',
            )


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
        if _LOOKS_EXECUTABLE.search(rest):
            raise ParseError(
                path,
                line_number,
                f"fence options {rest!r} look executable but the fence would only be shown: "
                'write them key="value" after the language, with exec="1" (```python exec="1")',
            )
        _refuse_unknown_shown_options(language, rest, path, line_number)
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
    exercise = None
    if options["exercise"]:
        exercise = _read_exercise(body, lines, open_index, options, path, line_number)
    return Block(
        line=line_number,
        end_line=first_line + close_index,
        indent=indent,
        fence=opening["fence"],
        code="\n".join(body) + ("\n" if body else ""),
        options=options,
        exercise=exercise,
    )


def _read_exercise(
    body: list[str], lines: list[str], open_index: int, options: dict, path: str, line: int
) -> Exercise:
    """An exercise's parts (errors at their line); its title defaults to the heading above it
    (kept out of the options, and so out of the cache key: the heading is prose)."""
    try:
        sections = split_sections("\n".join(body))
    except SectionError as error:
        raise ParseError(path, line + 1 + error.offset, str(error)) from None
    title = options["title"] or heading_above(lines, open_index)
    if not title:
        raise ParseError(path, line, 'an exercise needs a heading above it or a title="..."')
    parts = {
        name: Part(section.text, line + 1 + section.offset) for name, section in sections.items()
    }
    return Exercise(slug=options["exercise"], title=title, **parts)


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


def _indented_code(lines: list[str], index: int, code_above: bool) -> bool:
    """Whether the line belongs to an indented code block: indented 4+ columns outside any
    container, after a blank line or another line of such a block."""
    line = lines[index]
    if not line.strip():
        return code_above
    if _columns(line[: len(line) - len(line.lstrip(" \t"))]) < 4:
        return False
    above_blank = index == 0 or not lines[index - 1].strip()
    if not (code_above or above_blank):
        return False
    return not _in_container(lines, index, _columns(line[: len(line) - len(line.lstrip())]))


def _refuse_hidden_fence(line: str, line_number: int, path: str) -> None:
    """A prose line holding an executable-looking fence: Python-Markdown would show it as a
    fence (in a blockquote, say) that this parser cannot run, so it is an error. Code spans
    that quote the syntax (```` ```python exec="1" ````) are prose."""
    if _HIDDEN_EXEC_FENCE.search(CODE_SPAN.sub("", line)):
        where = "a blockquote" if line.lstrip().startswith(">") else "this position"
        raise ParseError(
            path,
            line_number,
            f"an executable fence in {where} cannot be run; put it at the start of its own "
            "line, outside blockquotes (admonitions, tabs and list items work)",
        )
