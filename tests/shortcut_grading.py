"""Grading tried shortcuts in CPython: each page runs, block by block, in the execution core's
Session (the one the build's worker and the browser use), and at each exercise the shortcuts
of tests/shortcut_table.py are graded as a reader's attempts would be."""

from __future__ import annotations

import contextlib
import io
import warnings
from pathlib import Path

from literate.execute.core import Session
from literate.parse.markdown import parse_page
from literate.parse.page import Block

ROOT = Path(__file__).resolve().parent.parent


def grade_on_page(page: str, attempts: dict[str, list[str]]) -> dict[str, list[dict]]:
    """{exercise id: [its grade for each attempt, in order]}, each attempt graded where the
    exercise stands on `page` (docs/x.md), with the page's blocks above it run first."""
    path = f"docs/{page}"
    source = (ROOT / path).read_text(encoding="utf-8")
    session = Session(path)
    graded: dict[str, list[dict]] = {}
    # as in the build's worker: warnings are printed (pytest's turn them into errors)
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for item in parse_page(source, path).items:
            if not isinstance(item, Block) or item.kind == "answer":
                continue
            if item.exercise is None:
                result = session.run_block(item.code, item.code_line, item.raises)
                assert result["error"] is None, f"{path}:{item.line}: {result['error']}"
                continue
            exercise = item.exercise
            refuse = exercise.refuse.text if exercise.refuse else ""
            lines = (exercise.starter.line, exercise.check.line)
            graded[exercise.slug] = [
                session.grade(code, exercise.check.text, *lines, path, refuse)
                for code in attempts.get(exercise.slug, [])
            ]
            if len(graded) == len(attempts):
                break
    return graded
