"""Notebook export: valid nbformat, outputs attached, runs top to bottom."""

import copy
import subprocess
import sys

import nbformat
import pytest

from literate.parse.percent import parse_percent_notebook
from literate.present.notebook import build_notebook, notebook_json
from literate.present.notebook_cells import indent_block

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


PRACTICE_SOURCE = '''\
# Practice

```python exec="1"
from micrograd import Value

a = Value(2.0, label="a")
```

!!! question "What is three times a?"

    ```python exec="1" answer="1"
    scratch = a.data * 3
    Answer(scratch, mistakes={a.data * 2: "that is <twice> a"})
    ```

```python exec="1" answer="1"
Choice(["up", "down"], answer="up", why={"down": "against the `grad`"})
```

### Double it

```python exec="1" exercise="notebook-double"
# %% starter
def double(x):
    return x
# %% solution
def double(x):
    return 2 * x
# %% check
message = """double(0.5) should be 1.0,
got {}"""
assert double(0.5) == 1.0, message.format(double(0.5))
# %% hint
Multiply by two.
# %% success
Twice
as much.
```

```python exec="1" hide_output="1"
print("folded away")
```

```python exec="1"
print("scratch" in globals(), a.data)
```
'''
NOT_YET = "Not yet. double(0.5) should be 1.0,\ngot 0.5\n"


@pytest.fixture(scope="module")
def practice():
    page, run = run_markdown(PRACTICE_SOURCE, path="docs/practice.md")
    assert run.ok, run.errors
    notebook = nbformat.reads(notebook_json(page, run.results), as_version=4)
    nbformat.validate(notebook)
    return notebook


def code_cells(notebook):
    return [cell for cell in notebook.cells if cell.cell_type == "code"]


def test_self_check_answers_become_markdown_with_the_answer_folded_away(practice):
    assert not any("Answer(" in c.source or "Choice(" in c.source for c in code_cells(practice))
    number, choice = [c for c in practice.cells if c.metadata.get("tags") == ["answer"]]
    assert number.cell_type == choice.cell_type == "markdown"
    assert number.source == (
        "Answer with a number (within ±0.006 counts).\n\n"
        "<details><summary>Answer</summary>\n\n**6**\n\n"
        "Tempting, but wrong:\n\n- 4: that is &lt;twice&gt; a\n\n</details>"
    )
    assert choice.source.startswith("Choose one of:\n\n- up\n- down\n\n<details>")
    assert "**up**" in choice.source and "- down: against the `grad`" in choice.source


def test_an_exercise_check_reports_the_builds_verdict_instead_of_raising(practice):
    starter, hint, check = practice.cells[
        practice.cells.index(
            next(c for c in practice.cells if c.metadata.get("tags") == ["exercise"])
        ) :
    ][:3]
    assert starter.source == "def double(x):\n    return x"
    assert hint.cell_type == "markdown" and hint.source.startswith("**Hint.** Multiply by two.")
    assert check.metadata["tags"] == ["exercise-check"]
    assert "from literate.notebook_check import exercise_check\n\n" in check.source
    assert "with exercise_check(success='Twice as much.'):\n    message = " in check.source
    assert '\ngot {}"""\n    assert double(0.5)' in check.source  # the string keeps its text
    assert check.outputs == [{"output_type": "stream", "name": "stdout", "text": NOT_YET}]


def test_cells_are_numbered_as_run_all_numbers_them_and_hidden_output_is_kept(practice):
    cells = code_cells(practice)
    assert [cell.execution_count for cell in cells] == list(range(1, len(cells) + 1))
    hidden = next(cell for cell in cells if "folded away" in cell.source)
    assert hidden.metadata["jupyter"] == {"outputs_hidden": True}
    assert hidden.outputs[0]["text"] == "folded away\n"


def test_a_practice_notebook_runs_in_a_kernel_as_built_and_reports_a_solution(practice):
    """Run all gives the build's outputs (the check says "Not yet."; an answer's scratch
    names stay out of the notebook, as they stay out of the page); with the solution typed
    into the starter cell, the check says "Solved."."""
    from nbclient import NotebookClient

    ran = nbformat.from_dict(copy.deepcopy(practice))
    NotebookClient(ran, timeout=60, kernel_name="python3").execute()
    for built, got in zip(code_cells(practice), code_cells(ran)):
        assert got.outputs == built.outputs, built.source
    assert code_cells(ran)[-1].outputs[0]["text"] == "False 2.0\n"
    solved = nbformat.from_dict(copy.deepcopy(practice))
    starter = next(c for c in solved.cells if c.metadata.get("tags") == ["exercise"])
    starter.source = "def double(x):\n    return 2 * x"
    NotebookClient(solved, timeout=60, kernel_name="python3").execute()
    check = next(c for c in solved.cells if c.metadata.get("tags") == ["exercise-check"])
    assert check.outputs[0]["text"] == "Solved. Twice as much.\n"


FIGURE_SOURCE = """\
# A figure

```python exec="1"
import matplotlib.pyplot as plt

fig, ax = plt.subplots(figsize=(2, 1))
ax.plot([1, 2])
fig
```
"""


def test_a_notebook_with_figures_draws_them_as_the_build_did_once():
    page, run = run_markdown(FIGURE_SOURCE, path="docs/figure.md")
    assert run.ok, run.errors
    notebook = build_notebook(page, run.results)
    setup = notebook.cells[1]
    assert setup.metadata["tags"] == ["setup", "notebook-setup"]
    assert "show_figures_as_on_the_site()" in setup.source
    from nbclient import NotebookClient

    ran = nbformat.from_dict(copy.deepcopy(notebook))
    NotebookClient(ran, timeout=60, kernel_name="python3").execute()
    (built,), (shown,) = notebook.cells[2].outputs, ran.cells[2].outputs
    assert sorted(shown["data"]) == ["image/svg+xml", "text/plain"]  # once, no PNG
    assert shown["data"]["image/svg+xml"] == built["data"]["image/svg+xml"]
    page, run = run_markdown(SOURCE, path="docs/chapter.md")
    assert not any(
        "notebook-setup" in str(c.metadata) for c in build_notebook(page, run.results).cells
    )


@pytest.mark.parametrize(
    "check",
    [
        'assert x == 2, f"x should be 2, got {x}"',
        "y = x + 1\nassert y == 3",  # no message: the failing line is quoted
        "assert undefined_name == 2",  # not an AssertionError: what checking raised
    ],
)
def test_a_notebook_check_words_a_failure_as_the_pages_grader_does(check, tmp_path, capsys):
    """The notebook's report is the build's verdict (literate/grading.py) for the same check,
    so a starter's "Not yet." line in the notebook is the one the build recorded."""
    from literate.grading import grade
    from literate.notebook_check import exercise_check

    expected = grade("x = 1\n", check + "\n", {}, "docs/t.md", (1, 3))["message"]
    cell = tmp_path / "cell.py"  # a file, as IPython's cells are, so the line can be quoted
    cell.write_text("with exercise_check(success='yes'):\n" + indent_block(check) + "\n")
    exec(compile(cell.read_text(), str(cell), "exec"), {"exercise_check": exercise_check, "x": 1})
    assert capsys.readouterr().out == f"Not yet. {expected}\n"


def test_a_notebook_check_lets_an_interrupt_through():
    from literate.notebook_check import exercise_check

    with pytest.raises(KeyboardInterrupt), exercise_check(success="yes"):
        raise KeyboardInterrupt


def test_indenting_a_block_keeps_the_text_of_multi_line_strings():
    code = 'text = """one\n  two\n"""\nif text:\n    print(text)\n'
    assert indent_block(code) == (
        '    text = """one\n  two\n"""\n    if text:\n        print(text)\n'
    )
    assert indent_block("x = (\n") == "    x = (\n"  # not Python: every line indented


BOXES_SOURCE = """\
# Boxes

!!! question "How much is `2 + 2`?"

    Think first.

    ??? success "Worked answer"

        It is {python} 2 + 2.

        ```python exec="1"
        print(2 + 2)
        ```

        So: four.

````markdown
!!! note "shown, not converted"
    ```python
    x = 1
    ```
````

=== "First tab"

    In a tab.

After the boxes.
""".replace("{python} 2 + 2", "`{python} 2 + 2`")


def test_admonitions_and_tabs_become_markdown_jupyter_reads():
    """Material's boxes: a title in bold and the content moved left; a folded box as
    <details>, closed around a code cell (which is collapsed, a click away) and reopened."""
    page, run = run_markdown(BOXES_SOURCE, path="docs/boxes.md")
    assert run.ok, run.errors
    notebook = build_notebook(page, run.results)
    nbformat.validate(notebook)
    before, code, after = notebook.cells
    assert before.source == (
        "# Boxes\n\n**How much is `2 + 2`?**\n\nThink first.\n\n"
        "<details><summary>Worked answer</summary>\n\nIt is 4.\n\n</details>"
    )
    assert code.source == "print(2 + 2)" and code.outputs[0]["text"] == "4\n"
    assert code.metadata["jupyter"] == {"source_hidden": True, "outputs_hidden": True}
    assert after.source.startswith(
        "<details><summary>Worked answer (continued)</summary>\n\nSo: four.\n\n</details>"
    )
    assert '````markdown\n!!! note "shown, not converted"\n    ```python\n' in after.source
    assert after.source.endswith("**First tab**\n\nIn a tab.\n\nAfter the boxes.")


REFUSING_SOURCE = """\
# Refusing

```python exec="1"
def twice(x):
    return 2 * x
```

### Double it yourself

```python exec="1" exercise="notebook-refuse"
# %% starter
def double(x):
    return x
# %% solution
def double(x):
    return x + x
# %% check
assert double(0.5) == twice(0.5), f"double(0.5) should be {twice(0.5)}"
# %% hint
Add x to itself.
# %% success
Doubled.
# %% refuse
twice: This exercise is the doubling itself: add x to itself.
```
"""


def test_a_notebook_check_refuses_what_the_exercise_refuses():
    """The check cell switches the refused names off for the other cells while it runs: the
    page's helper, called from the reader's cell, fails the check with the exercise's sentence;
    the check itself still uses it; the solution is solved."""
    from nbclient import NotebookClient

    page, run = run_markdown(REFUSING_SOURCE, path="docs/refusing.md")
    assert run.ok, run.errors
    built = nbformat.reads(notebook_json(page, run.results), as_version=4)
    attempts = {
        "def double(x):\n    return twice(x)": "Not yet. Your code uses twice (line 2 of your "
        "code): This exercise is the doubling itself: add x to itself.\n",
        "def double(x):\n    return x + x": "Solved. Doubled.\n",
    }
    for attempt, said in attempts.items():
        notebook = nbformat.from_dict(copy.deepcopy(built))
        starter = next(c for c in notebook.cells if c.metadata.get("tags") == ["exercise"])
        starter.source = attempt
        NotebookClient(notebook, timeout=60, kernel_name="python3").execute()
        check = next(c for c in notebook.cells if c.metadata.get("tags") == ["exercise-check"])
        assert [output["text"] for output in check.outputs] == [said]
