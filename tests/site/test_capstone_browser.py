"""The capstone, Write it yourself, in Chromium on the built site with every outside request
refused, in the order a reader meets it on one page load: Run all trains the package's engine
alone, saying to press Check first; the empty starter fails the first property with the build's
own words; each shortcut is refused with its sentence; each engine with one broken backward
rule (tests/test_mutations.py's) fails a property, and each with one common mistake the
property that names it; the solution and the package's engine pasted pass; then
the training block trains on the reader's engine and reaches the build's accuracy.

(Run all's page-wide comparison, test_run_all_browser.py, leaves this page out: its last block
shows the build's run on the solution, and a reader's Run all before Check cannot.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine_mutants import ENGINE, MISTAKES, MUTANTS, ZERO_GRAD, broken
from tests.shortcut_table import PAGES as SHORTCUTS

from .browsing import (
    DESKTOP,
    RUN_TIMEOUT,
    Recorder,
    page_url,
    refuse_outside,
    reload,
    settled,
    text_in_view,
    within_reach,
)
from .editing import replace_code
from .running import built_output, check, exercises_of, live_output, load_solution, wait_done

pytestmark = [pytest.mark.site, pytest.mark.xdist_group("capstone")]

PATH = "write-it-yourself/index.html"
FINISHED = "(el) => /^(Ran every|Stopped|Could|A check|An earlier)/.test(el.textContent)"
ACCURACY = re.compile(r"^(yours|package)\s+(\d+)%", re.M)


@pytest.fixture(scope="module")
def capstone(browser, site_url) -> Iterator[Any]:
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    refuse_outside(page)
    recorder = Recorder(page)
    page.goto(page_url(site_url, PATH), wait_until="load")
    settled(page)
    # what the build's run of the training block said, before any run replaces it
    page.built_accuracy = dict(ACCURACY.findall(text_in_view(built_output(training_block(page)))))
    yield page
    context.close()
    assert recorder.errors == [], recorder.errors


def exercise(page) -> tuple[int, dict, Any]:
    ((index, found),) = exercises_of(page)
    return index, found, page.locator(f'.lit-exercise[data-lit-block="{index}"]')


def training_block(page):
    return page.locator(".lit-run").last


def test_run_all_trains_the_package_alone_and_says_to_check_first(capstone) -> None:
    button = capstone.locator(".lit-run-all-button")
    button.focus()
    capstone.keyboard.press("Enter")
    status = capstone.locator(".lit-page-status")
    capstone.wait_for_function(FINISHED, arg=status.element_handle(), timeout=RUN_TIMEOUT)
    assert status.text_content() == "Ran every block of the page."
    said = text_in_view(live_output(training_block(capstone)))
    assert said.startswith("No engine of yours holds every property yet: press Check above.")
    assert set(dict(ACCURACY.findall(said))) == {"package"}, said


def test_the_starter_fails_the_first_property_with_the_builds_words(capstone) -> None:
    index, found, _ = exercise(capstone)
    said = check(capstone, index)
    assert said == f"Not yet. {found['starter_feedback']}"
    assert said.startswith("Not yet. Property 1 of 13, a Value holds its number, does not hold.")


@pytest.mark.parametrize("row", SHORTCUTS["write-it-yourself.md"], ids=lambda row: row.name)
def test_each_shortcut_is_refused_with_its_sentence(capstone, row) -> None:
    index, _, marker = exercise(capstone)
    replace_code(capstone, marker, row.code)
    said = check(capstone, index)
    assert said.startswith("Not yet. ") and row.says in said, said


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_each_common_mistake_fails_at_its_property(capstone, name) -> None:
    line, replacement, prop = MISTAKES[name]
    index, _, marker = exercise(capstone)
    replace_code(capstone, marker, broken(line, replacement))
    said = check(capstone, index)
    assert f", {prop}, does not" in said, said


@pytest.mark.parametrize("name", sorted(set(MUTANTS) - {"log uses x"}))  # no log() is asked for
def test_each_engine_with_a_broken_rule_fails_a_property(capstone, name) -> None:
    index, _, marker = exercise(capstone)
    replace_code(capstone, marker, broken(*MUTANTS[name]))
    said = check(capstone, index)
    assert said.startswith("Not yet. ") and ", does not" in said, said


def test_the_solution_passes(capstone) -> None:
    index, found, _ = exercise(capstone)
    load_solution(capstone, index)
    assert check(capstone, index) == f"Solved. {found['success']}"


def test_the_packages_engine_passes_and_then_trains_to_the_builds_accuracy(capstone) -> None:
    index, found, marker = exercise(capstone)
    replace_code(capstone, marker, ENGINE + ZERO_GRAD)
    assert check(capstone, index) == f"Solved. {found['success']}"
    block = training_block(capstone)
    built = capstone.built_accuracy
    within_reach(block.locator(".lit-run-button")).click()
    assert wait_done(capstone, block).startswith("Ran"), block.inner_text()
    output = live_output(block)
    said = text_in_view(output)
    ran = dict(ACCURACY.findall(said))
    assert int(ran["yours"]) >= int(built["yours"]) > 0, (ran, built)
    assert "the package's time per step" in said
    assert output.locator(".mg-frames svg").count() >= 2  # the boundary and the loss curve


def test_how_far_a_check_got_is_kept_and_shows_on_the_home_page(open_page) -> None:
    """A check that counts keeps its count with the reader's code: in the page's tally, after a
    reload, and in the home page's table."""
    page, _ = open_page(PATH, DESKTOP)
    refuse_outside(page)
    index, found, marker = exercise(page)
    line, replacement, _ = MISTAKES["a missing seed"]
    replace_code(page, marker, broken(line, replacement))
    said = check(page, index)
    held = re.match(r"Not yet\. Properties 1 to (\d+) of (\d+) hold", said)
    assert held, said
    words = f"the first {held[1]} of {held[2]} held"
    tally = page.locator("aside.lit-progress li")
    assert tally.inner_text() == f"{found['title']}: not solved yet ({words})"
    reload(page)
    feedback = marker.locator("xpath=following-sibling::div[contains(@class,'lit-feedback')][1]")
    assert feedback.inner_text() == f"Your last check on this device: {words}."
    page.goto(page.url.split(PATH.removesuffix("index.html"))[0], wait_until="load")
    settled(page)
    row = page.locator(".lit-progress-all tr", has_text="Write it yourself")
    row.wait_for()
    assert row.locator("td").nth(1).inner_text() == f"0 of 1; {found['title']}: {words}"


def test_the_hints_open_one_at_a_time(open_page) -> None:
    page, _ = open_page(PATH, DESKTOP)
    refuse_outside(page)
    hints = page.locator("details.lit-exercise-hint")
    count = hints.count()
    assert count == 4, count
    titles = [hints.nth(i).locator("summary").inner_text().strip() for i in range(count)]
    assert titles == [f"Hint {k} of {count}" for k in range(1, count + 1)]
    for k in range(count):
        shown = [hints.nth(i).is_visible() for i in range(count)]
        assert shown == [i <= k for i in range(count)], (k, shown)
        within_reach(hints.nth(k).locator("summary")).click()
        assert hints.nth(k).get_attribute("open") is not None
