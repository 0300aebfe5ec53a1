"""The execution core's cases, one table for CPython (tests/literate/test_core.py) and Pyodide in
Chromium (tests/site/test_core_browser.py): each case is a block run in a fresh Session of the
page PATH, and what its result must show."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from literate.execute.core import Session, register_page

PATH = "docs/cases.md"


@dataclass(frozen=True)
class Case:
    name: str
    code: str
    line: int = 10  # the page line of the block's first line
    raises: str | None = None
    setup: str = ""  # a block run first, at line 2 (its definitions are then in the page)
    expect: dict[str, Any] = field(default_factory=dict)


CASES = [
    Case("last-expression", "x = 6 * 7\nx\n", expect={"result": "42"}),
    Case("no-last-expression", "x = 1\ny = x + 1\n", expect={"outputs": []}),
    Case("none-shows-nothing", "None\n", expect={"outputs": []}),
    Case("repr-of-object", "[1, 'a']\n", expect={"result": "[1, 'a']"}),
    Case(
        "expected-exception",
        "1 / 0\n",
        raises="ZeroDivisionError",
        expect={"raised": "ZeroDivisionError: division by zero"},
    ),
    Case(
        "expected-base-class",
        "int('x')\n",
        raises="Exception",
        expect={"raised": "ValueError: invalid literal for int() with base 10: 'x'"},
    ),
    Case(
        "wrong-exception",
        "[][1]\n",
        raises="KeyError",
        expect={"error": "expected KeyError, but IndexError: list index out of range"},
    ),
    Case(
        "nothing-raised",
        "x = 1\n",
        raises="ValueError",
        expect={"error": "expected ValueError to be raised, but nothing was"},
    ),
    Case(
        "syntax-error",
        "x = 1\nif x\n    pass\n",
        line=20,
        expect={"error_starts": "SyntaxError", "page_lines": [21]},
    ),
    Case(
        "traceback-to-the-page",
        "def f(v):\n    return v / 0\n\nf(1)\n",
        line=30,
        expect={"error": "ZeroDivisionError: division by zero", "page_lines": [33, 31]},
    ),
    Case(
        "traceback-into-an-earlier-block",
        "half(0)\n",
        line=40,
        setup="def half(v):\n    return 1 / v\n",
        expect={"error": "ZeroDivisionError: division by zero", "page_lines": [40, 3]},
    ),
    Case(
        "system-exit",
        "import sys\nsys.exit(3)\n",
        expect={"error": "the block called sys.exit(3), which would end the page"},
    ),
    Case(
        "graphviz-value",
        "import graphviz\ng = graphviz.Digraph()\ng.edge('a', 'b')\ng\n",
        expect={"graph": ["a", "b"]},
    ),
    Case(
        "repr-svg",
        "class Box:\n    def _repr_svg_(self):\n        return '<svg><rect/></svg>'\nBox()\n",
        expect={"svg": "<svg><rect/></svg>"},
    ),
    Case(
        "micrograd-value",
        "from micrograd.engine import Value\na = Value(2.0)\n(a * a).data\n",
        expect={"result": "4.0"},
    ),
]


def summary(result: dict[str, Any]) -> dict[str, Any]:
    """What both Pythons must agree on: kinds of outputs, texts, errors and the page lines
    their tracebacks name (traceback layout differs between Python versions)."""
    error = result["error"]
    outputs = []
    for output in result["outputs"]:
        if output["output_type"] == "error":
            outputs.append(("raised", output["traceback"][-1].strip()))
            continue
        data = output["data"]
        kind = output.get("metadata", {}).get("literate", {}).get("kind", "")
        shown = "svg" if "image/svg+xml" in data else "text"
        text = re.sub(r" at 0x[0-9a-f]+", " at 0x…", data["text/plain"])  # addresses differ
        outputs.append((output["output_type"], kind, shown, text))
    return {
        "outputs": outputs,
        "error": error and error["message"],
        "page_lines": page_lines(error.get("traceback", "")) if error else [],
    }


def page_lines(traceback: str) -> list[int]:
    """The page's lines a traceback names, outermost first (as Python prints them)."""
    return [int(line) for line in re.findall(rf'File "{re.escape(PATH)}", line (\d+)', traceback)]


def check(case: Case, result: dict[str, Any]) -> None:
    """Assert that `result` shows what the case expects."""
    expect, error, outputs = case.expect, result["error"], result["outputs"]
    if "outputs" in expect:
        assert outputs == expect["outputs"] and error is None, result
    if "result" in expect:
        assert error is None, error
        assert [o["data"]["text/plain"] for o in outputs] == [expect["result"]]
    if "raised" in expect:
        assert error is None, error
        assert outputs[-1]["output_type"] == "error"
        assert outputs[-1]["traceback"][-1].strip() == expect["raised"]
    if "error" in expect:
        assert error is not None and error["message"] == expect["error"], error
    if "error_starts" in expect:
        assert error is not None and error["message"].startswith(expect["error_starts"]), error
    if "page_lines" in expect:
        assert page_lines(error["traceback"]) == expect["page_lines"], error["traceback"]
        # only the page's own lines: not this core's frames, nor ast.py's for a syntax error
        files = set(re.findall(r'File "([^"]+)"', error["traceback"]))
        assert files == {PATH}, error["traceback"]
    if "graph" in expect:
        assert error is None, error
        svg = outputs[0]["data"]["image/svg+xml"]
        assert outputs[0]["metadata"]["literate"]["kind"] == "graph"
        assert "<svg" in svg and all(f"<title>{n}</title>" in svg for n in expect["graph"])
    if "svg" in expect:
        assert error is None, error
        assert outputs[0]["data"]["image/svg+xml"] == expect["svg"]


def run_case(case: Case) -> dict:
    """A case in a fresh Session, the page's lines registered as the build's worker does."""
    session = Session(PATH)
    page = ["# x"] * 60
    if case.setup:
        page[1 : 1 + case.setup.count("\n")] = case.setup.splitlines()
    page[case.line - 1 : case.line - 1 + case.code.count("\n")] = case.code.splitlines()
    register_page(PATH, "\n".join(page) + "\n", 1)
    if case.setup:
        assert session.run_block(case.setup, 2)["error"] is None
    return session.run_block(case.code, case.line, case.raises)
