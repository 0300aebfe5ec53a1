"""Limits on the pages themselves: no page under docs/ has more than 30 executable blocks."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
MAX_BLOCKS = 30
EXECUTABLE_FENCE = re.compile(r"^\s*```python exec=")
PAGES = sorted(DOCS.rglob("*.md"))


def executable_blocks(page):
    """How many lines of the page open an executable fence (at any indentation)."""
    return sum(
        1 for line in page.read_text(encoding="utf-8").splitlines() if EXECUTABLE_FENCE.match(line)
    )


def test_there_are_pages_to_check():
    assert len(PAGES) > 10, f"found only {len(PAGES)} pages under {DOCS}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_no_page_has_more_than_30_executable_blocks(page):
    count = executable_blocks(page)
    assert count <= MAX_BLOCKS, f"{page.relative_to(DOCS.parent)} has {count} executable blocks"


def test_the_count_sees_indented_fences(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        '```python exec="1"\n1\n```\n\n'
        '!!! note\n\n    ```python exec="1" hide_code="1"\n    2\n    ```\n'
    )
    assert executable_blocks(page) == 2
