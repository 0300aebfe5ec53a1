"""The capstone's notebook download, run by nbclient in a stock kernel: as downloaded, its
check reports the properties one by one (the first failing, then those not tried) and the
notebook runs on to the end, training the package's engine alone; with the page's solution in
the exercise's cell, every property holds and the last cell trains on that engine too."""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from literate.parse.markdown import parse_page
from spelled_out.engine_graphs import PROPERTIES

pytestmark = [pytest.mark.slow, pytest.mark.site, pytest.mark.xdist_group("notebooks")]

REPO_ROOT = Path(__file__).resolve().parents[2]
PAGE = "docs/write-it-yourself.md"
ACCURACY = re.compile(r"^(yours|package)\s+(\d+)%", re.M)


def solution() -> str:
    page = parse_page((REPO_ROOT / PAGE).read_text(encoding="utf-8"), PAGE)
    (exercise,) = [block.exercise for block in page.blocks if block.exercise]
    return exercise.solution.text


def run(built_site: Path, tmp_path: Path, attempt: str | None = None) -> nbformat.NotebookNode:
    from nbclient import NotebookClient

    path = built_site / "write-it-yourself" / "write-it-yourself.ipynb"
    notebook = nbformat.read(path, as_version=4)
    if attempt is not None:
        (cell,) = [c for c in notebook.cells if "exercise" in c.metadata.get("tags", [])]
        cell.source = attempt
    where = {"metadata": {"path": str(tmp_path)}}
    client = NotebookClient(notebook, timeout=300, kernel_name="python3", resources=where)
    client.execute()  # raises CellExecutionError on the first cell that fails
    return notebook


def printed(notebook: nbformat.NotebookNode, tag: str) -> str:
    (cell,) = [c for c in notebook.cells if tag in c.metadata.get("tags", [])]
    return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")


def training(notebook: nbformat.NotebookNode) -> str:
    (cell,) = [c for c in notebook.cells if c.cell_type == "code" and "engines = {" in c.source]
    return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")


def test_as_downloaded_the_check_reports_property_by_property(built_site, tmp_path) -> None:
    notebook = run(built_site, tmp_path)
    said = printed(notebook, "exercise-check").splitlines()
    first, rest = PROPERTIES[0].name, [f"not tried: {p.name}" for p in PROPERTIES[1:]]
    assert said[: len(rest) + 1] == [f"FAILS: {first}", *rest], said
    verdict = f"Not yet. Property 1 of {len(PROPERTIES)}, {first}, does not hold."
    assert any(line.startswith(verdict) for line in said), said
    trained = training(notebook)
    assert trained.startswith("No engine of yours holds every property yet"), trained
    assert set(dict(ACCURACY.findall(trained))) == {"package"}, trained


def test_with_the_solution_every_property_holds_and_it_trains(built_site, tmp_path) -> None:
    notebook = run(built_site, tmp_path, solution())
    said = printed(notebook, "exercise-check").splitlines()
    assert said[: len(PROPERTIES)] == [f"holds: {p.name}" for p in PROPERTIES], said
    assert said[-1].startswith("Solved. Every property holds"), said
    accuracy = dict(ACCURACY.findall(training(notebook)))
    assert accuracy["yours"] == accuracy["package"] == "100", accuracy
