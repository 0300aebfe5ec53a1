"""A second visit uses the browser's cache: after a first Run has downloaded Python, the next
visit's Run takes the vendored runtime from the cache (no request reaches the server for it),
and asks only whether this build's own files changed (answered 304, no body). Measured in the
access log of a server of its own, with the Cache-Control headers a real host should send
(browsing.cache_control), in a browser profile on disk as a reader's is."""

from __future__ import annotations

from pathlib import Path

import pytest

from .browsing import CHROMIUM, CHROMIUM_ARGS, DESKTOP, RUNTIME, serve, settled
from .running import runnable, wait_done

pytestmark = pytest.mark.site

PAGE = "chain-rule/"
BIG = ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip", "viz/viz.js")


def run_first_block(page, url: str) -> None:
    page.goto(url + PAGE, wait_until="load")
    settled(page)
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    marker.locator(".lit-run-button").click()
    assert wait_done(page, marker).startswith("Ran"), marker.locator(".lit-status").text_content()


def runtime_requests(log: list[str]) -> list[str]:
    """The requests for Python's runtime (KaTeX, beside it, comes with a page's maths)."""
    return [line for line in log if f" {RUNTIME}" in line and "/katex/" not in line]


def test_a_second_visit_takes_the_runtime_from_the_browsers_cache(
    browser, built_site: Path, tmp_path: Path
) -> None:
    log: list[str] = []
    with serve(built_site, log) as url:
        # a profile on disk: an in-memory (incognito) cache keeps no file the size of Pyodide's
        context = browser.browser_type.launch_persistent_context(
            tmp_path / "profile",
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            viewport=DESKTOP,
        )
        try:
            page = context.new_page()
            page.goto(url + PAGE, wait_until="load")
            assert runtime_requests(log) == [], "the page load fetched the runtime"
            run_first_block(page, url)
            first = runtime_requests(log)
            for name in BIG:
                assert f"GET {RUNTIME}{name} 200" in first, first
            log.clear()
            run_first_block(page, url)  # a second visit: a new page load, then Run
            second = runtime_requests(log)
        finally:
            context.close()
    assert not [line for line in second if any(name in line for name in BIG)], second
    # this build's own Python files are asked for again and answered "not modified"
    assert second and all(line.endswith(" 304") for line in second), second
