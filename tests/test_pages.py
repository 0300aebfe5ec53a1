"""Limits on the pages themselves: no page under docs/ has more than 30 executable blocks in its
teaching flow. Exercises and self-check answers are counted apart: they are the reader's work,
not the chapter's, and each page holds at most 8 of them."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"
MAX_BLOCKS = 30
MAX_PRACTICE = 8
EXECUTABLE_FENCE = re.compile(r"^\s*```python exec=")
PRACTICE = re.compile(r'\b(exercise="|answer=")')
PAGES = sorted(DOCS.rglob("*.md"))


def executable_blocks(page, practice=False):
    """How many lines of the page open an executable fence (at any indentation): of the
    teaching flow, or (practice) exercises and answers."""
    lines = page.read_text(encoding="utf-8").splitlines()
    fences = [line for line in lines if EXECUTABLE_FENCE.match(line)]
    return sum(1 for line in fences if bool(PRACTICE.search(line)) == practice)


def test_there_are_pages_to_check():
    assert len(PAGES) > 10, f"found only {len(PAGES)} pages under {DOCS}"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_no_page_has_more_than_30_executable_blocks(page):
    count = executable_blocks(page)
    assert count <= MAX_BLOCKS, f"{page.relative_to(DOCS.parent)} has {count} executable blocks"


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(DOCS)))
def test_no_page_has_more_than_8_exercises_and_answers(page):
    count = executable_blocks(page, practice=True)
    assert count <= MAX_PRACTICE, f"{page.relative_to(DOCS.parent)} has {count} exercises/answers"


def test_the_count_sees_indented_fences(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        '```python exec="1"\n1\n```\n\n'
        '!!! note\n\n    ```python exec="1" hide_code="1"\n    2\n    ```\n'
    )
    assert executable_blocks(page) == 2


def test_exercises_and_answers_are_counted_apart(tmp_path):
    page = tmp_path / "page.md"
    page.write_text(
        '```python exec="1"\n1\n```\n\n```python exec="1" exercise="x"\n```\n\n'
        '!!! question\n\n    ```python exec="1" answer="1"\n    2\n    ```\n'
    )
    assert (executable_blocks(page), executable_blocks(page, practice=True)) == (1, 2)
