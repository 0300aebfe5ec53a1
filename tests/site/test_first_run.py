"""The first run of a page, as a reader sees it (runner.js, runner-live.js, runner-worker.js):
the status says each stage in turn (the download, Python starting, each block above that runs
first), Python starts when the keyboard reaches a Run button (restored from the build's
snapshot of it, or started if that fails), and the prose's numbers a run changed say so on
screen, with the page's own value beside them. The runner's other tests, and the failure above
that names its block, are in test_runner.py."""

from __future__ import annotations

import re

import pytest

from .browsing import DESKTOP, refuse_outside, text_in_view
from .editing import block_containing, code_of, replace_code
from .running import runnable, said, wait_done, watch_status

pytestmark = pytest.mark.site

PAGE = "chain-rule/index.html"


def test_a_first_run_says_what_it_does_stage_by_stage(open_page) -> None:
    """Pressing Run on a late block of a fresh page: the status says the download, then that
    Python starts, then each shown block above as it runs (k of n), then the run itself; no
    stage is skipped or said out of order, and the words are on screen."""
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    markers = page.locator(".lit-run")
    shown = runnable(page)
    above = max(k for k, i in enumerate(shown) if markers.nth(i).is_visible())
    marker = markers.nth(shown[above])  # the last on screen (not in a closed <details>)
    status = marker.locator(".lit-status")
    watch_status(status)
    marker.locator(".lit-run-button").click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    texts = said(status)
    assert status.is_visible()
    assert texts[0].startswith("Downloading Python for your browser"), texts
    downloads = [i for i, text in enumerate(texts) if text.startswith("Downloading")]
    steps = [f"Running block {k} of {above} above first…" for k in range(1, above + 1)]
    order = [texts.index(text) for text in ["Starting Python…", *steps, "Running…"]]
    assert max(downloads) < order[0] and order == sorted(order), texts
    assert texts[-1].startswith("Ran in") and texts.index("Running…") == len(texts) - 2, texts
    assert not recorder.errors, recorder.errors


def test_the_keyboard_on_a_run_button_starts_python(open_page) -> None:
    """Focus reaching Run by the keyboard starts Python's download, as the pointer on it does,
    and says nothing until the reader presses it."""
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    marker.locator(".lit-reset-button").focus()
    assert not [url for url in recorder.requests if "runner-worker" in url]
    with page.expect_request(re.compile(r".*/runtime/pyodide/")):
        page.keyboard.press("Shift+Tab")  # from Reset back to Run (Stop is hidden)
    assert marker.locator(".lit-run-button").evaluate("(b) => b === document.activeElement")
    assert marker.locator(".lit-status").text_content() == ""
    assert not recorder.errors, recorder.errors


RESTORE_FAILED = "Python's snapshot could not be restored"


def first_run_with_worker_warnings(page) -> list[str]:
    """Run the page's first runnable block, as a reader's first run; the worker's warnings."""
    warnings: list[str] = []
    page.on("worker", lambda worker: worker.on("console", lambda m: warnings.append(m.text)))
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    marker.locator(".lit-run-button").click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    return warnings


def test_a_first_run_restores_python_from_the_builds_snapshot(open_page) -> None:
    """The worker restores Python from the snapshot the build saved (runner-worker.js), which
    skips its start, and the run works from it: nothing said of a restore that failed (the next
    test shows that it would be)."""
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    with page.expect_response(re.compile(r".*/runtime/pyodide/snapshot\.bin\.gz$")) as fetched:
        warnings = first_run_with_worker_warnings(page)
    assert fetched.value.ok
    assert not [text for text in warnings if RESTORE_FAILED in text], warnings
    assert not recorder.errors, recorder.errors


def test_a_snapshot_that_cannot_be_restored_leaves_python_to_start(open_page) -> None:
    """A snapshot that is not one (here, other bytes in its place) is said in the console, and
    Python starts as it would without one: the run works."""
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    page.context.route(
        re.compile(r".*/runtime/pyodide/snapshot\.bin\.gz$"),
        lambda route: route.fulfill(status=200, body=b"not a snapshot of Python"),
    )
    warnings = first_run_with_worker_warnings(page)
    assert [text for text in warnings if RESTORE_FAILED in text], warnings
    assert not recorder.errors, recorder.errors


def test_a_changed_prose_number_shows_the_pages_value_in_words(open_page) -> None:
    """After an edit and a run, a number of the prose that changed is marked, and the page's
    own value stands beside it in words, on screen without hover or focus (and so read aloud),
    with no tab stop of its own; none of it says "build"."""
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    built = page.locator(".lit-inline").all_text_contents()
    marker = block_containing(page, 'a = Value(2.0, label="a")')
    replace_code(page, marker, code_of(marker).replace("Value(2.0", "Value(3.0"))
    marker.locator(".lit-run-button").click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    changed = page.locator(".lit-inline.lit-changed")
    changed.first.wait_for()
    page.mouse.move(0, 0)
    spans = page.locator(".lit-inline")
    for i in range(spans.count()):
        span = spans.nth(i)
        if "lit-changed" not in (span.get_attribute("class") or ""):
            continue
        now, was = span.locator(".lit-now"), span.locator(".lit-was")
        assert now.text_content() != built[i]
        # (scrolled to, as a reader reads it: prose far below is drawn as it comes near)
        shown = text_in_view(span)
        assert shown == f"{now.text_content()} (was {built[i]} before your run)"
        box = was.bounding_box()
        assert was.is_visible() and box and box["width"] > 20, box
        assert span.get_attribute("tabindex") is None
        assert "build" not in shown
    assert not recorder.errors, recorder.errors
