"""Shared helpers for the build engine's tests."""

from __future__ import annotations

import textwrap
from pathlib import Path

from scripts.parse import Page, parse_page
from scripts.results import PageRun
from scripts.runner import run_page

REPO_ROOT = Path(__file__).resolve().parents[2]


def page_of(markdown: str, path: str = "docs/t.md") -> Page:
    return parse_page(textwrap.dedent(markdown), path)


def run_markdown(markdown: str, path: str = "docs/t.md", **kwargs) -> tuple[Page, PageRun]:
    page = page_of(markdown, path)
    return page, run_page(page, REPO_ROOT, **kwargs)


def fence(code: str, options: str = "", indent: str = "") -> str:
    """An executable fence (keeps test sources readable)."""
    body = textwrap.dedent(code).strip("\n").split("\n")
    lines = [f'```python exec="1"{" " + options if options else ""}', *body, "```"]
    return "\n".join(indent + line if line else "" for line in lines) + "\n"
