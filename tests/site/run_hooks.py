"""The site tests' hooks that must run in pytest-xdist's controller, which loads no conftest.py
below the root: it serves the one folder every worker's site build goes into, and it prints the
tables the tests record; and it adds the --screenshots option. Registered by the root
conftest.py (pytest_plugins)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from tests.site.browsing import COLD_LOADS, COMPARED, SIZE_TABLE, serve

SHARED_SITE = "literate_site"  # workerinput key: [folder, url] of the controller's served site


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--screenshots",
        action="store_true",
        help="save screenshots of every page in both schemes and at phone width to "
        "test-artifacts/screenshots/ (make screenshots); off by default, a full page costs ~1 s",
    )


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
