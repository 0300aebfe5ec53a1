"""Notebook export: valid nbformat, outputs attached, runs top to bottom."""

import json
import subprocess
import sys

import nbformat
import pytest

from scripts.notebook import NotebookError, build_notebook, notebook_json, portable_code

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


HELPERS_SOURCE = """\
# Uses the site's helpers

```python exec="1"
from micrograd import Value
from scripts.pagetools import show_source
from scripts.stepper import backward_stepper

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


def test_a_notebook_needs_only_micrograd_not_the_site_helpers(tmp_path):
    """Imports from scripts/ become stand-ins; the cells run where scripts/ cannot be imported."""
    page, run = run_markdown(HELPERS_SOURCE, path="docs/helpers.md")
    assert run.ok, run.errors
    notebook = nbformat.reads(notebook_json(page, run.results), as_version=4)
    code = "\n\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    assert "scripts" not in code
    program = tmp_path / "notebook.py"
    program.write_text("import sys\nsys.modules['scripts'] = None  # not importable\n" + code)
    result = subprocess.run(
        [sys.executable, str(program)], capture_output=True, text=True, cwd=tmp_path, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "def _backward(self):" in result.stdout
    assert result.stdout.rstrip().endswith("6.0")


def test_an_unknown_site_helper_is_named():
    with pytest.raises(NotebookError, match=r"scripts\.secret has no notebook stand-in"):
        portable_code("from scripts.secret import thing")


@pytest.mark.parametrize("line", ["import scripts.pagetools", "from scripts import pagetools"])
def test_other_forms_of_site_import_are_refused_with_the_page_and_line(line):
    with pytest.raises(NotebookError, match="the form a notebook stand-in can replace"):
        portable_code(line)
    source = f'# Page\n\n```python exec="1"\n{line}\n```\n'
    page, run = run_markdown(source, path="docs/forms.md")
    assert run.ok, run.errors
    with pytest.raises(NotebookError, match=r"^docs/forms\.md:3: "):
        notebook_json(page, run.results)
