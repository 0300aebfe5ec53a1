"""Results into a site page: code fences stay code, outputs become placeholder tokens in their
own paragraphs, swapped for HTML after Markdown has been converted (robust inside admonitions
and tabs, where raw HTML is fragile); inline values become literal text.
"""

from __future__ import annotations

import hashlib
import html
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from literate.answers import MIME as ANSWER_MIME
from literate.parse.page import Block, Inline, Page, split_lines
from literate.present.browser import mark_build_only
from literate.present.outputs import cut, kind, pick, raised_line
from literate.present.practice import answer_form_html, exercise_entry, exercise_markdown
from literate.present.svg import inline_svg, inline_svgs_in_html
from literate.results import ItemResult, Output

# What the site shows of a mimebundle, best first.
PRIORITY = ("text/html", "image/svg+xml", "image/png", "text/plain")
SVG_CLASSES = {"graph": "lit-graph", "figure": "lit-figure"}
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


@dataclass
class Rendered:
    """A page's Markdown with outputs as tokens, and the HTML each token stands for; with
    `runnable`, a marker before each shown block and the page's blocks for the browser."""

    markdown: str
    fragments: dict[str, str] = field(default_factory=dict)
    blocks: list[dict] = field(default_factory=list)


class SvgIds:
    """Gives each SVG of a page its own id prefix, so ids of different graphs cannot clash."""

    def __init__(self) -> None:
        self.numbers = itertools.count(1)

    def next_prefix(self) -> str:
        return f"lit{next(self.numbers)}-"


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


def walk_page(page: Page, results: list[ItemResult]) -> Iterator[tuple[Block, ItemResult] | str]:
    """The page in order: each executable block with its result, and every other line with
    its inline values filled in (escaped)."""
    if len(results) < len(page.items):
        raise ValueError(f"{page.path}: {len(page.items)} items but {len(results)} results")
    inlines: dict[int, list[tuple[Inline, ItemResult]]] = {}
    blocks: dict[int, tuple[Block, ItemResult]] = {}
    for item, result in zip(page.items, results):
        if isinstance(item, Block):
            blocks[item.line] = (item, result)
        else:
            inlines.setdefault(item.line, []).append((item, result))
    line = page.first_line
    last = page.first_line + len(page.lines) - 1
    while line <= last:
        if line in blocks:
            yield blocks[line]
            line = blocks[line][0].end_line + 1
            continue
        text = page.line_text(line)
        for inline, result in sorted(inlines.get(line, []), key=lambda pair: -pair[0].start):
            at_start = bool(_CONTAINER_PREFIX.fullmatch(text[: inline.start]))
            value = escape_inline(result.value or "", line_start=at_start)
            text = text[: inline.start] + value + text[inline.end :]
        yield text
        line += 1


def render_markdown(page: Page, results: list[ItemResult], runnable: bool = False) -> Rendered:
    """The page's Markdown with every executable item replaced by its code and output."""
    nonce = hashlib.sha256(page.path.encode()).hexdigest()[:8]
    rendered = Rendered(markdown="")
    ids = SvgIds()
    out: list[str] = []
    for part in walk_page(page, results):
        if isinstance(part, str):
            out.append(part)
            continue
        index = len(rendered.blocks)
        if runnable:
            out.extend(_run_marker(*part, rendered, nonce))
        out.extend(_block_markdown(*part, rendered, nonce, ids, index))
    rendered.markdown = "\n".join(out) + "\n"
    mark_build_only(rendered.blocks)
    return rendered


def _token(rendered: Rendered, nonce: str, fragment: str) -> str:
    # Terminated by "Z", so no token is a prefix of another (X1Z is not inside X10Z).
    token = f"LITERATE{nonce}X{len(rendered.fragments)}Z"
    rendered.fragments[token] = fragment
    return token


def _run_marker(block: Block, result: ItemResult, rendered: Rendered, nonce: str) -> list[str]:
    """The block for the browser's runner, and, before a shown block, the element its
    toolbar goes into (the code and the output follow it)."""
    index = len(rendered.blocks)
    entry = {
        "kind": block.kind,
        "code": block.code,
        "line": block.code_line,
        "quiet": block.quiet,
        "raises": block.raises,
    }
    if block.kind == "exercise":  # graded on request; it changes nothing in the page
        entry.update(code="", exercise=exercise_entry(block, result))
    elif block.kind == "answer":  # checked by the page itself, without Python
        entry.update(code="")
    rendered.blocks.append(entry)
    if block.kind != "code":
        return []
    marker = f'<div class="lit-run" data-lit-block="{index}"></div>'
    return ["", f"{block.indent}{_token(rendered, nonce, marker)}", ""]


def _block_markdown(
    block: Block, result: ItemResult, rendered: Rendered, nonce: str, ids: SvgIds, index: int
) -> list[str]:
    indent = block.indent
    if block.kind == "exercise":
        return exercise_markdown(block, index, lambda markup: _token(rendered, nonce, markup))
    if block.kind == "answer":
        return ["", f"{indent}{_token(rendered, nonce, output_html(result, ids))}", ""]
    lines: list[str] = []
    if block.kind == "code":
        title = block.title
        info = "python" + (f' title="{title}"' if title else "")
        lines.append(f"{indent}{block.fence}{info}")
        lines.extend(f"{indent}{code}" if code else "" for code in split_lines(block.code))
        lines.append(f"{indent}{block.fence}")
    output = "" if block.quiet else output_html(result, ids)
    if output:
        lines.extend(["", f"{indent}{_token(rendered, nonce, output)}", ""])
    return lines or [""]  # a hidden block still separates the paragraphs around it


def output_html(result: ItemResult, ids: SvgIds | None = None) -> str:
    """The HTML of a block's outputs, in order; captured text is escaped."""
    ids = ids or SvgIds()
    parts = [_one_output(output, ids) for output in result.outputs]
    if not parts:
        return ""
    # outputs (numbers, tables, graphs) are noise in the search index: Material skips them
    return '<div class="lit-output" data-search-exclude>' + "".join(parts) + "</div>"


def _one_output(output: Output, ids: SvgIds) -> str:
    if output["output_type"] == "stream":
        return _pre(output["text"], f"lit-{output['name']}")
    if output["output_type"] == "error":
        return _pre(raised_line(output), "lit-raised")
    if ANSWER_MIME in output["data"]:
        return answer_form_html(output["data"][ANSWER_MIME], ids.next_prefix())
    mime = pick(output, PRIORITY)
    data = output["data"][mime]
    svg_class = SVG_CLASSES.get(kind(output), "lit-graph")
    if mime == "image/svg+xml":
        return _display(inline_svg(data, ids.next_prefix(), svg_class))
    if mime == "text/html":
        return _display(inline_svgs_in_html(data, ids.next_prefix, svg_class))
    if mime == "image/png":
        alt = html.escape(output["data"].get("text/plain", "image"), quote=True)
        return _display(f'<img src="data:image/png;base64,{data}" alt="{alt}">')
    return _pre(data, "lit-result")


def _display(markup: str) -> str:
    return f'<div class="lit-display">{markup}</div>'


def _pre(text: str, css_class: str) -> str:
    return f'<pre class="{css_class}"><code>{html.escape(cut(text))}</code></pre>'


def download_link_html(
    filename: str, label: str = "Download this page as a Jupyter notebook"
) -> str:
    name = html.escape(filename)
    return (
        f'<p class="lit-notebook"><a href="{name}" download="{name}">{html.escape(label)}</a></p>'
    )


def swap_placeholders(page_html: str, fragments: dict[str, str]) -> tuple[str, list[str]]:
    """Replace each token (ideally alone in a <p>) by its HTML; return the tokens not found."""
    missing = []
    for token, fragment in fragments.items():
        paragraph = f"<p>{token}</p>"
        if paragraph in page_html:
            page_html = page_html.replace(paragraph, fragment)
        elif token in page_html:
            page_html = page_html.replace(token, fragment)
        else:
            missing.append(token)
    return page_html, missing
