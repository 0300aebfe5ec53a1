"""What the browser's runner gets from the build: the blocks it can run, and the runtime."""

import json
import os
import subprocess
import sys

import pytest

from literate.frontends.browser_runtime import (
    NEEDED,
    RuntimeMissing,
    check_runtime,
    install_runtime,
)
from literate.present.browser import block_list, mark_build_only

from .helpers import REPO_ROOT, listed_in_page


def flags(*codes):
    blocks = [{"code": code} for code in codes]
    mark_build_only(blocks)
    return [block["browser"] for block in blocks]


def test_blocks_that_need_pytorch_or_what_it_made_are_build_only():
    assert flags(
        "import torch\nt = torch.tensor(1.0)\nx = 2",
        "print(t * 2)",  # uses the tensor
        "print(x)",  # x was bound by the build-only block too
        "x = 3\nprint(x)",  # bound again here first: runs
        "def f(out):\n    out = 1\n    return out\nf(0)",  # a function's own locals
        "import matplotlib.pyplot as plt\nplt.plot([1, 2])",  # the browser has a pyplot
    ) == [False, False, False, True, True, True]


def test_a_functions_parameters_are_its_own_not_the_names_a_build_only_block_made():
    blocks = [
        {"code": "node = 1\nkey = lambda x: x", "build_only": "it reads a file"},
        {"code": "def walk(node, so_far=1):\n    return node\nsorted([2], key=lambda node: 0)"},
        {"code": "print(node)"},
    ]
    mark_build_only(blocks)
    assert [block["browser"] for block in blocks] == [False, True, False]


def test_names_a_comprehension_or_a_function_binds_are_its_own():
    """A build-only block's loop variables and function locals do not reach the page's names,
    and a block's own do not read them; what a function reads from the page does."""
    blocks = [
        {"code": "a = b = c = 1"},
        {"code": "n = [a for a in range(3)]\ndef f():\n    b = 2\n    return b", "build_only": "x"},
        {"code": "print(a, b)"},  # the page's a and b: this run's
        {"code": "print(sum(c for c in range(3)))\ndef g():\n    n = 0\n    return n"},
        {"code": "def h():\n    return n"},  # reads the build-only block's n when called
        {"code": "class C:\n    def m(self):\n        return f()"},
    ]
    mark_build_only(blocks)
    assert [block["browser"] for block in blocks] == [True, False, True, True, False, False]
    assert blocks[4]["build_only"] == "it uses n, which a block that runs at build only made"


def test_a_block_whose_fence_says_build_only_is_and_so_are_the_blocks_using_its_names():
    blocks = [
        {"code": "deep = make(5000)\nsmall = 1", "build_only": "too deep for the browser"},
        {"code": "print(deep)"},
        {"code": "small = 2\nprint(small)"},
    ]
    mark_build_only(blocks)
    assert [block["browser"] for block in blocks] == [False, False, True]


def test_each_build_only_block_says_its_own_reason():
    """The toolbar shows the block's reason: the fence's, the package it imports, or the name
    it borrows from a block that runs at build only."""
    blocks = [
        {"code": "deep = make(5000)", "build_only": "too deep for the browser"},
        {"code": "print(deep)"},
        {"code": "import numpy as np\nn = np.ones(2)"},
        {"code": "print(n)"},
    ]
    mark_build_only(blocks)
    assert [block["build_only"] for block in blocks] == [
        "too deep for the browser",
        "it uses deep, which a block that runs at build only made",
        "it needs numpy, which the browser does not have",
        "it uses n, which a block that runs at build only made",
    ]


def test_a_page_without_pytorch_or_numpy_runs_everywhere():
    assert flags("import math", "from micrograd import Value", "syntax error (") == [True] * 3


def test_the_block_list_keeps_its_code_in_a_file_and_the_rest_in_an_attribute():
    exercise = {"id": "e", "title": "T", "starter_line": 9, "solution": "x = 1", "check": "c"}
    blocks = [
        {"kind": "code", "code": "print('</div>\"&')", "line": 3, "browser": True},
        {"kind": "exercise", "code": "", "line": 8, "browser": True, "exercise": exercise},
    ]
    values = [{"line": 5, "expr": "x", "after": 1}]
    listed = block_list("blocks/x.json", "docs/x.md", blocks, values)
    assert json.loads(listed.text) == {"path": "docs/x.md", "blocks": blocks, "values": values}
    page = listed_in_page(listed.html)
    assert page["path"] == "docs/x.md" and page["source"].startswith("blocks/x.json?v=")
    assert page["blocks"] == [
        {"kind": "code", "line": 3, "browser": True},
        {
            "kind": "exercise",
            "line": 8,
            "browser": True,
            "exercise": {"id": "e", "title": "T", "starter_line": 9},
        },
    ]
    edited = block_list("blocks/x.json", "docs/x.md", [{**blocks[0], "code": "pass"}, blocks[1]])
    moved = listed_in_page(edited.html)["source"]
    assert moved != page["source"], "a changed file gets a new address"


def test_the_runtime_and_the_packages_go_into_the_site(tmp_path):
    runtime = tmp_path / "runtime"
    for name in NEEDED:
        (runtime / name).parent.mkdir(parents=True, exist_ok=True)
        (runtime / name).write_text("x")
    (runtime / "wheels").mkdir()
    (runtime / "wheels" / "graphviz-0.21-py3-none-any.whl").write_text("w")
    check_runtime(runtime)
    site = tmp_path / "site"
    install_runtime(runtime, ("micrograd",), REPO_ROOT, site)
    target = site / "assets" / "runtime"
    manifest = json.loads((target / "manifest.json").read_text())
    assert "micrograd/engine.py" in manifest["packages"]
    assert "matplotlib/pyplot.py" in manifest["packages"]  # the browser's stand-in
    assert manifest["wheels"] == ["graphviz-0.21-py3-none-any.whl"]
    engine = (target / "packages" / "micrograd" / "engine.py").read_text()
    assert engine == (REPO_ROOT / "micrograd" / "engine.py").read_text()
    assert (target / "viz" / "viz.js").is_file()


def test_a_missing_runtime_says_how_to_get_it(tmp_path):
    with pytest.raises(RuntimeMissing, match=r"run 'make setup'"):
        check_runtime(tmp_path)


def test_the_browsers_pyplot_stand_in_draws_the_chapters_plots(tmp_path):
    code = """
import matplotlib.pyplot as plt
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.semilogy([1, 2, 3], [1.0, 0.1, 0.01], "o-", label="loss")
ax.contourf([[0]], [[0]], [[0]])
ax.set_xlabel("step")
ax.legend()
svg = fig._repr_svg_()
assert svg.count("<polyline") == 1 and svg.count("<circle") == 3, svg
assert ">step<" in svg and ">loss<" in svg and "not drawn in the browser: contourf" in svg
assert plt.get_fignums() == [1] and plt.figure(1) is fig
from literate.execute.formatters import mimebundle  # the core's display, as in the browser
data, metadata = mimebundle(fig)
assert data["image/svg+xml"] == svg and metadata == {"literate": {"kind": "figure"}}
assert plt.get_fignums() == []  # shown once, then closed
print("ok")
"""
    packages = REPO_ROOT / "scripts" / "literate" / "browser" / "packages"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": f"{packages}{os.pathsep}{REPO_ROOT / 'scripts'}"},
    )
    assert done.stdout == "ok\n", done.stderr


def test_the_page_lists_its_inline_values_for_the_browser_with_the_block_before_each():
    from literate.present.html import render_markdown

    from .helpers import run_markdown

    page, run = run_markdown(
        'Before: `{python} 1 + 1`.\n\n```python exec="1"\na = 2\n```\n\n'
        "Then `{python} a * 3` and `{python} a + 1`.\n"
    )
    rendered = render_markdown(page, run.results, runnable=True)
    assert rendered.values == [
        {"line": 1, "expr": "1 + 1", "after": 0},
        {"line": 7, "expr": "a + 1", "after": 1},  # right to left within a line
        {"line": 7, "expr": "a * 3", "after": 1},
    ]
