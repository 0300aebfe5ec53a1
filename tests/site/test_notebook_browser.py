"""The page as a notebook the reader can see (runner.js), in Chromium on the built site with every
request outside it refused: block states, Run all and Restart by keyboard, an honest Reset,
hidden checks explained under the reader's block, and output floods that cannot hang the page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from .browsing import settled
from .editing import code_of, replace_code

PAGE = "chain-rule/"
RUN_TIMEOUT = 90_000  # ms: a cold start loads Pyodide on a loaded 2-core machine
FLOOD = 100_000
FLOOD_CODE = f"for i in range({FLOOD}):\n    print(i)"


@pytest.fixture
def page(browser, site_url) -> Iterator:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    tab = context.new_page()
    tab.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).*"), lambda route: route.abort())
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.goto(site_url + PAGE, wait_until="load")
    settled(tab)
    tab.set_default_timeout(RUN_TIMEOUT)
    yield tab
    assert errors == []
    context.close()


def markers(page) -> list:
    """The toolbars of the shown blocks the browser can run, in page order."""
    found = page.locator(".lit-run:has(.lit-run-button)")
    return [found.nth(i) for i in range(found.count())]


def marker_with(page, text: str):
    return next(m for m in markers(page) if text in code_of(m))


def live(marker):
    """The reader's output of the block: right after its code."""
    return marker.locator("xpath=following-sibling::*[2][contains(@class,'lit-live')]")


def built(marker):
    """The build's output of the block: after its code (and after the reader's, if any)."""
    return marker.locator(
        "xpath=following-sibling::*[position() <= 3][contains(@class,'lit-output')"
        " and not(contains(@class,'lit-live'))][1]"
    )


def type_code(page, marker, code: str) -> None:
    replace_code(page, marker, code)


def run(page, marker) -> str:
    marker.locator(".lit-run-button").click()
    return wait_status(page, marker)


def wait_status(
    page, marker, pattern: str = "^(Ran|Error|Stopped|Could|An earlier|A check)"
) -> str:
    status = marker.locator(".lit-status")
    page.wait_for_function(
        "([el, p]) => new RegExp(p).test(el.textContent)", arg=[status.element_handle(), pattern]
    )
    return status.text_content()


def state(marker) -> str:
    return marker.locator(".lit-state").get_attribute("data-state")


def test_states_show_what_ran_what_changed_and_what_is_stale(page) -> None:
    first, second = markers(page)[:2]
    assert state(first) == "not-run" and "Not run" in first.locator(".lit-state").inner_text()
    assert run(page, second).startswith("Ran")
    assert state(first) == "ran" and state(second) == "ran"
    type_code(page, first, code_of(first) + "\nextra = 1")
    assert state(first) == "changed" and state(second) == "stale"
    assert "Changed since it ran" in first.locator(".lit-status").text_content()  # announced
    assert first.locator(".lit-status").get_attribute("aria-live") == "polite"
    assert "Stale" in second.locator(".lit-state").inner_text()  # in words, not colour alone


def test_run_all_and_restart_work_by_keyboard(page) -> None:
    bar = page.locator(".lit-page-bar")
    bar.locator(".lit-run-all-button").focus()
    page.keyboard.press("Enter")
    status = bar.locator(".lit-page-status")
    page.wait_for_function(
        "(el) => /^(Ran|Stopped|Could|A check)/.test(el.textContent)", arg=status.element_handle()
    )
    assert status.text_content() == "Ran every block of the page."
    assert {state(m) for m in markers(page)} == {"ran"}
    bar.locator(".lit-restart-button").focus()
    page.keyboard.press("Enter")
    assert "restarted" in status.text_content()
    assert {state(m) for m in markers(page)} == {"not-run"}


def test_the_page_bar_stands_right_above_the_first_block_the_browser_can_run(
    page, site_url
) -> None:
    for path in (PAGE, "pytorch/"):  # pytorch/ has blocks the browser cannot run, too
        page.goto(site_url + path, wait_until="load")
        settled(page)
        bar = page.locator(".lit-page-bar")
        bar.wait_for()
        assert bar.count() == 1, path
        first = markers(page)[0]  # the first block whose toolbar has a Run button
        assert first.evaluate(
            "(el) => el.previousElementSibling === document.querySelector('.lit-page-bar')"
        ), f"{path}: the bar is not right before the first block the browser can run"
        above, below = bar.bounding_box(), first.bounding_box()
        assert above and below and above["y"] + above["height"] <= below["y"], (path, above, below)


def test_reset_restores_code_output_and_state(page) -> None:
    expression = marker_with(page, 'f = Value(-2.0, label="f")')
    index = [code_of(m) for m in markers(page)].index(code_of(expression))
    printing = next(
        m for m in markers(page)[index + 1 :] if built(m).locator("pre.lit-stdout").count()
    )
    type_code(page, expression, code_of(expression).replace("Value(2.0", "Value(3.0"))
    assert run(page, expression).startswith("Ran")
    expression.locator(".lit-reset-button").click()
    assert state(expression) == "not-run" and state(printing) == "not-run"
    assert "2.0" in code_of(expression) and live(expression).count() == 0
    expected = built(printing).locator("pre.lit-stdout").inner_text()
    assert run(page, printing).startswith("Ran")
    assert live(printing).locator("pre.lit-stdout").inner_text() == expected


def test_a_broken_hidden_check_is_explained_under_the_edited_block(page) -> None:
    expression = marker_with(page, "L = d * f")
    after = markers(page)[[code_of(m) for m in markers(page)].index(code_of(expression)) + 1]
    type_code(page, expression, code_of(expression).replace("L = d * f", "L = d + f"))
    status = run(page, after)
    assert status.startswith("A check of the page failed")
    message = live(expression).locator("pre.lit-error").inner_text()
    assert message.startswith("Your change to this block breaks a check")
    assert "L = d*f should store" in message
    for text in (status, message):
        assert not re.search(r"\bline \d+|\.md\b", text), text


def test_a_flood_of_lines_is_drawn_capped(page) -> None:
    """How fast, against CPython, is scripts/bench/bench_browser.py's to measure (flood)."""
    first = markers(page)[0]
    assert run(page, first).startswith("Ran")  # Python started
    type_code(page, first, FLOOD_CODE)
    assert run(page, first).startswith("Ran")
    more = live(first).locator(".lit-more")
    assert re.match(rf"{FLOOD - 500:,} more lines", more.inner_text())
    assert live(first).locator("pre.lit-stdout").inner_text().count("\n") == 500
    more.locator("button").click()
    assert live(first).locator("pre.lit-stdout").inner_text().count("\n") == FLOOD


def test_stop_ends_an_endless_print_and_the_page_works_on(page) -> None:
    """How soon is scripts/bench/bench_browser.py's to measure (stop)."""
    first, second = markers(page)[:2]
    assert run(page, first).startswith("Ran")
    type_code(page, first, "while True:\n    print(1)")
    first.locator(".lit-run-button").click()
    live(first).locator(".lit-more").wait_for()  # the flood is on the page, capped
    first.locator(".lit-stop-button").click()
    assert wait_status(page, first, "^Stopped") == "Stopped."
    assert {state(m) for m in markers(page)} == {"not-run"}
    first.locator(".lit-reset-button").click()  # else the next run replays the loop
    assert run(page, second).startswith("Ran")  # in a fresh Python
