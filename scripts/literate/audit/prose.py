"""A page's prose as sentences, each with the file line it starts on.

Prose is the Markdown the reader reads as text: a Markdown page's, or the Markdown cells of a
percent-format notebook (each cell read as a page of its own, at its lines in the `.py` file).
What is code is decided by the build's own parser (`literate.parse.markdown`): its fence,
indented-code and HTML-comment rules skip the same lines here as there. Front matter,
headings, display maths, link definitions and table rulers are skipped too. Admonition and tab
titles, list items, blockquotes, footnotes and table rows are prose (a row is read as one
unit, its cells as it separates them).

Each sentence keeps its Markdown (`text`) and a `masked` copy in which code spans, inline
values, maths, link targets and HTML tags are blanked, character by character, with one
private-use character per kind, so that the claim rules never read a number inside code or maths.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from literate.parse.markdown import _FENCE_OPEN, CODE_SPAN, _find_close, _indented_code
from literate.parse.page import Page
from literate.shortcuts import parse_refusals

CODE, INLINE, OTHER = "\ue000", "\ue001", "\ue002"  # blanks for code, inline values, the rest

_CODE_SPAN = re.compile(CODE_SPAN.pattern, re.DOTALL)  # a span may wrap within its paragraph
_MATHS = re.compile(
    r"\$\$.+?\$\$|\\\(.+?\\\)|\\\[.+?\\\]|(?<![\\$\w])\$(?=\S)(?:\\.|[^$\\])+?(?<=\S)\$(?!\d)",
    re.DOTALL,
)
# Link targets ([text](url), [text][ref], images), footnote references, bare and angle URLs,
# HTML tags and attr_list braces: none of them is read.
_NOT_READ = re.compile(
    r"(?<=\])\([^)\s]*(?:\s+\"[^\"]*\")?\)|(?<=\])\[[^\]]*\]|\[\^[^\]]+\]|<https?:[^>]*>"
    r"|https?://\S+|<!--.*?-->|</?[A-Za-z][^>]*>|\{:?[ \t]*[.#][^}]*\}"
)
# A sentence ends at . ! or ? (and any closing quote, bracket or emphasis) before a space,
# unless the dot ends an abbreviation.
_SENTENCE_END = re.compile(
    r"(?<!\be\.g)(?<!\bi\.e)(?<!\betc)(?<!\bvs)(?<!\bcf)[.!?][\"')\]*_]*(?=\s)"
)
_SKIPPED_LINE = re.compile(
    r"#{1,6}(\s|$)|\|?[ \t]*:?-{3,}:?[ \t]*(\|[ \t]*:?-{3,}:?[ \t]*)*\|?[ \t]*$"  # heading, ruler
    r"|\[[^\]^]+\]:\s|\*\[[^\]]+\]:|([-*_][ \t]*){3,}$"  # link def, abbreviation, thematic break
)
_BOX = re.compile(r"(?:!!!|\?\?\?\+?|===\+?)[ \t]+(?:[\w-]+(?:[ \t]+[\w-]+)*)?[ \t]*")
_QUOTE = re.compile(r"^(?:>[ \t]?)+")  # blockquote markers: the lines of a quote join up
_MARKERS = re.compile(r"(?:[-*+][ \t]+|\d+[.)][ \t]+|\[\^[^\]]+\]:[ \t]*|:[ \t]+)*")


@dataclass(frozen=True)
class Sentence:
    line: int  # the file line of its first character
    text: str  # its Markdown, whitespace collapsed
    masked: str  # the same, with code, inline values, maths and links blanked


def sentences(page: Page) -> list[Sentence]:
    """Every prose sentence of a Markdown page or of a notebook's Markdown cells, and every
    one its fences show the reader, in page order."""
    found: list[Sentence] = []
    for part in [*_prose_parts(page), *_fence_prose(page)]:
        for line, text in paragraphs(part):
            found.extend(split_sentences(text, line))
    return sorted(found, key=lambda sentence: sentence.line)


_SHOWN_OPTIONS = ("title", "varies", "build_only")  # words a fence's options put on the page


def _fence_prose(page: Page) -> list[Page]:
    """What the fences say to the reader in words, each as a page at its lines: a block's
    title, its note that its output varies and why it runs at build only (at its opening
    line); an exercise's hints, success message and refusals (at theirs)."""
    parts = []
    for block in page.blocks:
        for option in _SHOWN_OPTIONS:
            if block.options.get(option):
                parts.append(Page(page.path, [block.options[option]], block.line, []))
        exercise = block.exercise
        if exercise is not None:
            for part in (exercise.hint, exercise.success):
                parts.append(Page(page.path, part.text_lines, part.line, []))
            if exercise.refuse is not None:  # `names: sentence` entries: the sentence is shown
                said = [sentence for _, sentence in parse_refusals(exercise.refuse.text)]
                parts.append(
                    Page(page.path, "\n\n".join(said).split("\n"), exercise.refuse.line, [])
                )
    return parts


def _prose_parts(page: Page) -> list[Page]:
    """The page itself, or each Markdown cell of a notebook as a page starting at its line."""
    if page.kind != "notebook":
        return [page]
    cells = sorted(page.markdown_cells.items())  # by the line of the cell's `# %%` marker
    return [Page(page.path, text.split("\n"), line + 1, []) for line, text in cells]


def paragraphs(page: Page) -> list[tuple[int, str]]:
    """The page's prose as (first line, text) units: paragraphs, list items, titles, cells;
    the lines of a unit are joined by newlines."""
    lines, units, current = page.lines, [], []
    index, start, in_comment, code_above = 0, 0, False, False

    def close() -> None:
        if current:
            units.append((start, "\n".join(current)))
            current.clear()

    if lines and lines[0].strip() == "---" and page.first_line == 1:  # YAML front matter
        index = next((i + 1 for i in range(1, len(lines)) if lines[i].strip() in ("---", "...")), 0)
    while index < len(lines):
        number, line = page.first_line + index, lines[index]
        stripped = _QUOTE.sub("", line.strip())
        if in_comment or stripped.startswith("<!--"):  # as parse_page: not shown
            in_comment = "-->" not in line[line.find("<!--") + 4 if not in_comment else 0 :]
            close()
            index += 1
            continue
        opening = _FENCE_OPEN.match(line)
        if opening and not (opening["fence"][0] == "`" and "`" in opening["info"]):
            close()
            index = _find_close(lines, index, opening["fence"]) + 1
            continue
        code_above = _indented_code(lines, index, code_above)
        if stripped.startswith("$$") and not (len(stripped) > 2 and stripped.endswith("$$")):
            close()  # display maths over several lines
            index = next((i for i in range(index + 1, len(lines)) if "$$" in lines[i]), index) + 1
            continue
        if code_above or not stripped or _SKIPPED_LINE.match(stripped) or stripped[:2] == "$$":
            close()
        elif stripped.startswith("|") or (current == [] and " | " in stripped):
            close()
            units.append((number, stripped.strip("|").strip()))  # a table row reads as one
        elif box := _BOX.match(stripped):
            close()
            title = stripped[box.end() :].strip().strip('"')
            if title:
                units.append((number, title))
        else:
            content = stripped[_MARKERS.match(stripped).end() :]
            if content != stripped:  # a list item or footnote starts a unit
                close()
            if not current:
                start = number
            current.append(content)
        index += 1
    close()
    return units


def mask(text: str) -> str:
    """text with code spans, inline values, maths and unread Markdown blanked (same length)."""

    def blank(char: str):
        return lambda match: re.sub(r"[^\n]", char, match[0])

    def code(match: re.Match[str]) -> str:
        inline = match[0].startswith("`{python}") and not match[0].startswith("``")
        return blank(INLINE if inline else CODE)(match)

    text = _CODE_SPAN.sub(code, text)
    text = _MATHS.sub(blank(OTHER), text)
    return _NOT_READ.sub(blank(OTHER), text)


def split_sentences(text: str, first_line: int) -> list[Sentence]:
    """The sentences of one prose unit whose first line is first_line."""
    masked = mask(text)
    found, begin = [], 0
    ends = [match.end() for match in _SENTENCE_END.finditer(masked)]
    for end in [*ends, len(text)]:
        piece = text[begin:end]
        lead = len(piece) - len(piece.lstrip())
        if piece.strip():
            line = first_line + text.count("\n", 0, begin + lead)
            found.append(Sentence(line, _collapse(piece), _collapse(masked[begin:end])))
        begin = end
    return found


def _collapse(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def plain(text: str) -> str:
    """What a quote is compared as: links as their text, no backticks, emphasis or escapes,
    whitespace collapsed."""
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)|!?\[([^\]]*)\]\[[^\]]*\]", r"\1\2", text)
    return _collapse(re.sub(r"[`*_\\]", "", text))
