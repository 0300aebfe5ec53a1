"""WCAG 2.1 A/AA (and 2.2's target size) on every page, in both colour schemes, at laptop and phone
widths: axe-core (vendored from the npm registry into .cache/axe by make) must find no serious
or critical violation. Boxes that scroll sideways must be reachable by keyboard."""

from __future__ import annotations

import re

import pytest

from .browsing import (
    DESKTOP,
    DRAWING_ALL,
    PHONE,
    per_page,
    serious_violations,
    settled,
    source_pages,
)
from .running import pages_that_run

pytestmark = pytest.mark.site


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("path", per_page(source_pages()))
def test_no_serious_or_critical_violations(path: str, viewport: dict, visit) -> None:
    page, _ = visit(path, viewport)
    found = serious_violations(page)
    assert found == [], f"{path} at {viewport['width']} px:\n" + "\n".join(found)


@pytest.mark.parametrize("path", per_page(source_pages()))
def test_no_page_scrolls_sideways_on_a_phone(path: str, visit) -> None:
    page, _ = visit(path, PHONE)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{path} is {width} px wide at {PHONE['width']} px"
    unreachable = page.evaluate(
        DRAWING_ALL
        % """[...document.querySelectorAll('article *')]
          .filter((el) => el.checkVisibility()) // not in a closed <details>: see below
          .filter((el) => el.scrollWidth > el.clientWidth + 1
            && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)
            && el.tabIndex < 0 && !el.querySelector('a, button, input, [tabindex]'))
          .map((el) => el.tagName + '.' + el.className)"""
    )
    assert unreachable == [], f"{path}: boxes that scroll but cannot be focused: {unreachable}"


def test_a_box_in_a_closed_details_gets_its_tab_stop_once_opened(open_page) -> None:
    """A box that scrolls sideways inside a closed <details> (an exercise's solution, on a
    phone) is not shown, nor reachable: scrollers.js marks it when the reader opens it, not
    while the page loads."""
    page, _ = open_page("accumulation", PHONE)
    settled(page)
    folded = page.locator("details:not([open])").filter(has=page.locator("div.highlight"))
    assert folded.count() > 0, "accumulation should fold code in a <details> (its solution)"
    for _ in range(folded.count()):  # outer ones first: one inside another shows once it opens
        summary = folded.locator("> summary").filter(visible=True).first
        if not summary.count():
            break
        summary.scroll_into_view_if_needed()
        summary.click()
    page.wait_for_function(
        DRAWING_ALL
        % """[...document.querySelectorAll('details[open] div.highlight > pre > code')]
          .every((box) => box.scrollWidth <= box.clientWidth + 1 || box.tabIndex >= 0)"""
    )
    # a tab stop each: scrollers.js's (named "Code, scrolls sideways") or, on a code block in
    # view, Material's (content.lazy), whichever came first
    stops = page.evaluate(
        """() => [...document.querySelectorAll('details[open] div.highlight > pre > code')]
          .filter((box) => box.scrollWidth > box.clientWidth + 1)
          .map((box) => box.tabIndex)"""
    )
    assert stops and all(stop >= 0 for stop in stops), stops


@pytest.mark.parametrize("path", per_page(pages_that_run()))
def test_every_code_editor_stays_a_text_box_with_its_own_name(path: str, open_page) -> None:
    """A block's code is a text box the reader types into (code-editor.js), where it scrolls
    sideways (which makes other boxes regions: graphs.js) and where it fits again."""
    page, _ = open_page(path, PHONE)
    for viewport in (DESKTOP, PHONE):  # the boxes are measured again at each width
        page.set_viewport_size(viewport)
        page.wait_for_timeout(300)
        settled(page)
        roles = page.evaluate(
            """() => [...document.querySelectorAll('.lit-editor')].map((el) =>
              `${el.getAttribute('role')}: ${el.getAttribute('aria-label')}`)"""
        )
        wrong = [role for role in roles if not re.match(r"textbox: (Python code|Your code)", role)]
        assert roles and wrong == [], f"{path} at {viewport['width']} px: {wrong}"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("path", per_page(source_pages()))
def test_each_box_named_as_scrolling_sideways_scrolls(path: str, viewport: dict, visit) -> None:
    """scrollers.js judges a box far from the viewport by the width the build knows, without
    laying it out: measured here, every box it named "scrolls sideways" does, and every box
    that scrolls has a tab stop (its, or Material's on a code block in view)."""
    page, _ = visit(path, viewport)
    settled(page)
    wrong = page.evaluate(
        DRAWING_ALL
        % """[...document.querySelectorAll('.lit-display, .lit-output pre > samp,'
            + ' div.arithmatex, .md-typeset__scrollwrap, .md-typeset div.highlight > pre > code')]
          .filter((box) => !box.matches('.lit-editor, [role="textbox"]'))
          .filter((box) => box.checkVisibility()) // not in a closed <details>: see below
          .filter((box) => box.scrollWidth > box.clientWidth + 1
            ? box.tabIndex < 0 : box.dataset.litScrolls === '1')
          .map((box) => `${box.tagName}.${box.className} ${box.scrollWidth}/${box.clientWidth}`
            + ` named: ${box.dataset.litScrolls === '1'}: ${box.textContent.slice(0, 40)}`)"""
    )
    assert wrong == [], f"{path} at {viewport['width']} px: {wrong}"
