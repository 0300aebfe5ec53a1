"""Cut a stylesheet down to the rules a set of pages can match.

nbconvert's notebook stylesheet (about 580 KB) styles all of JupyterLab; a notebook page uses a
small part of it. A style rule is kept when one of its selectors names only classes the pages
use (selectors without classes are kept: element, attribute and :root rules); at-rules that
hold rules (@media, @supports) are pruned inside; every other at-rule (@font-face, @keyframes,
@import) is kept whole. Classes added by scripts are not in the pages' HTML: the notebook
pages run none that style notebook cells.
"""

from __future__ import annotations

import re

_CLASS = re.compile(r"\.(-?[_a-zA-Z][\w-]*)")
_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
_NOT = re.compile(r":not\([^()]*\)")
_GROUPING = ("@media", "@supports", "@layer", "@container")


def classes_in(html: str) -> set[str]:
    """Every class name used in an HTML text."""
    used: set[str] = set()
    for value in re.findall(r'class="([^"]*)"', html):
        used.update(value.split())
    return used


def prune(css: str, used: set[str]) -> str:
    return "".join(_prune_rules(_COMMENT.sub("", css), used))


def _prune_rules(css: str, used: set[str]):
    position = 0
    while position < len(css):
        brace = css.find("{", position)
        if brace < 0:
            tail = css[position:].strip()
            if tail:
                yield tail  # a statement at-rule without a block (@import ...;)
            return
        prelude = css[position:brace].strip()
        end = _matching_brace(css, brace)
        body = css[brace + 1 : end]
        position = end + 1
        # statement at-rules (`@charset "x";`) before this block belong to no rule
        while prelude.startswith("@") and ";" in prelude:
            statement, prelude = prelude.split(";", 1)
            yield statement + ";"
            prelude = prelude.strip()
        if prelude.startswith(_GROUPING):
            inner = "".join(_prune_rules(body, used))
            if inner:
                yield f"{prelude}{{{inner}}}"
        elif prelude.startswith("@"):
            yield f"{prelude}{{{body}}}"
        else:
            kept = [s for s in _split_selectors(prelude) if _uses_only(s, used)]
            if kept:
                yield f"{','.join(kept)}{{{body}}}"


def _uses_only(selector: str, used: set[str]) -> bool:
    """Whether every class the selector requires is used (a class in :not(...) is not required)."""
    required = _NOT.sub("", selector)
    return all(name in used for name in _CLASS.findall(required))


def _matching_brace(css: str, start: int) -> int:
    depth = 0
    for index in range(start, len(css)):
        char = css[index]
        if char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
    return len(css) - 1


def _split_selectors(prelude: str) -> list[str]:
    """Split at top-level commas (not those inside :is(...) or [attr="a,b"])."""
    parts, depth, current = [], 0, []
    for char in prelude:
        if char in "([":
            depth += 1
        elif char in ")]":
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(char)
    parts.append("".join(current).strip())
    return [part for part in parts if part]
