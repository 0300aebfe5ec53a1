"""The built site, shared by every site test: built once per session with `mkdocs build --strict`
into a temporary folder, served on 127.0.0.1, and (for the browser tests) one Chromium."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
DOCS = REPO_ROOT / "docs"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
SIZE_TABLE: list[str] = []  # filled by test_weight, printed in the terminal summary
COLD_LOADS: list[str] = []  # likewise: what a first visit to each page downloads


def source_pages() -> list[str]:
    """Every page the site builds, as its HTML path in the site, from the sources in docs/."""
    pages = []
    for path in sorted(DOCS.rglob("*.md")):
        relative = path.relative_to(DOCS)
        if relative.parts[0] == "assets":
            continue
        stem = relative.with_suffix("")
        if stem.name in ("index", "README"):
            pages.append(str(stem.parent / "index.html").removeprefix("./"))
        else:
            pages.append(f"{stem.as_posix()}/index.html")
    for path in sorted((DOCS / "notebooks").glob("*.py")):
        pages.append(f"notebooks/{path.stem}/index.html")
    return pages


_FAILED_BUILDS: dict[Path, str] = {}  # a failed build fails every test using it, built once


def mkdocs_build(config: Path, site_dir: Path, site_url: str | None = None) -> None:
    """`mkdocs build --strict`; a failure fails the calling test with the build's log.

    site_url (mkdocs.yml reads it from SITE_URL) is where the site will be served: Material's
    instant navigation works only there."""
    if config in _FAILED_BUILDS:
        pytest.fail(_FAILED_BUILDS[config], pytrace=False)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", config, "-d", site_dir],
        cwd=config.parent,
        capture_output=True,
        text=True,
        env={
            **os.environ,
            "NO_MKDOCS_2_WARNING": "1",
            **({"SITE_URL": site_url} if site_url else {}),
        },
        timeout=600,
    )
    if result.returncode != 0:
        log = "\n".join(line for line in result.stderr.splitlines() if "INFO" not in line)
        _FAILED_BUILDS[config] = f"mkdocs build --strict failed:\n{log[-6000:]}"
        pytest.fail(_FAILED_BUILDS[config], pytrace=False)


@pytest.fixture(scope="session")
def served_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, str]]:
    """The site and its URL: the server starts first, so the build knows its site_url."""
    site = tmp_path_factory.mktemp("site") / "out"
    site.mkdir()
    with serve(site) as url:
        mkdocs_build(REPO_ROOT / "mkdocs.yml", site, site_url=url)
        yield site, url


@pytest.fixture(scope="session")
def built_site(served_site: tuple[Path, str]) -> Path:
    return served_site[0]


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serve(root: Path) -> Iterator[str]:
    """Serve a folder on a free port of 127.0.0.1; yields its base URL (ending in "/")."""
    handler = functools.partial(_QuietHandler, directory=str(root))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@pytest.fixture(scope="session")
def site_url(served_site: tuple[Path, str]) -> str:
    return served_site[1]


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing (`make test` installs it: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


STEPPER_PAGE = """\
# A stepper

```python exec="1"
from micrograd import Value
from spelled_out import backward_stepper

a = Value(2.0, label="a")
b = Value(-3.0, label="b")
c = a * b
c.label = "c"
L = (c + a).tanh()
L.label = "L"
backward_stepper(L)
```
"""


@pytest.fixture(scope="session")
def stepper_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-page site with a backward stepper, with the repo's mkdocs.yml settings (INHERIT)."""
    root = tmp_path_factory.mktemp("stepper-site")
    docs = root / "docs"
    shutil.copytree(DOCS / "assets", docs / "assets")
    (docs / "index.md").write_text(STEPPER_PAGE, encoding="utf-8")
    config = f"""\
        INHERIT: {REPO_ROOT / "mkdocs.yml"}
        docs_dir: {docs}
        theme:
          custom_dir: {REPO_ROOT / "overrides"}
        plugins:
          - search
          - literate:
              packages: [micrograd, spelled_out]
        nav:
          - Stepper: index.md
        """
    (root / "mkdocs.yml").write_text(textwrap.dedent(config), encoding="utf-8")
    mkdocs_build(root / "mkdocs.yml", root / "out")
    return root / "out"


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if SIZE_TABLE:
        terminalreporter.write_sep("-", "site page sizes (HTML only, shared assets excluded)")
        for line in SIZE_TABLE:
            terminalreporter.write_line(line)
    if COLD_LOADS:
        terminalreporter.write_sep("-", "a first visit to each page: HTML and every asset fetched")
        for line in sorted(COLD_LOADS):
            terminalreporter.write_line(line)
