"""Code, outputs and prose off-screen are drawn as they come near, not while the page loads
(literate.css, content-visibility), at the height the build guessed (placeholders.py,
prose_heights.py): what the reader scrolls to is there and whole, and the page's length barely
moves as it is drawn."""

from __future__ import annotations

import pytest

from .browsing import DESKTOP, PHONE

pytestmark = pytest.mark.site

# Whether the browser skips drawing the element's contents, and its box as the reader sees it
DRAWN = """(element) => {
  const inside = element.firstElementChild;
  const box = inside.getBoundingClientRect();
  return {
    drawn: inside.checkVisibility({contentVisibilityAuto: true}),
    onScreen: box.bottom > 0 && box.top < innerHeight,
    size: [box.width, box.height],
  };
}"""
# The indexes of the elements of a selector that the page shows (drawn or not yet)
SHOWN = """(selector) => [...document.querySelectorAll(selector)]
  .map((element, index) => element.checkVisibility() ? index : -1).filter((index) => index >= 0)"""
# Every code block and output drawn at once, as if the reader had scrolled through them all
DRAW_ALL = """() => {
  const style = document.createElement("style");
  style.textContent = ".md-typeset div.highlight, .md-typeset .lit-output, " +
    ".md-typeset > [style*='--lit-chars'], .md-typeset > [style*='--lit-height'] " +
    "{ content-visibility: visible !important }";
  document.head.append(style);
  return document.documentElement.scrollHeight;
}"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
# (a question's form, .lit-asks, is drawn at once: it is typed into)
# (a paragraph with a formula or code in it, whose first element shows whether it is drawn)
@pytest.mark.parametrize(
    "selector",
    [
        ".md-typeset div.highlight",
        ".lit-output:not(.lit-asks)",
        ".md-typeset > p[style*='--lit-chars']:has(> .arithmatex, > code)",
    ],
)
def test_what_is_far_below_is_drawn_when_the_reader_comes_to_it(
    selector: str, viewport: dict, open_page
) -> None:
    page, recorder = open_page("recap/index.html", viewport)
    shown = page.evaluate(SHOWN, selector)  # not in a closed <details> or a tab not chosen
    last = page.locator(selector).nth(shown[-1])
    before = last.evaluate(DRAWN)
    assert not before["drawn"], f"the page's last {selector} was drawn while the page loaded"
    last.evaluate("(element) => element.scrollIntoView({block: 'center'})")
    page.wait_for_function(
        "(element) => element.firstElementChild.checkVisibility({contentVisibilityAuto: true})",
        arg=last.element_handle(),
    )
    after = last.evaluate(DRAWN)
    assert after["onScreen"] and min(after["size"]) > 0, after
    assert last.is_visible()
    assert recorder.errors == []


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("path", ["chain-rule/index.html", "training-an-mlp/index.html"])
def test_the_pages_length_barely_moves_as_it_is_drawn(path: str, viewport: dict, open_page) -> None:
    page, _ = open_page(path, viewport)
    guessed = page.evaluate("document.documentElement.scrollHeight")
    drawn = page.evaluate(DRAW_ALL)
    assert abs(guessed - drawn) < 0.15 * drawn, f"{path}: {guessed} px guessed, {drawn} px drawn"


FORMULAS = ".md-typeset > div.arithmatex[style*='--lit-height']"


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
def test_a_display_formula_far_below_takes_the_height_katex_drew_it(
    viewport: dict, open_page
) -> None:
    """Its guess (prose_heights.py, from KaTeX's strut) against its height once drawn."""
    page, _ = open_page("backward-rules/index.html", viewport)
    guessed = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)].map((formula) =>
          parseFloat(formula.style.getPropertyValue("--lit-height"))
            * parseFloat(getComputedStyle(formula).fontSize))""",
        FORMULAS,
    )
    page.evaluate(DRAW_ALL)
    drawn = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
          .map((formula) => formula.getBoundingClientRect().height)""",
        FORMULAS,
    )
    assert len(guessed) > 5 and len(drawn) == len(guessed), (guessed, drawn)
    assert all(abs(g - d) < 1 for g, d in zip(guessed, drawn, strict=True)), (guessed, drawn)
