"""The colour scheme (overrides/partials/javascripts/palette.html): chosen while only the
header is parsed, so the page's content is drawn in it from its first frame and nothing is
styled twice; a click or Enter on the toggle switches it and the choice is kept; until the
reader chooses, the page follows the system's preference."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .browsing import DESKTOP, PHONE, SCHEME, SCHEME_TOGGLE, load, scheme_of, slowed_page

pytestmark = pytest.mark.site

PAGE = "neuron/"
OTHER = {"default": "slate", "slate": "default"}
# The scheme as the page's content is parsed: recorded when Material's container arrives.
AT_CONTENT = """new MutationObserver((changes, observer) => {
  const container = document.querySelector('.md-container');
  if (!container) return;
  window.schemeAtContent = document.body.getAttribute('data-md-color-scheme');
  observer.disconnect();
}).observe(document, {childList: true, subtree: true});"""
# Whether the switch held transitions off (Material's [data-md-color-switching]) at any time.
HELD_OFF = """new MutationObserver(() => {
  window.heldOff ||= document.body.hasAttribute('data-md-color-switching');
}).observe(document.body, {attributes: true})"""
# What moved in the header while the page loaded: each layout shift's moved elements there.
HEADER_SHIFTS = """window.headerShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries())
    for (const source of entry.sources)
      if (source.node && source.node.closest && source.node.closest('header'))
        window.headerShifts.push(source.node.className + ': ' + source.previousRect.x + ' -> ' +
          source.currentRect.x);
}).observe({type: 'layout-shift', buffered: true});"""
# How many times the page set its scheme (a switch sets it once, even to the same value).
SWITCHES = """window.switches = 0;
new MutationObserver((changes) => {
  const scheme = changes.filter((change) => change.attributeName === 'data-md-color-scheme');
  window.switches += scheme.length;
}).observe(document.body, {attributes: true})"""
META = "document.querySelector('meta[name=color-scheme]').content"


def shown_toggles(page) -> list[str]:
    """The titles of the scheme toggles a reader sees."""
    labels = page.locator("form.md-header__option label")
    return [label.get_attribute("title") for label in labels.all() if label.is_visible()]


@pytest.fixture
def open_in(browser, site_url: str) -> Iterator:
    """open_in(system) -> (page, recorder): the page in a fresh context whose system prefers
    the light or dark scheme, with the scheme its content was parsed in recorded."""
    contexts = []

    def open_(system: str):
        context = browser.new_context(viewport=DESKTOP, color_scheme=system)
        contexts.append(context)
        context.add_init_script(AT_CONTENT)
        return load(context, site_url, PAGE)

    yield open_
    for context in contexts:
        context.close()


@pytest.mark.parametrize(("system", "scheme"), [("light", "default"), ("dark", "slate")])
def test_a_first_visit_draws_the_content_in_the_systems_scheme(
    open_in, system: str, scheme: str
) -> None:
    page, recorder = open_in(system)
    assert page.evaluate("window.schemeAtContent") == scheme
    assert scheme_of(page) == scheme
    assert page.evaluate(META) == system
    title = "Switch to dark mode" if scheme == "default" else "Switch to light mode"
    assert shown_toggles(page) == [title]
    assert not recorder.errors, recorder.errors


def test_the_toggle_switches_the_scheme_and_the_choice_is_kept(open_in) -> None:
    page, recorder = open_in("light")
    page.evaluate(HELD_OFF)
    page.locator(SCHEME_TOGGLE).click()
    page.wait_for_function(f"{SCHEME} === 'slate'")
    assert shown_toggles(page) == ["Switch to light mode"]
    assert page.evaluate(META) == "dark"
    # transitions are held off while the page restyles, and given back after
    page.wait_for_function("!document.body.hasAttribute('data-md-color-switching')")
    assert page.evaluate("window.heldOff") is True
    page.reload(wait_until="load")
    assert page.evaluate("window.schemeAtContent") == "slate"
    # Enter on the focused option switches to the next one, and the focus follows it
    page.locator("form.md-header__option input:checked").focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"{SCHEME} === 'default'")
    assert page.evaluate("document.activeElement.id") == "__palette_0"
    page.reload(wait_until="load")
    assert page.evaluate("window.schemeAtContent") == "default"
    assert not recorder.errors, recorder.errors


def test_the_page_follows_the_system_until_the_reader_chooses(open_in) -> None:
    page, _ = open_in("light")
    page.evaluate(SWITCHES)
    page.emulate_media(color_scheme="dark")
    page.wait_for_function(f"{SCHEME} === 'slate'")
    page.wait_for_timeout(200)  # a second switch, had there been one, has had its frame
    assert page.evaluate("window.switches") == 1
    page.locator(SCHEME_TOGGLE).click()  # chosen: light
    page.wait_for_function(f"{SCHEME} === 'default'")
    page.emulate_media(color_scheme="light")
    page.emulate_media(color_scheme="dark")
    page.wait_for_timeout(200)  # a change it would have followed has had its frame
    assert scheme_of(page) == "default"


def test_the_toggle_works_on_a_page_reached_by_instant_navigation(open_in) -> None:
    page, recorder = open_in("light")
    page.evaluate("window.firstDocument = true")
    page.locator(SCHEME_TOGGLE).click()
    page.wait_for_function(f"{SCHEME} === 'slate'")
    page.locator(".md-nav--primary a[href$='chain-rule/']").first.click()
    page.wait_for_url("**/chain-rule/")
    assert page.evaluate("window.firstDocument") is True  # Material's instant navigation
    assert scheme_of(page) == "slate"
    page.locator(SCHEME_TOGGLE).click()
    page.wait_for_function(f"{SCHEME} === 'default'")
    assert shown_toggles(page) == ["Switch to dark mode"]
    assert not recorder.errors, recorder.errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_the_toggle_stays_where_it_is_first_drawn(browser, site_url: str, viewport) -> None:
    """Material's script shows the search beside the toggle once it runs (hidden without
    JavaScript): the toggle is not drawn before that, or it would jump aside."""
    context = browser.new_context(viewport=viewport, color_scheme="light")
    try:
        page = slowed_page(context, HEADER_SHIFTS)  # Material's script runs after the first paint
        page.goto(site_url + PAGE, wait_until="load")
        page.wait_for_function("document.documentElement.classList.contains('js')")
        page.wait_for_timeout(500)
        assert page.evaluate("window.headerShifts") == []
        assert page.locator(SCHEME_TOGGLE).is_visible()
    finally:
        context.close()
