"""The execution core (literate/execute/core.py) under CPython, case by case; the same table runs
in Pyodide in tests/site/test_core_browser.py."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from literate.execute.core import Session
from tests.core_cases import CASES, PATH, Case, check, run_case

from .helpers import shipped_modules

CORE = Path(__file__).resolve().parents[2] / "scripts/literate/execute/core.py"


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_core_case(case: Case) -> None:
    check(case, run_case(case))


def test_a_traceback_quotes_the_page_line() -> None:
    case = next(case for case in CASES if case.name == "traceback-to-the-page")
    assert "return v / 0" in run_case(case)["error"]["traceback"]


def test_the_core_imports_only_the_standard_library_and_its_own_display_code() -> None:
    tree = ast.parse(CORE.read_text())
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    own = {name for name in imported if name.startswith("literate")}
    assert own == {"literate.execute.formatters"}


def test_inline_values_and_grading_go_through_the_same_session() -> None:
    session = Session(PATH)
    session.run_block("a = 2\n", 2)
    assert session.run_inline("a * 3", 5)["outputs"][0]["data"]["text/plain"] == "6"
    graded = session.grade("b = a + 1\n", "assert b == 3, f'b is {b}'\n", 7, 9)
    assert graded == {"passed": True, "message": ""}
    assert "b is 4" in session.grade("b = a + 2\n", "assert b == 3, f'b is {b}'\n", 7, 9)["message"]


def test_a_helper_call_answers_a_dict_with_its_graph_drawn() -> None:
    session = Session(PATH, render_dot=lambda source: f"<svg>{source.count('->')} edges</svg>")
    answer = session.call("tests.core_helpers", "answer_with_graph", "x")
    assert answer == {"value": {"name": "x", "graph": "<svg>1 edges</svg>"}, "error": None}
    failed = session.call("tests.core_helpers", "answer_with_graph", "")
    assert failed["value"] is None and failed["error"]["message"] == "ValueError: no name"


def test_no_python_source_lives_in_the_sites_javascript() -> None:
    modules = shipped_modules()
    assert "runner-worker.js" in modules
    for name, text in modules.items():
        defs = [line for line in text.splitlines() if re.match(r"\s*def ", line)]
        assert defs == [], f"{name}: {defs}"


def test_a_display_whose_html_holds_a_graph_draws_it_with_the_sessions_renderer() -> None:
    """The stepper's HTML in the browser: its graph drawn by the page's Viz.js, not `dot`."""
    session = Session(PATH, render_dot=lambda source: f"<svg>{source.count('->')} edges</svg>")
    code = "from spelled_out import backward_stepper\nbackward_stepper(Value(2.0, label='a') * 3)\n"
    result = session.run_block("from micrograd import Value\n" + code, 1)
    assert result["error"] is None
    shown = result["outputs"][0]["data"]["text/html"]
    assert '<div class="mg-stepper-graph"><svg>3 edges</svg></div>' in shown
