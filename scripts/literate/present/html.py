"""Results into a site page: code fences stay code, outputs become placeholder tokens in their
own paragraphs, swapped for HTML after Markdown has been converted (robust inside admonitions
and tabs, where raw HTML is fragile); inline values become literal text.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from literate.contracts import BlockEntry, InlineValueEntry
from literate.parse.page import Block, Inline, Page
from literate.present.browser import mark_build_only
from literate.present.inline_html import in_tags, is_heading, literal_value, value_span
from literate.present.output_html import SvgIds, output_html
from literate.present.practice_html import exercise_entry, exercise_markdown
from literate.present.toolbars import markers
from literate.results import ItemResult


@dataclass
class Rendered:
    """A page's Markdown with outputs as tokens, and the HTML each token stands for; with
    `runnable`, a marker before each shown block and the page's blocks for the browser."""

    markdown: str
    fragments: dict[str, str] = field(default_factory=dict)
    blocks: list[BlockEntry] = field(default_factory=list)
    origins: dict[str, str] = field(default_factory=dict)  # token -> "page:line: what it is"
    inline: set[str] = field(default_factory=set)  # tokens inside a sentence, not a paragraph
    # each inline value's line, expression and the index of the first block after it, for the
    # browser to recompute it after the reader's runs (in page order; right to left in a line)
    values: list[InlineValueEntry] = field(default_factory=list)

    def into(self, page_html: str) -> str:
        """The converted page with every token swapped for its HTML; ValueError, naming each
        one's page and line, if Markdown lost any (nothing the build computed is dropped) or put
        an inline value inside a tag."""
        inline = [token for token in self.fragments if token in self.inline]
        if inside := in_tags(page_html, inline):
            raise ValueError(
                "\n".join(
                    f"{self.origins[token]} is inside an HTML attribute (an image's alt text, a"
                    " link's title or address), where it cannot be shown; write it in the text"
                    for token in inside
                )
            )
        page_html, missing = swap_placeholders(page_html, self.fragments, self.inline)
        if missing:
            where = "\n".join(self.origins.get(token, token) for token in missing)
            raise ValueError(
                "Markdown lost what the build computed (inside an HTML comment or raw HTML?):\n"
                + where
            )
        return page_html


Fill = Callable[[str, Inline, str], str]  # (line so far, inline, value) -> its Markdown


def walk_page(
    page: Page, results: list[ItemResult], fill: Fill = literal_value
) -> Iterator[tuple[Block, ItemResult] | str]:
    """The page in order: each executable block with its result, and every other line with
    its inline values filled in by `fill` (by default as escaped literal text)."""
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
            value = fill(text, inline, result.value or "")
            text = text[: inline.start] + value + text[inline.end :]
        yield text
        line += 1


def render_markdown(page: Page, results: list[ItemResult], runnable: bool = False) -> Rendered:
    """The page's Markdown with every executable item replaced by its code and output."""
    nonce = hashlib.sha256(page.path.encode()).hexdigest()[:8]
    rendered = Rendered(markdown="")
    ids = SvgIds()
    out: list[str] = []
    marker_tokens: dict[int, str] = {}  # a code block's index -> its marker's token

    def fill(text: str, inline: Inline, value: str) -> str:
        following = inline.line + 1
        below = page.line_text(following) if following < page.first_line + len(page.lines) else None
        if is_heading(text, below):  # its text makes the anchor: literal, not a token
            return literal_value(text, inline, value)
        token = _token(rendered, nonce, value_span(inline, value))
        rendered.values.append(
            {"line": inline.line, "expr": inline.expr, "after": len(rendered.blocks)}
        )
        rendered.inline.add(token)
        rendered.origins[token] = f"{page.path}:{inline.line}: the inline value `{inline.expr}`"
        return token

    for part in walk_page(page, results, fill):
        if isinstance(part, str):
            out.append(part)
            continue
        index, first = len(rendered.blocks), len(rendered.fragments)
        if runnable:
            out.extend(_run_marker(*part, rendered, nonce, marker_tokens))
        out.extend(_block_markdown(*part, rendered, nonce, ids, index))
        for token in list(rendered.fragments)[first:]:
            rendered.origins[token] = f"{page.path}:{part[0].line}: the output of the block"
    rendered.markdown = "\n".join(out) + "\n"
    mark_build_only(rendered.blocks)
    for index, marker in markers(rendered.blocks, list(marker_tokens)).items():
        rendered.fragments[marker_tokens[index]] = marker  # its toolbar, now that it is known
    for entry in rendered.blocks:  # what the browser runs in the page's namespace, in order
        entry["runs"] = entry["browser"] and entry["kind"] in ("code", "setup")
    return rendered


def _token(rendered: Rendered, nonce: str, fragment: str) -> str:
    # Terminated by "Z", so no token is a prefix of another (X1Z is not inside X10Z).
    token = f"LITERATE{nonce}X{len(rendered.fragments)}Z"
    rendered.fragments[token] = fragment
    return token


def _run_marker(
    block: Block, result: ItemResult, rendered: Rendered, nonce: str, tokens: dict[int, str]
) -> list[str]:
    """The block for the browser's runner, and, before a shown block, the element that holds
    its toolbar (filled in once the page is read; the code and the output follow it)."""
    index = len(rendered.blocks)
    entry: BlockEntry = {  # "browser" and "runs" come once the whole page is read (below)
        "kind": block.kind,
        "code": block.code,
        "line": block.code_line,
        "quiet": block.quiet,
        "raises": block.raises,
    }
    said = {"build_only": block.build_only, "varies": block.varies}  # why, in words
    entry.update({key: words for key, words in said.items() if words})
    if block.kind == "exercise":  # graded on request; it changes nothing in the page
        entry.update(code="", exercise=exercise_entry(block, result))
    elif block.kind == "answer":  # checked by the page itself, without Python
        entry.update(code="")
    rendered.blocks.append(entry)
    if block.kind != "code":
        return []
    tokens[index] = _token(rendered, nonce, "")  # filled in with its toolbar (toolbars.py)
    return ["", f"{block.indent}{tokens[index]}", ""]


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
        lines.extend(f"{indent}{code}" if code else "" for code in block.code_lines)
        lines.append(f"{indent}{block.fence}")
    note = f"As built; {block.varies} differ from run to run." if block.varies else ""
    output = "" if block.quiet else output_html(result, ids, note)
    if output:
        lines.extend(["", f"{indent}{_token(rendered, nonce, output)}", ""])
    return lines or [""]  # a hidden block still separates the paragraphs around it


def download_link_html(
    filename: str, label: str = "Download this page as a Jupyter notebook", href: str = ""
) -> str:
    """The link to a page's notebook (href: where it is, if not beside the page's HTML)."""
    name, target = html.escape(filename), html.escape(href or filename)
    return (
        f'<p class="lit-notebook"><a href="{target}" download="{name}">{html.escape(label)}</a></p>'
    )


def swap_placeholders(
    page_html: str, fragments: dict[str, str], inline: set[str] | frozenset[str] = frozenset()
) -> tuple[str, list[str]]:
    """Replace each token by its HTML (a block's token, ideally alone in a <p>, replaces the
    paragraph; an `inline` one only itself); return the tokens not found."""
    missing = []
    for token, fragment in fragments.items():
        paragraph = f"<p>{token}</p>"
        if paragraph in page_html and token not in inline:
            page_html = page_html.replace(paragraph, fragment)
        elif token in page_html:
            page_html = page_html.replace(token, fragment)
        else:
            missing.append(token)
    return page_html, missing
