"""The shapes from the build to the browser (literate/contracts.py): the browser's typedefs are
what Python writes, a typedef that no longer matches the modules fails TypeScript's check, and
what the engine makes has these shapes."""

# (No `from __future__ import annotations`: a TypedDict sees NotRequired only unpostponed.)
import json
import shutil
import subprocess
import typing
from pathlib import Path
from typing import Literal, NotRequired, TypedDict

import pytest

from literate import contracts, typedefs
from literate.contracts import BlockListFile, BlocksInPage, CallResult, Grade, RunResult
from literate.execute.core import Session
from literate.present.browser import block_list
from literate.present.html import render_markdown
from literate.typedefs import jsdoc, mismatches

from .helpers import EXERCISE, fence, listed_in_page, run_markdown

ROOT = Path(__file__).resolve().parents[2]
TYPEDEFS = ROOT / "scripts/literate/browser/assets/contracts.js"


def test_the_browsers_typedefs_are_what_python_writes():
    assert TYPEDEFS.read_text() == jsdoc(), (
        "contracts.js is stale: python -m literate.typedefs > " + str(TYPEDEFS.relative_to(ROOT))
    )


class Shape(TypedDict):
    kind: Literal["a", "b"]
    line: int
    note: NotRequired[str]
    parts: list[str]


@pytest.mark.parametrize(
    ("value", "found"),
    [
        ({"kind": "a", "line": 3, "parts": ["x"]}, []),
        ({"kind": "a", "line": 3, "note": "n", "parts": []}, []),
        ({"kind": "c", "line": 3, "parts": []}, ['.kind: \'c\' is not "a"|"b"']),
        ({"kind": "a", "line": "3", "parts": []}, [".line: '3' is not number"]),
        ({"kind": "a", "line": True, "parts": []}, [".line: True is not a number"]),
        ({"kind": "a", "parts": [1]}, [".line: missing", ".parts[0]: 1 is not string"]),
        ({"kind": "a", "line": 1, "parts": [], "extra": 0}, [".extra: not in Shape"]),
    ],
)
def test_a_value_that_differs_from_its_shape_is_named_where(value, found):
    assert sorted(mismatches(value, Shape)) == sorted(found)


def test_a_page_of_every_kind_of_block_gives_entries_of_the_shapes():
    answer = fence("Answer(base * 4, tolerance=0.01)", 'answer="1"')
    markdown = fence("base = 3") + "\nIt is `{python} base`.\n\n## Double it\n\n"
    markdown += fence(EXERCISE, 'exercise="double-it"') + "\n" + answer
    page, run = run_markdown(markdown)
    rendered = render_markdown(page, run.results, runnable=True)
    assert [entry["kind"] for entry in rendered.blocks] == ["code", "exercise", "answer"]
    listed = block_list("blocks/t.json", page.path, rendered.blocks, rendered.values)
    in_page = listed_in_page(listed.html)
    assert mismatches(json.loads(listed.text), BlockListFile) == []
    assert mismatches(in_page, BlocksInPage) == []


def test_the_cores_answers_have_the_shapes_the_browser_reads():
    session = Session("docs/t.md")
    answers = [
        (session.run_block("print(1)\n2", 1), RunResult),
        (session.run_block("1 / 0", 1), RunResult),
        (session.run_block("1 / 0", 1, raises="ZeroDivisionError"), RunResult),
        (session.run_block("pass", 1, raises="ValueError"), RunResult),
        (session.run_inline("6 * 7", 3), RunResult),
        (session.run_inline("'a\\nb'", 3), RunResult),
        (session.grade("y = 1", "assert y == 1", 5, 9), Grade),
        (session.grade("y = 2", "assert y == 1, 'not one'", 5, 9), Grade),
        (session.call("json", "loads", '{"a": 1}'), CallResult),
        (session.call("json", "nothing"), CallResult),
    ]
    for answer, shape in answers:
        assert mismatches(answer, shape) == [], answer


def renamed(shape: type, old: str, new: str) -> type:
    """The TypedDict `shape` with its field `old` called `new`, under the same name."""
    fields = typing.get_type_hints(shape, include_extras=True)
    return TypedDict(shape.__name__, {new if key == old else key: t for key, t in fields.items()})


@pytest.mark.slow  # installs TypeScript's checker (npm) on a fresh machine, as make lint does
@pytest.mark.parametrize(
    ("shape", "field", "used_in"),
    [
        ("GradeJob", "check_line", "runner-worker.js"),  # a job the worker reads
        ("ExerciseEntry", "success_parts", "exercises.js"),  # an entry the page shows
    ],
)
def test_a_python_shape_the_modules_do_not_match_fails_typescripts_check(
    shape, field, used_in, tmp_path, monkeypatch
):
    """Renaming a field in Python makes a module's use of it a type error: the typedefs
    written from Python and the modules are checked together."""
    subprocess.run([ROOT / "scripts/tools/install-npm-tool.sh", "typescript"], check=True)
    tsc = ROOT / ".cache/typescript/node_modules/.bin/tsc"

    def checked(shapes: list) -> subprocess.CompletedProcess:
        monkeypatch.setattr(typedefs, "SHAPES", shapes)
        for folder in ("scripts/literate/browser/assets", "scripts/spelled_out/assets"):
            shutil.copytree(ROOT / folder, tmp_path / folder, dirs_exist_ok=True)
        shutil.copy(ROOT / "tsconfig.json", tmp_path)
        (tmp_path / "scripts/literate/browser/assets/contracts.js").write_text(jsdoc())
        return subprocess.run(
            [tsc, "-p", tmp_path / "tsconfig.json"], capture_output=True, text=True
        )

    assert checked(contracts.SHAPES).returncode == 0, "the copy checks as the repository does"
    changed = [
        renamed(s, field, field + "_renamed") if s.__name__ == shape else s
        for s in contracts.SHAPES
    ]
    failed = checked(changed)
    assert failed.returncode != 0 and used_in in failed.stdout and field in failed.stdout, (
        failed.stdout
    )
