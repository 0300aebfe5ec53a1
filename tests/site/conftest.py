"""Fixtures of the site tests: the site, built once per run with `mkdocs build --strict` and
served on 127.0.0.1, one Chromium per test process, and pages opened in fresh contexts.

Under pytest-xdist (`make test` runs `-n`), the controller serves one folder for the whole run
(run_hooks.py) and the first worker that needs the site builds it there (under a file lock) for
every worker; a plain `pytest` run serves and builds in its own process."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from filelock import FileLock

from .browsing import (
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO_ROOT,
    Visits,
    load,
    serve,
)
from .run_hooks import SHARED_SITE


@pytest.fixture(scope="session")
def served_site(request: pytest.FixtureRequest, tmp_path_factory) -> Iterator[tuple[Path, str]]:
    """The built site and its URL: it is served first, so the build knows its site_url."""
    shared = getattr(request.config, "workerinput", {}).get(SHARED_SITE)  # see run_hooks.py
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
        return load(context, base, path)

    yield open_
    for context in contexts:
        context.close()


@pytest.fixture(scope="session")
def visit(browser, site_url: str) -> Iterator:
    """visit(path, viewport) -> (page, recorder): the page as a fresh visitor first sees it,
    shared by the tests of this process that only look at it. A test that changes the page puts
    it back as it was (the colour scheme, a style it added); one that needs its own page, its
    own storage or a reload uses open_page. Parametrize by `per_page` so that a page's tests run
    in one process, in a row."""
    visits = Visits(browser, site_url)
    yield visits.open
    visits.close()
