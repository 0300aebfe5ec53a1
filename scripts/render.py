"""Put results into a page: code fences stay code, outputs become placeholder tokens in their
own paragraphs, swapped for HTML after Markdown has been converted (robust inside admonitions
and tabs, where raw HTML is fragile).
"""

from __future__ import annotations

import hashlib
import html
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from scripts.parse import Block, Inline, Page, split_lines
from scripts.results import ItemResult

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]{}()#+!])")  # Python-Markdown escapes


@dataclass
class Rendered:
    """A page's Markdown with outputs as tokens, and the HTML each token stands for."""

    markdown: str
    fragments: dict[str, str] = field(default_factory=dict)


def escape_inline(text: str) -> str:
    """A value as literal text inside Markdown prose (HTML and Markdown syntax escaped; `|`
    would split a table cell and `$` start math, so they become character references)."""
    escaped = _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))
    return escaped.replace("|", "&#124;").replace("$", "&#36;")


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
            text = text[: inline.start] + escape_inline(result.value or "") + text[inline.end :]
        yield text
        line += 1


def render_markdown(page: Page, results: list[ItemResult]) -> Rendered:
    """The page's Markdown with every executable item replaced by its code and output."""
    nonce = hashlib.sha256(page.path.encode()).hexdigest()[:8]
    rendered = Rendered(markdown="")
    out: list[str] = []
    for part in walk_page(page, results):
        if isinstance(part, str):
            out.append(part)
        else:
            out.extend(_block_markdown(*part, rendered, nonce))
    rendered.markdown = "\n".join(out) + "\n"
    return rendered


def _block_markdown(block: Block, result: ItemResult, rendered: Rendered, nonce: str) -> list[str]:
    indent = block.indent
    lines: list[str] = []
    if not block.options["hide_code"]:
        title = block.options.get("title")
        info = "python" + (f' title="{title}"' if title else "")
        lines.append(f"{indent}{block.fence}{info}")
        lines.extend(f"{indent}{code}" if code else "" for code in split_lines(block.code))
        lines.append(f"{indent}{block.fence}")
    output = "" if block.options["hide_output"] else output_html(result)
    if output:
        # Terminated by "Z", so no token is a prefix of another (X1Z is not inside X10Z).
        token = f"LITERATE{nonce}X{len(rendered.fragments)}Z"
        rendered.fragments[token] = output
        lines.extend(["", f"{indent}{token}", ""])
    return lines or [""]  # a hidden block still separates the paragraphs around it


def output_html(result: ItemResult) -> str:
    """The HTML of a block's output: captured text (escaped), then its displays."""
    parts = []
    for stream in ("stdout", "stderr"):
        text = getattr(result, stream)
        if text:
            parts.append(_pre(text, f"lit-{stream}"))
    if result.raised:
        parts.append(_pre(result.raised, "lit-raised"))
    for display in result.displays:
        parts.append(display_html(display))
    if not parts:
        return ""
    return '<div class="lit-output">' + "".join(parts) + "</div>"


def display_html(display: dict) -> str:
    """Markup only for what the engine's converters produced; everything else is escaped."""
    if display["mime"] in ("image/svg+xml", "text/html"):
        return f'<div class="lit-display">{display["data"]}</div>'
    return _pre(display["data"], "lit-result")


def _pre(text: str, css_class: str) -> str:
    return f'<pre class="{css_class}"><code>{html.escape(text)}</code></pre>'


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
