"""Notebook export: valid nbformat, outputs attached, runs top to bottom."""

import json

import nbformat
import pytest

from scripts.notebook import build_notebook, notebook_json

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
    assert svg.startswith("<svg width=") and "lit-graph" not in svg
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
    assert json.loads(text) == build_notebook(page, first.results)
