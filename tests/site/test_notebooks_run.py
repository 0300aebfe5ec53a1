"""Every notebook the site offers runs top to bottom in a stock Jupyter kernel and shows what
the build showed (issue 18, point 5).

The notebooks are the built site's own downloads (the `.ipynb` files `mkdocs build` wrote, from
the pages' results of that build: no page runs again here). Each one is executed by nbclient in
a fresh `python3` kernel of this interpreter, two kernels at a time, and compared cell by cell
with the notebook as downloaded:

- every cell runs without an error, and the execution counts are those of the built notebook
  (so no code cell was added, lost or reordered);
- each code cell shows the same outputs: the same streams with the same text, and for a
  display the representation a notebook front end shows (the first of nbconvert's display
  priority that the output has: HTML before SVG before PNG before plain text) with the same
  MIME type and data. Object addresses (`at 0x7f...`) are replaced by `0x…` on both sides,
  since no two processes allocate alike. Plain text that is not shown is not compared: a
  graph's is `<graph>` in the build and graphviz's own repr in a kernel.
"""

from __future__ import annotations

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import nbformat
import pytest

from literate.build import Build
from literate.frontends.project import is_notebook, load_settings
from literate.parse import Page

REPO_ROOT = Path(__file__).resolve().parents[2]
KERNELS_AT_ONCE = 2  # the machine's cores; each kernel runs one notebook
CELL_TIMEOUT = 300  # seconds; the slowest cell (training-an-mlp) takes about 20
# The order in which nbconvert picks the representation of a display to show.
SHOWN_FIRST = ("text/html", "text/markdown", "image/svg+xml", "image/png", "text/plain")
ADDRESS = re.compile(r"0x[0-9a-fA-F]{6,}")

# One process runs the module: its fixture executes every notebook once for all its tests.
pytestmark = [pytest.mark.slow, pytest.mark.site, pytest.mark.xdist_group("notebooks")]


def offered_pages() -> list[Page]:
    """The pages the site offers as notebooks: every Markdown page that runs something (a
    download under its title) and every percent-format notebook page, as the plugin decides."""
    settings = load_settings(REPO_ROOT)
    docs = settings.docs_path
    notebooks = [path for path in sorted(docs.rglob("*.py")) if is_notebook(path, settings)]
    pages, errors = Build(settings).load_all([*sorted(docs.rglob("*.md")), *notebooks])
    assert not errors, errors
    return [page for page in pages if page.kind == "notebook" or page.items]


PAGES = offered_pages()
NAMES = [Path(page.path).stem + ".ipynb" for page in PAGES]


@dataclass
class Executed:
    built: nbformat.NotebookNode
    ran: nbformat.NotebookNode
    seconds: float
    errors: list[tuple[int, str]] = field(default_factory=list)  # (cell number, error)


@pytest.fixture(scope="session")  # once per process, even if its tests are not run in a row
def executed(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Executed]:
    """Each notebook the built site offers, as downloaded, and as a kernel ran it (in its own
    empty folder)."""
    downloads = {path.name: path for path in built_site.rglob("*.ipynb")}
    assert sorted(downloads) == sorted(NAMES), "the site's notebooks are not the offered pages'"
    texts = {name: downloads[name].read_text(encoding="utf-8") for name in NAMES}
    folders = {name: tmp_path_factory.mktemp(Path(name).stem) for name in NAMES}
    # A thread of its own: Playwright's sync API, used by other tests of this process, leaves
    # an event loop running in the main thread, where asyncio.run() refuses to start.
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, _run_all(texts, folders)).result()


async def _run_all(texts: dict[str, str], folders: dict[str, Path]) -> dict[str, Executed]:
    slots = asyncio.Semaphore(KERNELS_AT_ONCE)

    async def one(name: str) -> tuple[str, Executed]:
        async with slots:
            return name, await _run(texts[name], folders[name])

    return dict(await asyncio.gather(*(one(name) for name in texts)))


async def _run(text: str, folder: Path) -> Executed:
    from nbclient import NotebookClient

    built = nbformat.reads(text, as_version=4)
    ran = nbformat.reads(text, as_version=4)
    client = NotebookClient(
        ran,
        timeout=CELL_TIMEOUT,
        kernel_name="python3",
        allow_errors=True,  # go on, so that every error and difference is reported at once
        resources={"metadata": {"path": str(folder)}},
    )
    start = time.perf_counter()
    await client.async_execute()
    seconds = time.perf_counter() - start
    errors = [
        (number, f"{output['ename']}: {output['evalue']}")
        for number, cell in enumerate(ran.cells)
        for output in cell.get("outputs", [])
        if output["output_type"] == "error"
    ]
    return Executed(built, ran, seconds, errors)


def test_the_site_offers_every_page_as_a_notebook():
    """The list the test runs is the site's: all twelve chapters that run code, and the two
    notebook pages (a page added later joins by itself)."""
    assert len(NAMES) == len(set(NAMES)) >= 14, NAMES
    assert {"chain-rule.ipynb", "recap.ipynb", "moons.ipynb", "tracing.ipynb"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_a_downloaded_notebook_runs_top_to_bottom_and_shows_what_the_build_showed(
    name: str, executed: dict[str, Executed]
) -> None:
    result = executed[name]
    nbformat.validate(result.built)
    assert [c.cell_type for c in result.ran.cells] == [c.cell_type for c in result.built.cells]
    problems = [*result.errors, *_differences(result)]
    assert not problems, f"{name} ({result.seconds:.0f} s):\n" + "\n".join(
        f"cell {number}: {problem}" for number, problem in problems
    )


def _differences(result: Executed):
    """(cell number, what differs) for each code cell whose run differs from the build."""
    pairs = zip(result.built.cells, result.ran.cells)
    for number, (built, ran) in enumerate(pairs):
        if built.cell_type != "code":
            continue
        if "exercise" in built.metadata.get("tags", []):
            continue  # the reader's code to edit: the page shows it without output too
        if "varies" in built.metadata.get("literate", {}):  # timings, say: the same outputs shown,
            # each of the same kind (a stream written in several pieces counts once)
            if [shown[:2] for shown in _shown(ran)] != [shown[:2] for shown in _shown(built)]:
                yield number, f"shows {_short(_shown(ran))}\n  built {_short(_shown(built))}"
            continue
        if ran.execution_count != built.execution_count:
            yield number, f"execution count {ran.execution_count}, built {built.execution_count}"
        expected, got = _shown(built), _shown(ran)
        if got != expected:
            yield number, f"shows {_short(got)}\n  built {_short(expected)}"


def _shown(cell: Any) -> list[tuple[str, ...]]:
    """What the cell shows: its streams (consecutive writes joined) and, for each display,
    the representation shown, addresses masked."""
    shown: list[tuple[str, ...]] = []
    for output in cell.outputs:
        kind = output["output_type"]
        if kind == "stream":
            text = ADDRESS.sub("0x…", output["text"])
            if shown and shown[-1][:2] == ("stream", output["name"]):
                text = shown.pop()[2] + text
            shown.append(("stream", output["name"], text))
        elif kind in ("display_data", "execute_result"):
            mime = next((m for m in SHOWN_FIRST if m in output["data"]), "")
            data = output["data"].get(mime, "")
            text = data if isinstance(data, str) else "".join(data)
            shown.append((kind, mime, ADDRESS.sub("0x…", text)))
        else:
            shown.append((kind, output.get("ename", ""), output.get("evalue", "")))
    return shown


def _short(shown: list[tuple[str, ...]]) -> str:
    return repr(shown) if len(repr(shown)) < 600 else repr(shown)[:600] + "…"
