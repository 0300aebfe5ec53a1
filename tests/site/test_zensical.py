"""The same commit built with Zensical (python -m literate.frontends.zensical_build, what `make
build-zensical` runs) agrees with the MkDocs build on every executed block's output, every
inline value and every graph, and carries the same Run buttons, exercises, notebook downloads
and runtime; in Chromium, offline, a block runs and an exercise is checked on it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from bs4 import BeautifulSoup
from filelock import FileLock

from literate.frontends.project import load_plugin_config
from literate.frontends.site_assets import loaded_modules, site_assets

from .browsing import (
    COMPARED,
    DESKTOP,
    REPO_ROOT,
    Recorder,
    block_list_file,
    refuse_outside,
    serve,
    settled,
    sources_by_page,
)
from .running import check, exercises_of, load_solution, runnable, wait_done

pytestmark = pytest.mark.site

WORK = REPO_ROOT / ".cache" / "zensical-test"  # Zensical writes only inside its project
RUN = str(uuid.uuid4())


@pytest.fixture(scope="session")
def zensical_site(request: pytest.FixtureRequest, built_site: Path) -> Path:
    """The Zensical build of this checkout, once per test run (shared by xdist's workers),
    after the MkDocs build: both then show the same run of each page (the cache's), which
    matters for outputs that differ from run to run (varies="...")."""
    run = getattr(request.config, "workerinput", {}).get("testrunuid", RUN)
    WORK.mkdir(parents=True, exist_ok=True)
    site, done = WORK / "site", WORK / "built"
    with FileLock(WORK / "build.lock"):
        if done.is_file() and done.read_text() == run:
            return site
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "literate.frontends.zensical_build",
                "-f",
                "zensical.yml",
                "-d",
                str(site.relative_to(REPO_ROOT)),
            ],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            env={**os.environ, "NO_COLOR": "1"},
            timeout=600,
        )
        assert result.returncode == 0, f"the Zensical build failed:\n{result.stderr[-6000:]}"
        assert "No issues found" in result.stdout + result.stderr, result.stdout + result.stderr
        done.write_text(run)
    return site


def chapters() -> list[str]:
    """The Markdown pages' HTML paths (notebook pages are MkDocs-only: README)."""
    return [path for path, source in sources_by_page().items() if source.suffix == ".md"]


def what_the_build_put_in(site: Path, path: str) -> dict[str, list]:
    """Per kind, everything the build engine computed for a page, in page order."""
    html = (site / path).read_text(encoding="utf-8")
    soup = BeautifulSoup(html, "html.parser")
    outputs, graphs = [], []
    for output in soup.select("div.lit-output"):
        for svg in output.select("svg"):
            graphs.append([text.get_text() for text in svg.select("g.node text")])
            svg.decompose()
        outputs.append(output.get_text())
    blocks = soup.select_one(".lit-blocks")
    return {
        "outputs": outputs,
        "inline values": [
            (span["data-lit-line"], span.get_text())
            for span in soup.select("span.lit-inline[data-lit-line]")
        ],
        "graphs": graphs,
        "Run buttons": [marker["data-lit-block"] for marker in soup.select(".lit-run")],
        "exercises": [marker["data-lit-block"] for marker in soup.select(".lit-exercise")],
        "block lists": [block_list(site, json.loads(blocks["data-lit-page"]))] if blocks else [],
        "notebook links": [  # where they lead: Zensical writes the same link differently
            urljoin(f"http://site/{path}", link["href"]) for link in soup.select("p.lit-notebook a")
        ],
    }


def block_list(site: Path, listed: dict) -> dict:
    """A page's block list: the part in the page and its file (at its address under assets/)."""
    return {"in the page": listed, "file": block_list_file(site, listed)}


def test_both_builds_agree_on_everything_the_engine_computed(
    built_site: Path, zensical_site: Path, record_property
) -> None:
    counts: dict[str, int] = {}
    differences = []
    for path in chapters():
        mkdocs = what_the_build_put_in(built_site, path)
        zensical = what_the_build_put_in(zensical_site, path)
        for kind, items in mkdocs.items():
            counts[kind] = counts.get(kind, 0) + len(items)
            if zensical[kind] != items:
                differences.append(f"{path}: {kind} differ")
        counts["graph labels"] = counts.get("graph labels", 0) + sum(map(len, mkdocs["graphs"]))
    summary = ", ".join(f"{count} {kind}" for kind, count in counts.items())
    record_property(COMPARED, f"{len(chapters())} pages: {summary}")  # printed after the run
    assert not differences, "\n".join(differences)
    assert counts["outputs"] > 100 and counts["inline values"] > 100 and counts["graphs"] > 20


def test_both_builds_write_the_same_files_beside_the_pages(
    built_site: Path, zensical_site: Path
) -> None:
    files = ["assets/exercises.json", "assets/runtime/manifest.json"]
    sources = sources_by_page()
    files += [
        path.removesuffix("index.html") + sources[path].stem + ".ipynb" for path in chapters()
    ]
    files += [f"build-along/{step.name}" for step in (REPO_ROOT / "docs/build-along").glob("*.py")]
    for name in files:
        assert (zensical_site / name).is_file(), f"the Zensical build has no {name}"
        assert (zensical_site / name).read_bytes() == (built_site / name).read_bytes(), name


def shipped(html: str, page: str) -> list[str]:
    """The site paths of the stylesheets a page links, then of the modules it loads, in order."""
    links = BeautifulSoup(html, "html.parser").select("link[rel=stylesheet][href]")
    addresses = [tag["href"] for tag in links] + loaded_modules(html)
    return [urljoin(f"/{page}", address) for address in addresses]


def test_both_builds_ship_the_packages_browser_code_the_same_way(
    built_site: Path, zensical_site: Path
) -> None:
    """site_assets.py's one list: the same files in assets/, the same tags on every page."""
    config, _ = load_plugin_config(REPO_ROOT)
    assets = site_assets(config.assets)
    for name in assets.installed:
        assert (zensical_site / "assets" / name).read_bytes() == (
            built_site / "assets" / name
        ).read_bytes(), name
    wanted = [f"/assets/{name}" for name in assets.linked]
    for path in chapters():
        pages = [(site / path).read_text(encoding="utf-8") for site in (built_site, zensical_site)]
        mkdocs, zensical = (shipped(html, path) for html in pages)
        assert [a for a in mkdocs if a in wanted] == wanted, path
        assert [a for a in zensical if a in wanted] == wanted, path


def test_the_zensical_search_index_holds_no_graph(zensical_site: Path) -> None:
    """Outputs carry data-search-exclude, which Zensical's search honours as Material's does
    (under MkDocs, svg_stash.py also keeps them from its indexing); a graph label is not prose."""
    index = (zensical_site / "search.json").read_text(encoding="utf-8")
    html = (zensical_site / "chain-rule/index.html").read_text(encoding="utf-8")
    assert "data 2.0000" in html
    assert "data 2.0000" not in index and "lit-output" not in index


@pytest.fixture
def zensical_url(zensical_site: Path) -> Iterator[str]:
    with serve(zensical_site) as url:
        yield url


def test_a_block_runs_and_an_exercise_is_checked_offline(browser, zensical_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP, color_scheme="light")
    try:
        page = context.new_page()
        recorder = Recorder(page)
        refuse_outside(page)
        page.goto(urljoin(zensical_url, "chain-rule/"), wait_until="load")
        settled(page)
        marker = page.locator(".lit-run").nth(runnable(page)[0])
        marker.locator(".lit-run-button").click()
        assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
        index, exercise = exercises_of(page)[0]
        assert check(page, index) == f"Not yet. {exercise['starter_feedback']}"
        load_solution(page, index)
        assert check(page, index) == f"Solved. {exercise['success']}"
        assert not recorder.errors, recorder.errors
        assert not recorder.foreign_requests(), recorder.foreign_requests()
    finally:
        context.close()
