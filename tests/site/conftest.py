"""Fixtures of the site tests: the site, built once per run with `mkdocs build --strict` and
served on 127.0.0.1, one Chromium per test process, and pages opened in fresh contexts.

Under pytest-xdist (`make test` runs `-n`), the controller serves one folder for the whole run
and the first worker that needs the site builds it there (under a file lock) for every worker;
a plain `pytest` run serves and builds in its own process."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urljoin

import pytest
from filelock import FileLock

from .browsing import (
    CHROMIUM,
    CHROMIUM_ARGS,
    COLD_LOADS,
    COMPARED,
    REPO_ROOT,
    SIZE_TABLE,
    Recorder,
    serve,
)

SHARED_SITE = "literate_site"  # workerinput key: [folder, url] of the controller's served site


def pytest_configure(config: pytest.Config) -> None:
    """On an xdist controller: serve an empty folder that the workers will build the site into."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    folder = Path(tempfile.mkdtemp(prefix="literate-site-"))
    (folder / "out").mkdir()
    server = serve(folder / "out")
    config.stash[_SERVER] = (folder, server, server.__enter__())


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SERVER in config.stash:
        folder, server, _ = config.stash[_SERVER]
        server.__exit__(None, None, None)
        shutil.rmtree(folder, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:  # an xdist hook, on the controller
    folder, _, url = node.config.stash[_SERVER]
    node.workerinput[SHARED_SITE] = [str(folder), url]


_SERVER = pytest.StashKey[tuple]()


@pytest.fixture(scope="session")
def served_site(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[tuple[Path, str]]:
    """The built site and its URL: it is served first, so the build knows its site_url."""
    shared = getattr(request.config, "workerinput", {}).get(SHARED_SITE)
    if shared is None:
        site = tmp_path_factory.mktemp("site") / "out"
        site.mkdir()
        with serve(site) as url:
            _build_once(site, url)
            yield site, url
        return
    folder, url = Path(shared[0]), shared[1]
    with FileLock(folder / "build.lock"):
        _build_once(folder / "out", url)
    yield folder / "out", url


def _build_once(site: Path, site_url: str) -> None:
    """`mkdocs build --strict` into site, unless it was done (or failed) already in this run;
    a failure fails every test that uses the site, with the build's log."""
    done, failed = site.parent / "built", site.parent / "failed"
    if failed.exists():
        pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
    if done.exists():
        return
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", site],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "SITE_URL": site_url},
        timeout=600,
    )
    if result.returncode != 0:
        log = "\n".join(line for line in result.stderr.splitlines() if "INFO" not in line)
        failed.write_text(f"mkdocs build --strict failed:\n{log[-6000:]}", encoding="utf-8")
        pytest.fail(failed.read_text(encoding="utf-8"), pytrace=False)
    done.touch()


@pytest.fixture(scope="session")
def built_site(served_site: tuple[Path, str]) -> Path:
    return served_site[0]


@pytest.fixture(scope="session")
def site_url(served_site: tuple[Path, str]) -> str:
    return served_site[1]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing (`make test` installs it: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def open_page(browser, site_url: str) -> Iterator:
    """open_page(path, viewport) -> (page, recorder), in a fresh context (fresh localStorage)."""
    contexts = []

    def open_(path: str, viewport: dict, base: str = site_url):
        context = browser.new_context(viewport=viewport, color_scheme="light")
        contexts.append(context)
        page = context.new_page()
        recorder = Recorder(page)
        response = page.goto(urljoin(base, path.removesuffix("index.html")), wait_until="load")
        assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"
        return page, recorder

    yield open_
    for context in contexts:
        context.close()


_TABLES: dict[str, list[str]] = {SIZE_TABLE: [], COLD_LOADS: [], COMPARED: []}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call":
        for name, line in report.user_properties:
            if name in _TABLES:
                _TABLES[name].append(line)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    for title, lines in _TABLES.items():
        if lines:
            terminalreporter.write_sep("-", title)
            for line in sorted(lines) if title == COLD_LOADS else lines:
                terminalreporter.write_line(line)
