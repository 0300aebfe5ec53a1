"""What the browser's runner needs of a page: its blocks in page order (what setting the page
up needs in the page, their code in a file fetched on intent), and which of them only the build
can run.

The browser's Python (Pyodide, without wheels) has micrograd, spelled_out, graphviz and a
small stand-in for matplotlib's pyplot (literate/browser/packages), but not PyTorch or NumPy. A
block is build-only when it imports one of those, when its fence says why the browser cannot run
it (`build_only="..."`: a graph too deep for the browser's stack, say), or when it uses a name
that a build-only block bound in the page's namespace (a tensor made two blocks earlier, say;
not a comprehension's variable or a function's local: literate/present/scopes.py).
"""

from __future__ import annotations

import ast
import hashlib
import html
import json
import re
import typing
from dataclasses import dataclass

from literate.contracts import (
    BlockEntry,
    BlockInPage,
    BlockListFile,
    BlocksInPage,
    ExerciseInPage,
    InlineValueEntry,
)
from literate.present.scopes import page_names

BUILD_ONLY_PACKAGES = frozenset({"torch", "numpy"})


# What the page's setup reads of a block and an exercise (contracts.py); the rest on intent.
BLOCK_IN_PAGE = tuple(BlockInPage.__annotations__)
EXERCISE_IN_PAGE = tuple(ExerciseInPage.__annotations__)


@dataclass(frozen=True)
class BlockList:
    """The page's blocks for the browser's runner, in two parts: what setting the page up
    needs, in the page (`html`), and their code, the exercises' checks and the inline values to
    recompute, in a file (`text`, at `name` under the site's assets/) that the runner fetches on
    the reader's intent, as it starts Python. Most of a page's weight is its blocks' code."""

    html: str
    name: str
    text: str


def block_list(
    name: str, path: str, blocks: list[BlockEntry], values: list[InlineValueEntry] | None = None
) -> BlockList:
    """`name`: the file's path under assets/ ("blocks/chain-rule.json")."""
    whole: BlockListFile = {"path": path, "blocks": blocks, "values": values or []}
    text = json.dumps(whole, separators=(",", ":"))
    version = hashlib.sha256(text.encode()).hexdigest()[:12]  # a rebuilt page's, fetched anew
    listed: BlocksInPage = {
        "path": path,
        "blocks": [_in_page(block) for block in blocks],
        "source": f"{name}?v={version}",
    }
    # an attribute, not a <script>: Material's instant navigation would run a script's JSON as
    # JavaScript; in single quotes, so that JSON's many double quotes need no escaping
    data = html.escape(json.dumps(listed, separators=(",", ":")), quote=False)
    data = data.replace("'", "&#x27;")
    return BlockList(f"<div class=\"lit-blocks\" hidden data-lit-page='{data}'></div>", name, text)


def _in_page(block: BlockEntry) -> BlockInPage:
    light = {key: value for key, value in block.items() if key in BLOCK_IN_PAGE}
    if "exercise" in block:
        light["exercise"] = {key: block["exercise"][key] for key in EXERCISE_IN_PAGE}
    return typing.cast(BlockInPage, light)


def mark_build_only(blocks: list[BlockEntry]) -> None:
    """Set each block's "browser" flag, in page order. A name is tainted from the moment a
    build-only block binds it until a block the browser can run binds it again."""
    mentions = re.compile(r"\b(" + "|".join(sorted(BUILD_ONLY_PACKAGES)) + r")\b")
    said = any(block.get("build_only") for block in blocks)
    if not said and not any(mentions.search(block["code"]) for block in blocks):
        for block in blocks:  # the common page: nothing to trace
            block["browser"] = True
        return
    tainted: set[str] = set()
    for block in blocks:
        try:
            statements = ast.parse(block["code"]).body
        except SyntaxError:
            block["browser"] = True  # the reader will see the error, as the build would
            continue
        seen = set(tainted)
        block["browser"] = not block.get("build_only")
        for statement in statements if block["browser"] else []:
            nodes = list(ast.walk(statement))
            bound, loads = page_names(statement)  # a function's own names are not the page's
            packages = set().union(*(_imported_roots(node) for node in nodes)) & BUILD_ONLY_PACKAGES
            borrowed = (loads - bound) & seen
            if packages or borrowed:  # say why, as the toolbar shows it
                block["browser"] = False
                block["build_only"] = (
                    f"it needs {min(packages)}, which the browser does not have"
                    if packages
                    else f"it uses {min(borrowed)}, which a block that runs at build only made"
                )
                break
            seen -= bound
        if block["browser"]:
            tainted = seen
        else:
            tainted |= {name for statement in statements for name in page_names(statement)[0]}


def _imported_roots(node: ast.AST) -> set[str]:
    if isinstance(node, ast.Import):
        return {alias.name.split(".")[0] for alias in node.names}
    if isinstance(node, ast.ImportFrom) and node.module and not node.level:
        return {node.module.split(".")[0]}
    return set()
