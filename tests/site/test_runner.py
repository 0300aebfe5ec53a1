"""The in-browser runner (scripts/literate/browser/assets/runner.js): edit, run, stop and reset
blocks, in Chromium, on the built site with every request outside it refused.

The tests of the chapter page that need no fresh Python share one page (`warm`), in one process
and in the order written: the first of them starts Python cold, the others run in it; the one
that resets a block (the next run then starts a fresh Python) comes after them, then the one
that needs the blocks above not run (a failure above), and the one that stops Python last. The
stop test and the tests of other pages open their own; the first run's stages are in
test_first_run.py."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from .browsing import DESKTOP, load, refuse_outside, wait_for_text, within_reach
from .editing import code_of, open_editor, replace_code
from .running import blocks_of, live_output, runnable, said, wait_done, watch_status

pytestmark = pytest.mark.site

PAGE = "chain-rule/index.html"
WARM = pytest.mark.xdist_group("runner warm page")


@pytest.fixture(scope="module")
def warm(browser, site_url) -> Iterator[tuple]:
    """(page, recorder): the chapter, loaded once for the tests marked WARM, with the outside
    world refused; each test edits the first block or runs a late one, and none may leave an
    error of the page behind."""
    context = browser.new_context(viewport=DESKTOP, color_scheme="light")
    page, recorder = load(context, site_url, PAGE)
    refuse_outside(page)
    yield page, recorder
    context.close()


def test_a_page_load_downloads_none_of_the_runtime(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    assert page.locator(".lit-run-button").count() > 5
    python = [url for url in recorder.requests if "/runtime/" in url and "/katex/" not in url]
    code = [url for url in recorder.requests if "/assets/blocks/" in url]  # the blocks' code
    loaded = python + code + [url for url in recorder.requests if "runner-worker" in url]
    assert loaded == []


def test_a_run_says_when_the_pages_code_did_not_load_and_loads_it_on_the_next(open_page) -> None:
    page, _ = open_page(PAGE, DESKTOP)
    marker = page.locator(".lit-run").nth(runnable(page)[0])  # (reads the file itself first)
    page.route("**/assets/blocks/**", lambda route: route.fulfill(status=404))
    within_reach(marker.locator(".lit-run-button")).click()
    said = wait_done(page, marker)
    assert (
        said == "Could not run: this page's code did not load (404 /assets/blocks/chain-rule.json)"
    )
    assert marker.locator(".lit-status").is_visible()
    page.unroute("**/assets/blocks/**")
    within_reach(marker.locator(".lit-run-button")).click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    assert live_output(marker).is_visible()


@WARM
def test_a_late_block_runs_the_blocks_above_it_first_and_draws_its_graph(warm) -> None:
    page, recorder = warm
    blocks = blocks_of(page)
    markers = page.locator(".lit-run")
    graph_blocks = [
        i
        for i in runnable(page)
        if "draw_dot(" in blocks[int(markers.nth(i).get_attribute("data-lit-block"))]["code"]
    ]
    assert len(graph_blocks) >= 2
    assert live_output(markers.nth(graph_blocks[0])).count() == 0  # not run before this test
    marker = markers.nth(graph_blocks[-1])
    marker.locator(".lit-run-button").focus()
    page.keyboard.press("Enter")
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    assert live_output(marker).locator("svg").count() == 1
    assert "grad" in live_output(marker).locator("svg").text_content()
    # the first graph block ran too, on the way, and shows the reader's run
    assert live_output(markers.nth(graph_blocks[0])).count() == 1
    assert not recorder.errors, recorder.errors


@WARM
def test_edit_a_block_and_run_it_with_the_keyboard(warm) -> None:
    page, recorder = warm
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    editor = open_editor(page, marker)
    page.keyboard.press("Control+A")
    page.keyboard.type("answer = 6 * 7\nprint('the answer is', answer)")
    page.keyboard.press("Control+Enter")
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    assert "the answer is 42" in live_output(marker).inner_text()
    assert editor.locator(".mi").count() >= 2  # still highlighted while edited
    assert not recorder.errors, recorder.errors
    assert not recorder.foreign_requests(), recorder.foreign_requests()


@WARM
def test_a_graph_drawn_by_a_run_is_cleaned_and_set_up_like_the_builds(warm) -> None:
    """The run's SVG comes cleaned by the build's own cleaner (present/svg.py, in Pyodide), and
    runner-live.js announces the new output (literate:content), so graphs.js sizes it, with no
    global between them."""
    page, recorder = warm
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    open_editor(page, marker)
    page.keyboard.press("Control+A")
    page.keyboard.type(
        "from micrograd import Value, draw_dot\n"
        'a = Value(3.0, label="a")\nb = a * a\nb.backward()\ndraw_dot(b)'
    )
    page.keyboard.press("Control+Enter")
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    svg = live_output(marker).locator("svg")
    assert svg.get_attribute("class") == "lit-graph", svg.get_attribute("class")
    assert svg.get_attribute("width") is None and "max-width" in svg.get_attribute("style")
    ids = svg.evaluate("(s) => [...s.querySelectorAll('[id]')].map((e) => e.id)")
    assert ids and all(i.startswith("lit-live") for i in ids), ids[:5]
    assert svg.get_attribute("data-sized") == "1"  # graphs.js heard of it
    assert "grad 6.0000" in svg.text_content()
    assert not recorder.errors, recorder.errors


@WARM
def test_an_error_shows_its_traceback_with_the_page_line(warm) -> None:
    page, recorder = warm
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    line = blocks_of(page)[int(marker.get_attribute("data-lit-block"))]["line"]
    open_editor(page, marker)
    page.keyboard.press("Control+A")
    page.keyboard.type("x = 1\n1 / 0")
    page.keyboard.press("Control+Enter")
    assert wait_done(page, marker).startswith("Error")
    text = live_output(marker).inner_text()
    assert f'File "docs/chain-rule.md", line {line + 1}' in text
    assert "ZeroDivisionError: division by zero" in text
    assert not recorder.errors, recorder.errors  # the reader's error is output, not a crash


@WARM
def test_reset_restores_the_built_code_and_output(warm) -> None:
    page, recorder = warm
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    # the build's code (the tests before this one edited the block)
    built_code = blocks_of(page)[int(marker.get_attribute("data-lit-block"))]["code"].rstrip("\n")
    open_editor(page, marker)
    page.keyboard.press("Control+A")
    page.keyboard.type("print('mine')")
    within_reach(marker.locator(".lit-run-button")).click()
    assert wait_done(page, marker).startswith("Ran")
    within_reach(marker.locator(".lit-reset-button")).click()
    assert code_of(marker) == built_code
    assert live_output(marker).count() == 0
    assert "Reset" in marker.locator(".lit-status").text_content()
    assert not recorder.errors, recorder.errors


@WARM
def test_a_failure_above_names_its_block_and_leads_to_it(warm) -> None:
    """Running a block whose blocks above have not run (the reset before this test marked
    them so), the first of which fails: the status names it as the steps counted it and by
    how its code starts, and its button takes the reader, and the keyboard, there."""
    page, recorder = warm
    markers = page.locator(".lit-run")
    failing, between, asked = (markers.nth(i) for i in runnable(page)[:3])
    replace_code(page, failing, 'raise ValueError("on purpose")')
    status = asked.locator(".lit-status")
    watch_status(status)
    within_reach(asked.locator(".lit-run-button")).click()
    text = wait_done(page, asked)
    assert text == (
        'An earlier block failed: block 1 of 2 above (“raise ValueError("on purpose")”); '
        "see its output. Show it"
    ), text
    assert "Running block 1 of 2 above first…" in said(status), said(status)
    assert "Running block 2 of 2 above first…" not in said(status), said(status)
    assert "ValueError: on purpose" in live_output(failing).inner_text()
    assert between.locator(".lit-state").get_attribute("data-state") == "not-run"
    page.mouse.wheel(0, 100_000)  # further down the page: the block is out of sight
    within_reach(status.get_by_role("button", name="Show it")).click()
    assert failing.locator(".lit-run-button").evaluate("(b) => b === document.activeElement")
    header = page.locator("header.md-header").bounding_box()
    box = failing.locator(".lit-run-button").bounding_box()  # on screen, below the header
    assert header["height"] <= box["y"] < page.viewport_size["height"] - box["height"], box
    assert not recorder.errors, recorder.errors


@WARM
def test_a_long_run_counts_its_seconds_without_reading_them_aloud(warm) -> None:
    """While a block runs (here, for ever), its status shows the seconds since it started, so
    the line never sits still; the seconds are hidden from screen readers, which heard
    "Running…" once. Stop ends it (and this page's Python: the last warm test)."""
    page, recorder = warm
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    replace_code(page, marker, "while True:\n    pass")
    within_reach(marker.locator(".lit-run-button")).click()
    clock = marker.locator(".lit-status .lit-clock")
    clock.wait_for()
    page.wait_for_function("(el) => /^ \\d+ s$/.test(el.textContent)", arg=clock.element_handle())
    assert clock.get_attribute("aria-hidden") == "true"
    assert marker.locator(".lit-status").text_content().startswith("Running… ")
    within_reach(marker.locator(".lit-stop-button")).click()
    assert wait_done(page, marker) == "Stopped."
    assert clock.count() == 0
    assert not recorder.errors, recorder.errors


def test_stop_ends_a_long_run_and_the_next_run_starts_afresh(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    first, second = (page.locator(".lit-run").nth(i) for i in runnable(page)[:2])
    open_editor(page, first)
    page.keyboard.press("Control+A")
    page.keyboard.type("while True:\n    pass")
    within_reach(first.locator(".lit-run-button")).click()
    stop = first.locator(".lit-stop-button")
    stop.wait_for(state="visible")
    # wait for any state past starting, not for "Running" alone: a run that ended at once (an
    # error) would leave the wait to time out without saying why
    status = wait_for_text(page, first.locator(".lit-status"), "Running|Ran|Error|Could|Stopped")
    assert status.startswith("Running"), f"{status!r}; the code run: {code_of(first)!r}"
    within_reach(stop).click()
    assert wait_done(page, first) == "Stopped."
    within_reach(first.locator(".lit-reset-button")).click()
    within_reach(second.locator(".lit-run-button")).click()
    assert wait_done(page, second).startswith("Ran"), second.inner_text()
    assert not recorder.errors, recorder.errors


def test_instant_navigation_then_run(open_page) -> None:
    page, recorder = open_page("index.html", DESKTOP)
    refuse_outside(page)
    # Material intercepts links once its bundle has set up (location$): before, a click loads
    page.wait_for_function("typeof window.location$ !== 'undefined'")
    page.wait_for_load_state("networkidle")
    page.evaluate("window.__sameDocument = true")
    within_reach(page.locator("article a[href*='chain-rule']").first).click()
    page.wait_for_url(re.compile(r".*/chain-rule/.*"))
    # The home page runs code too: wait for chain-rule's own blocks, then for their buttons.
    page.wait_for_function(
        "() => (document.querySelector('.lit-blocks') || {dataset: {}}).dataset.litPage"
        "?.includes('chain-rule')"
    )
    page.wait_for_selector(".lit-run-button")
    assert page.evaluate("window.__sameDocument === true"), "the link reloaded the page"
    marker = page.locator(".lit-run").nth(runnable(page)[0])
    within_reach(marker.locator(".lit-run-button")).click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    assert not recorder.errors, recorder.errors


def test_build_only_blocks_say_so_instead_of_a_run_button(open_page) -> None:
    page, _ = open_page("pytorch/index.html", DESKTOP)
    notes = page.locator(".lit-build-only")
    assert notes.count() >= 1
    assert "build only" in notes.first.text_content()


def test_a_plot_is_redrawn_in_the_browser(open_page) -> None:
    page, recorder = open_page("derivatives/index.html", DESKTOP)
    refuse_outside(page)
    blocks = blocks_of(page)
    markers = page.locator(".lit-run")
    plots = [
        i
        for i in runnable(page)
        if "subplots(" in blocks[int(markers.nth(i).get_attribute("data-lit-block"))]["code"]
    ]
    marker = markers.nth(plots[0])
    within_reach(marker.locator(".lit-run-button")).click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()
    figure = live_output(marker).locator("svg.lit-figure")
    assert figure.count() == 1 and figure.locator("polyline").count() >= 1
    assert not recorder.errors, recorder.errors
