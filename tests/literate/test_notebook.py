"""Notebook export: valid nbformat, outputs attached, runs top to bottom."""

import subprocess
import sys

import nbformat
import pytest

from literate.parse.percent import parse_percent_notebook
from literate.present.notebook import build_notebook, notebook_json

from .helpers import REPO_ROOT, run_markdown

SOURCE = """\
# A chapter

Setup first.

```python exec="1" hide_code="1"
from micrograd import Value, draw_dot
```

Compute `{python} 2 + 2` things.

```python exec="1"
a = Value(3.0, label="a")
b = a * a
b.backward()
print(a.grad)
draw_dot(b)
```

```python exec="1" raises="ZeroDivisionError"
1 / 0
```

```python exec="1"
a.data
```
"""


@pytest.fixture(scope="module")
def notebook():
    page, run = run_markdown(SOURCE, path="docs/chapter.md")
    assert run.ok, run.errors
    return nbformat.reads(notebook_json(page, run.results), as_version=4)


def test_notebook_is_valid_with_prose_code_and_outputs(notebook):
    nbformat.validate(notebook)
    kinds = [cell.cell_type for cell in notebook.cells]
    assert kinds == ["markdown", "code", "markdown", "code", "code", "code"]
    assert notebook.cells[2].source == "Compute 4 things."
    assert notebook.cells[1].metadata["tags"] == ["setup"]
    outputs = notebook.cells[3].outputs
    assert outputs[0] == {"output_type": "stream", "name": "stdout", "text": "6.0\n"}
    svg = outputs[1]["data"]["image/svg+xml"]
    assert outputs[1]["output_type"] == "execute_result"
    assert "<svg width=" in svg and "lit-graph" not in svg  # as dot drew it, sized
    assert notebook.cells[4].outputs[0]["text"] == "ZeroDivisionError: division by zero\n"
    assert notebook.cells[5].outputs[0]["data"] == {"text/plain": "3.0"}


def test_notebook_runs_top_to_bottom(notebook):
    from nbclient import NotebookClient

    client = NotebookClient(
        notebook,
        timeout=60,
        kernel_name="python3",
        resources={"metadata": {"path": str(REPO_ROOT)}},
    )
    client.execute()
    assert notebook.cells[3].outputs[0]["text"] == "6.0\n"
    assert "ZeroDivisionError" in notebook.cells[4].outputs[0]["text"]


def test_notebook_is_the_same_on_every_build():
    page, first = run_markdown(SOURCE, path="docs/chapter.md")
    _, second = run_markdown(SOURCE, path="docs/chapter.md")
    text = notebook_json(page, first.results)
    assert text == notebook_json(page, second.results)
    assert nbformat.reads(text, as_version=4) == build_notebook(page, first.results)


HELPERS_SOURCE = """\
# Uses the site's helpers

```python exec="1"
from micrograd import Value
from spelled_out import backward_stepper, show_source

a = Value(3.0, label="a")
b = a * a
show_source(Value._backward)
```

```python exec="1"
backward_stepper(b)
```

```python exec="1"
print(a.grad)
```
"""


def test_a_notebook_imports_what_the_page_imports_and_needs_no_build_engine(tmp_path):
    """The cells are the page's code, unchanged; they run where only micrograd and
    spelled_out can be imported, and show the helpers' HTML."""
    page, run = run_markdown(HELPERS_SOURCE, path="docs/helpers.md")
    assert run.ok, run.errors
    notebook = nbformat.reads(notebook_json(page, run.results), as_version=4)
    nbformat.validate(notebook)
    code = "\n\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert code.startswith("from micrograd import Value\nfrom spelled_out import")
    stepper_html = notebook.cells[2].outputs[0]["data"]["text/html"]
    assert stepper_html.startswith('<div class="mg-stepper"') and "<?xml" not in stepper_html
    program = tmp_path / "notebook.py"
    blocked = "import sys\nsys.modules['literate'] = None  # not importable\n"
    program.write_text(blocked + code)
    result = subprocess.run(
        [sys.executable, str(program)], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.rstrip().endswith("6.0")


PERCENT = """\
# ---
# jupyter:
#   kernelspec:
#     name: python3
# ---

# %% [markdown]
# # Title
#
# Some prose.

# %%
x = 6 * 7
print(x)

# %%
x + 1
"""


def test_a_percent_notebook_becomes_an_executed_valid_notebook():
    page = parse_percent_notebook(PERCENT, "docs/notebooks/n.py")
    assert [(b.line, b.code_line) for b in page.blocks] == [(12, 13), (16, 17)]
    from literate.execute.watchdog import run_page

    from .helpers import SETTINGS

    run = run_page(page, SETTINGS)
    assert run.ok, run.errors
    notebook = build_notebook(page, run.results)
    nbformat.validate(notebook)
    assert [c.cell_type for c in notebook.cells] == ["markdown", "code", "code"]
    assert notebook.cells[0].source == "# Title\n\nSome prose."
    assert notebook.cells[1].outputs[0]["text"] == "42\n"
    assert notebook.cells[2].outputs[0]["data"] == {"text/plain": "43"}
    assert notebook.cells[2].execution_count == 2


def test_a_percent_notebook_error_names_the_py_file_and_line():
    page = parse_percent_notebook(PERCENT.replace("x + 1", "x / 0"), "docs/notebooks/n.py")
    from literate.execute.watchdog import run_page

    from .helpers import SETTINGS

    (error,) = run_page(page, SETTINGS).errors
    assert error.location_line() == "docs/notebooks/n.py:16: ZeroDivisionError: division by zero"
    assert 'File "docs/notebooks/n.py", line 17' in error.detail


def test_jupytext_cell_markers_without_a_space_start_cells_too():
    page = parse_percent_notebook("#%%\nx = 1\n\n#%% [markdown]\n# Prose\n", "docs/n.py")
    assert [b.code for b in page.blocks] == ["x = 1\n"] and page.markdown_cells == {4: "Prose"}
