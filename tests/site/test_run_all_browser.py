"""Run all, on every chapter, in Chromium on the built site with every request outside it
refused: each block the browser runs shows what the build showed, line for line (its printed
text and values; a widget with the same controls and nodes; a graph with the same nodes), a
block whose output varies by design shows the same shape under the page's note saying so, and a
block only the build can run says so. One page load and one Python per chapter."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from .browsing import DESKTOP, RUN_TIMEOUT, page_id, refuse_outside, sources_by_page
from .running import blocks_of, described, live_output

pytestmark = pytest.mark.site

EXECUTABLE = re.compile(r"^\s*```+python\b[^\n]*\bexec=\"1\"", re.MULTILINE)
CHAPTERS = [
    path
    for path, source in sources_by_page().items()
    if source.suffix == ".md" and EXECUTABLE.search(source.read_text(encoding="utf-8"))
]
FINISHED = "(el) => /^(Ran every|Stopped|Could|A check|An earlier)/.test(el.textContent)"


@pytest.fixture
def chapter(browser, site_url, request) -> Iterator:
    """The chapter's page, loaded with the outside world refused; no page error by the end."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    refuse_outside(page)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(site_url + request.param.removesuffix("index.html"), wait_until="load")
    yield page
    assert errors == []
    context.close()


def built_output(marker):
    """The build's output of a block, before any run: right after its code."""
    return marker.locator(
        "xpath=following-sibling::*[2][contains(@class,'lit-output')"
        " and not(contains(@class,'lit-live'))]"
    )


def varies_note(output) -> str:
    """The page's note in an output that varies by design ("" if none)."""
    note = output.locator(".lit-varies")
    return note.inner_text() if note.count() else ""


def runs_in_page(block: dict) -> bool:
    return block["browser"] and block["kind"] in ("code", "setup")


@pytest.mark.parametrize("chapter", CHAPTERS, ids=page_id, indirect=True)
def test_run_all_shows_what_the_build_showed(chapter) -> None:
    page = chapter
    blocks = blocks_of(page)
    found = page.locator(".lit-run")
    markers = [found.nth(i) for i in range(found.count())]
    shown = [(m, blocks[int(m.get_attribute("data-lit-block"))]) for m in markers]
    assert any(runs_in_page(block) for _, block in shown), "no block of the page runs here"
    built = [described(built_output(m)) for m, _ in shown]  # before the run hides them
    notes = [varies_note(built_output(m)) for m, _ in shown]

    button = page.locator(".lit-run-all-button")
    button.focus()
    page.keyboard.press("Enter")
    status = page.locator(".lit-page-status")
    page.wait_for_function(FINISHED, arg=status.element_handle(), timeout=RUN_TIMEOUT)
    assert status.text_content() == "Ran every block of the page."

    differ = []
    for (marker, block), want, note in zip(shown, built, notes):
        where = f"the block at line {block['line']}"
        if not runs_in_page(block):  # said in its toolbar; the build's output stays
            said = marker.locator(".lit-build-only").text_content()
            assert said.startswith("Runs at build only"), where
            assert live_output(marker).count() == 0, where
            assert described(built_output(marker)) == want, where
            continue
        got = described(live_output(marker))
        if note:  # the note names what differs; the lines and what they are do not
            assert note.startswith("As built; ") and note.endswith(" differ from run to run.")
            assert varies_note(live_output(marker)) == note.replace("As built", "Your run"), where
            want = [line.split("|")[0] for line in want]
            got = [line.split("|")[0] for line in got]
        if got != want:
            differ.append(f"{where}:\n  built: {want}\n  live:  {got}")
    assert not differ, "\n".join(differ)
