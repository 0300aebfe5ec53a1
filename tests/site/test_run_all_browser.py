"""Every chapter in Chromium, on the built site with every request outside it refused, one page
load and one Python per chapter:

- Run all: each block the browser runs shows what the build showed, line for line (its printed
  text and values; a widget with the same controls and nodes; a graph with the same nodes), a
  block whose output varies by design shows the same shape under the page's note saying so, and
  a block only the build can run says so;
- then, on the page Run all left, every exercise's starter fails and its solution passes with
  the build's own feedback, and each shortcut of tests/shortcut_table.py is refused with its
  sentence, typed into the exercise's editor as a reader would paste it.

The page is a module-scoped fixture that presses Run all as it loads the page, and each chapter
is an xdist group: both tests of a chapter share one page, in one process."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.shortcut_table import PAGES as SHORTCUTS

from .browsing import (
    DESKTOP,
    RUN_TIMEOUT,
    Recorder,
    page_url,
    per_page,
    refuse_outside,
    settled,
)
from .editing import replace_code
from .running import (
    blocks_of,
    built_output,
    catalogue,
    check,
    described,
    exercises_of,
    live_output,
    load_solution,
    pages_that_run,
)

pytestmark = pytest.mark.site

# The capstone's last block trains the engine that passed its Check (in the build, the
# solution's), which Run all alone does not give: test_capstone_browser.py runs that page in a
# reader's order.
CHAPTERS = [path for path in pages_that_run() if path != "write-it-yourself/index.html"]
FINISHED = "(el) => /^(Ran every|Stopped|Could|A check|An earlier)/.test(el.textContent)"


@dataclass
class Chapter:
    path: str
    page: Any
    status: str  # the page's status line after Run all
    differences: list[str]  # the blocks whose run showed other than the build


@pytest.fixture(scope="module")
def chapter(browser, site_url, request) -> Iterator[Chapter]:
    """The chapter's page, loaded with the outside world refused, after Run all (pressed here,
    so that it runs first whichever test of the chapter comes first); no error by the end."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    refuse_outside(page)
    recorder = Recorder(page)
    page.goto(page_url(site_url, request.param), wait_until="load")
    settled(page)
    yield Chapter(request.param, page, *run_all(page))
    context.close()
    assert recorder.errors == [], recorder.errors


def varies_note(output) -> str:
    """The page's note in an output that varies by design ("" if none)."""
    note = output.locator(".lit-varies")  # its text, drawn yet or not (literate.css)
    return note.text_content() if note.count() else ""


def runs_in_page(block: dict) -> bool:
    return block["browser"] and block["kind"] in ("code", "setup")


def run_all(page) -> tuple[str, list[str]]:
    """Press Run all by keyboard and wait for the page to finish: its status line, and what
    differs from the build, block by block."""
    blocks = blocks_of(page)
    found = page.locator(".lit-run")
    markers = [found.nth(i) for i in range(found.count())]
    shown = [(m, blocks[int(m.get_attribute("data-lit-block"))]) for m in markers]
    if not any(runs_in_page(block) for _, block in shown):
        return "", ["no block of the page runs here"]
    built = [described(built_output(m)) for m, _ in shown]  # before the run hides them
    notes = [varies_note(built_output(m)) for m, _ in shown]

    button = page.locator(".lit-run-all-button")
    button.focus()
    page.keyboard.press("Enter")
    status = page.locator(".lit-page-status")
    page.wait_for_function(FINISHED, arg=status.element_handle(), timeout=RUN_TIMEOUT)

    differ = []
    for (marker, block), want, note in zip(shown, built, notes):
        where = f"the block at line {block['line']}"
        if not runs_in_page(block):  # said in its toolbar; the build's output stays
            said = marker.locator(".lit-build-only").text_content()
            if not said.startswith("Runs at build only"):
                differ.append(f"{where} says {said!r}, not that it runs at build only")
            if live_output(marker).count() or described(built_output(marker)) != want:
                differ.append(f"{where} runs at build only, but its output changed")
            continue
        got = described(live_output(marker))
        if note:  # the note names what differs; the lines and what they are do not
            live_note = varies_note(live_output(marker))
            if not (note.startswith("As built; ") and note.endswith(" differ from run to run.")):
                differ.append(f"{where}: the build's note reads {note!r}")
            if live_note != note.replace("As built", "Your run"):
                differ.append(f"{where}: the run's note reads {live_note!r}")
            want = [line.split("|")[0] for line in want]
            got = [line.split("|")[0] for line in got]
        if got != want:
            differ.append(f"{where}:\n  built: {want}\n  live:  {got}")
    return status.text_content(), differ


@pytest.mark.parametrize("chapter", per_page(CHAPTERS), indirect=True, scope="module")
def test_run_all_shows_what_the_build_showed(chapter: Chapter) -> None:
    assert chapter.status == "Ran every block of the page.", chapter.differences
    assert not chapter.differences, "\n".join(chapter.differences)


# The same list as Run all's: pytest keeps a module-scoped parameter's tests together by its
# index in the list, so both tests of a chapter share one page only if the lists are one.
@pytest.mark.parametrize("chapter", per_page(CHAPTERS), indirect=True, scope="module")
def test_every_solution_passes_and_every_starter_fails_in_the_browser(
    chapter: Chapter, built_site: Path
) -> None:
    """(A chapter without exercises shows none, and the site's list has none for it.)"""
    page, path = chapter.page, chapter.path
    listed = [
        e
        for entry in catalogue(built_site)
        if entry["url"] + "index.html" == path
        for e in entry["exercises"]
    ]
    found = exercises_of(page)
    assert [exercise["id"] for _, exercise in found] == [e["id"] for e in listed]
    failures = []
    for index, exercise in found:
        starter = check(page, index)
        expected = f"Not yet. {exercise['starter_feedback']}"
        if starter != expected:
            failures.append(f"{exercise['id']} starter: {starter!r} != build's {expected!r}")
        load_solution(page, index)
        solved = check(page, index)
        if solved != f"Solved. {exercise['success']}":
            failures.append(f"{exercise['id']} solution: {solved!r}")
    assert failures == []


@pytest.mark.parametrize("chapter", per_page(CHAPTERS), indirect=True, scope="module")
def test_every_shortcut_is_refused_in_the_browser(chapter: Chapter) -> None:
    """(A chapter without exercises has no rows.)"""
    page = chapter.page
    rows = SHORTCUTS.get(chapter.path.removesuffix("/index.html") + ".md", [])
    where = {exercise["id"]: index for index, exercise in exercises_of(page)}
    wrong = []
    for row in rows:
        marker = page.locator(f'.lit-exercise[data-lit-block="{where[row.exercise]}"]')
        replace_code(page, marker, row.code)
        said = check(page, where[row.exercise])
        if not said.startswith("Not yet. ") or row.says not in said:
            wrong.append(f"{row.exercise}, {row.name}: {said!r}")
    assert wrong == []
