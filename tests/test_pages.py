"""Limits on the pages themselves, counted through the build's own parser: no page under docs/
shows more than 30 code blocks in its teaching flow. Hidden blocks (setup, the page's own
checks) are not counted: the reader does not see them. Exercises and self-check answers are
counted apart: they are the reader's work, and each page holds at most 8 of them."""

from pathlib import Path

import pytest

from literate.parse import Block
from literate.parse.markdown import parse_page

DOCS = Path(__file__).resolve().parent.parent / "docs"
MAX_SHOWN = 30
MAX_PRACTICE = 8
PAGES = sorted(DOCS.rglob("*.md"))


def is_practice(block: Block) -> bool:
    return bool(block.options["exercise"] or block.options["answer"])


def count_blocks(page: Path, practice: bool = False) -> int:
    """The page's shown teaching blocks, or (practice) its exercises and answers."""
    blocks = parse_page(page.read_text(encoding="utf-8"), str(page)).blocks
    if practice:
        return sum(map(is_practice, blocks))
    return sum(1 for b in blocks if not is_practice(b) and not b.options["hide_code"])


def test_there_are_pages_to_check():
    assert len(PAGES) > 10, f"found only {len(PAGES)} pages under {DOCS}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_no_page_shows_more_than_30_code_blocks(page):
    count = count_blocks(page)
    assert count <= MAX_SHOWN, f"{page.relative_to(DOCS.parent)} shows {count} code blocks"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_no_page_has_more_than_8_exercises_and_answers(page):
    count = count_blocks(page, practice=True)
    assert count <= MAX_PRACTICE, f"{page.relative_to(DOCS.parent)} has {count} exercises/answers"


def test_the_count_sees_indented_fences_and_not_hidden_ones(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        '```python exec="1"\n1\n```\n\n'
        '!!! note\n\n    ```python exec="1"\n    2\n    ```\n\n'
        '```python exec="1" hide_code="1"\nassert True\n```\n'
    )
    assert count_blocks(page) == 2


def test_exercises_and_answers_are_counted_apart(tmp_path):
    page = tmp_path / "page.md"
    exercise = "# %% starter\nx = 1\n# %% solution\nx = 2\n# %% check\nassert x == 2\n"
    exercise += "# %% hint\nTwo.\n# %% success\nYes.\n"
    page.write_text(
        f'```python exec="1"\n1\n```\n\n## Ex\n\n```python exec="1" exercise="x"\n{exercise}```\n\n'
        '!!! question\n\n    ```python exec="1" answer="1"\n    2\n    ```\n'
    )
    assert (count_blocks(page), count_blocks(page, practice=True)) == (1, 2)
