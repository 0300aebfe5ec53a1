"""Every exercise refuses the shortcuts of tests/shortcut_table.py with its sentence, graded in
CPython by the execution core the build and the browser share, where each exercise stands on
its page (the blocks above it run first); the same rows are tried in Chromium by
tests/site/test_run_all_browser.py. A page with exercises and no row here fails too."""

from __future__ import annotations

import re

import pytest

from tests.shortcut_grading import ROOT, grade_on_page
from tests.shortcut_table import PAGES

EXERCISE = re.compile(r'exercise="([a-z0-9-]+)"')


def test_every_exercise_of_the_chapters_has_shortcuts_tried() -> None:
    found = {
        slug
        for page in (ROOT / "docs").glob("*.md")
        if page.name != "authoring.md"  # its exercise shows the format, on a toy function
        for slug in EXERCISE.findall(page.read_text(encoding="utf-8"))
    }
    tried = {row.exercise for rows in PAGES.values() for row in rows}
    assert found - tried == set(), "exercises without a row in tests/shortcut_table.py"
    assert tried - found == set(), "rows for exercises no page has"


@pytest.mark.parametrize("page", sorted(PAGES))
def test_each_shortcut_is_refused_with_its_sentence(page: str) -> None:
    rows = PAGES[page]
    attempts: dict[str, list[str]] = {}
    for row in rows:
        attempts.setdefault(row.exercise, []).append(row.code)
    graded = grade_on_page(page, attempts)
    verdicts = {exercise: iter(grades) for exercise, grades in graded.items()}
    wrong = []
    for row in rows:
        verdict = next(verdicts[row.exercise])
        if verdict["passed"] or row.says not in verdict["message"]:
            wrong.append(f"{row.exercise}, {row.name}: {verdict}")
    assert wrong == []
