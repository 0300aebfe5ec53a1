"""Inline values in prose: literal Markdown text (notebooks), or placeholder tokens that the
site swaps for a marked span after Markdown has run, so that no value can be read as syntax
and a value that Markdown lost is caught at its line."""

from __future__ import annotations

import html
import re

from literate.parse.page import Inline

# Every ASCII character that Markdown, its extensions (arithmatex, tables, attr_list) or HTML
# could read as syntax anywhere in a line. In an inline value each becomes a numeric character
# reference, which nothing reinterprets and the browser shows as the character itself.
_SYNTAX = re.compile(r"[\\`*_\[\](){}<>#+!|$&~^]")
# ... and what is syntax only at the start of a line: a list item (- 1. 2)), a heading
# underline (= -), a definition (:).
_LINE_START = re.compile(r"^()([-=:])|^(\d+)([.])(?=\s|$)")
# What may come before a value that starts its line's content: indentation and the markers of
# blockquotes and list items.
_CONTAINER_PREFIX = re.compile(r"[ \t]*(?:(?:>[ \t]?)+|[-*+][ \t]+|\d+[.)][ \t]+)*[ \t]*")
_ATX_HEADING = re.compile(r"[ \t]*(?:>[ \t]?)*#{1,6}(?:[ \t]|$)")
_SETEXT_UNDERLINE = re.compile(r" {0,3}(?:=+|-+)[ \t]*")
# An HTML start tag, attributes and all (Markdown writes `<` and `>` in an attribute as
# references, so neither ends one early).
_START_TAG = re.compile(r"<[A-Za-z][^<>]*>")


def escape_inline(text: str, line_start: bool = False) -> str:
    """A value as literal text inside Markdown prose (`line_start`: it begins its line)."""
    escaped = _SYNTAX.sub(lambda match: f"&#{ord(match.group())};", text)
    # spaces at either end: a code block when leading, a line break when trailing
    core = escaped.lstrip(" ")
    lead = len(escaped) - len(core)
    trail = len(core) - len(core.rstrip(" "))
    escaped = "&#32;" * lead + core.rstrip(" ") + "&#32;" * trail
    if line_start:
        escaped = _LINE_START.sub(_reference_last, escaped)
    return escaped


def _reference_last(match: re.Match[str]) -> str:
    """The match with its syntax character (the last group that matched) as a reference."""
    prefix, char = [group for group in match.groups() if group is not None][-2:]
    return f"{prefix}&#{ord(char)};"


def literal_value(text: str, inline: Inline, value: str) -> str:
    """The value as Markdown text at its place in `text` (its line, values after it filled)."""
    return escape_inline(value, line_start=starts_content(text, inline))


def starts_content(text: str, inline: Inline) -> bool:
    """Whether the value comes first in its line's content (after container markers)."""
    return bool(_CONTAINER_PREFIX.fullmatch(text[: inline.start]))


def is_heading(text: str, next_text: str | None) -> bool:
    """An ATX heading line, or a setext one (the next line underlines it). Its text makes the
    heading's anchor, so a value there stays literal text rather than a token."""
    if _ATX_HEADING.match(text):
        return True
    underlined = next_text is not None and bool(_SETEXT_UNDERLINE.fullmatch(next_text))
    return underlined and bool(text.strip())


def value_span(inline: Inline, value: str) -> str:
    """The HTML a token becomes: the value, marked with its line for the reader's runtime."""
    return f'<span class="lit-inline" data-lit-line="{inline.line}">{html.escape(value)}</span>'


def in_tags(page_html: str, tokens: list[str]) -> list[str]:
    """The tokens that stand inside an HTML tag (in an image's alt text, a link's title or
    address), where a value's span would break the tag."""
    tags = "\n".join(_START_TAG.findall(page_html))
    return [token for token in tokens if token in tags]
