"""An exercise fence's sections, and the title it is listed under.

    ```python exec="1" exercise="slope-by-nudging"
    # %% starter
    def slope(f, x, h=0.0001):
        return 0.0
    # %% solution
    def slope(f, x, h=0.0001):
        return (f(x + h) - f(x)) / h
    # %% check
    got = slope(lambda x: x**2, 3.0)
    assert abs(got - 6) < 1e-3, f"slope of x**2 at 3 should be about 6, got {got}"
    # %% hint
    Divide the change in f by the step h.
    # %% success
    Your nudge estimate agrees with the calculus to three decimals.
    ```

starter, solution and check are Python; hint and success are Markdown text (the hint is shown
on request, each of its paragraphs a hint of its own, opened one after another; the success
text when the check passes). Every section is
required and appears once, except `refuse`: the names that would skip the exercise's work,
each with the sentence that says so, switched off while the reader's code runs
(literate/shortcuts.py):

    # %% refuse
    topological_order, trace: The sort is the exercise: write it with a visited set.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from literate.shortcuts import parse_refusals

SECTIONS = ("starter", "solution", "check", "hint", "success")
OPTIONAL_SECTIONS = ("refuse",)
PYTHON_SECTIONS = ("starter", "solution", "check")
_MARKER = re.compile(r"^# %% ?(?P<name>\S*)\s*$")
_SLUG = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
_HEADING = re.compile(r"^ {0,3}#{2,6}[ \t]+(?P<text>.+?)[ \t#]*(\{[^}]*\})?[ \t]*$")


class SectionError(ValueError):
    """A malformed exercise: `offset` is the line within the fence's code (0-based)."""

    def __init__(self, offset: int, message: str):
        super().__init__(message)
        self.offset = offset


@dataclass(frozen=True)
class Section:
    text: str
    offset: int  # the line of the section's first line, counted from the fence's first line


@functools.lru_cache(maxsize=256)  # parsing checks them, rendering reads them: split once
def split_sections(code: str) -> dict[str, Section]:
    """The sections of an exercise fence's code, by name (do not change the dict: it is shared);
    SectionError when malformed."""
    lines = code.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    found: dict[str, tuple[int, list[str]]] = {}
    current: list[str] | None = None
    for offset, line in enumerate(lines):
        marker = _MARKER.match(line)
        if marker:
            name = marker["name"]
            if name not in SECTIONS + OPTIONAL_SECTIONS:
                expected = ", ".join(SECTIONS + OPTIONAL_SECTIONS)
                raise SectionError(offset, f"unknown exercise section '{name}' ({expected})")
            if name in found:
                raise SectionError(offset, f"exercise section '{name}' given twice")
            current = []
            found[name] = (offset + 1, current)
        elif current is None:
            if line.strip():
                raise SectionError(offset, "exercise code before its first '# %% starter' line")
        else:
            current.append(line)
    missing = [name for name in SECTIONS if name not in found]
    if missing:
        raise SectionError(0, f"exercise without its {', '.join(missing)} section(s)")
    sections = {}
    for name, (offset, body) in found.items():
        text = "\n".join(body).strip("\n")
        if not text.strip():
            raise SectionError(offset - 1, f"exercise section '{name}' is empty")
        leading = len(body) - len("\n".join(body).lstrip("\n").split("\n"))
        sections[name] = Section(text + "\n", offset + leading)
    if "refuse" in sections:
        try:
            parse_refusals(sections["refuse"].text)
        except ValueError as error:
            raise SectionError(sections["refuse"].offset, str(error)) from None
    return sections


def check_slug(slug: str) -> str:
    if not _SLUG.fullmatch(slug):
        raise ValueError(f'expected lowercase words joined by hyphens, got "{slug}"')
    return slug


def heading_above(lines: list[str], index: int) -> str | None:
    """The text of the nearest Markdown heading above lines[index] (an exercise's title)."""
    for line in reversed(lines[:index]):
        heading = _HEADING.match(line)
        if heading:  # as plain text: it is shown outside Markdown (progress lists, labels)
            return re.sub(r"[`*]", "", heading["text"]).strip()
    return None
