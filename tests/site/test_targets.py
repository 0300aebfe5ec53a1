"""What a reader can press, and what covers what, measured as Chromium lays the pages out: every
control our pages add is a target of 24 by 24 CSS px at least (WCAG 2.2, 2.5.8), and our
buttons 32 px tall at phone width; Material's "Back to top" never covers a block's state; an
output's "out" label never meets its copy button, nor its text."""

from __future__ import annotations

import pytest

from .browsing import DESKTOP, DRAWING_ALL, PHONE, per_page, refuse_outside
from .editing import open_editor

pytestmark = pytest.mark.site

PAGES = ["index.html", "chain-rule/index.html", "authoring/index.html", "neuron/index.html"]
# The buttons the blocks, exercises, questions and graphs add (32 px tall at phone width), and
# the other things a reader presses that the pages add (the options of a question by their
# label, details' summaries, the progress links): 24 px at least, as every other button.
OUR_BUTTONS = (
    ".lit-toolbar button, .lit-more button, .lit-answer button, .lit-load-button, "
    ".lit-zoom-bar button, .lit-zoom button"
)
PRESSED = (
    "article button:not([aria-hidden=true]), article summary, .lit-answer input[type=text], "
    ".lit-answer fieldset label, .lit-progress a, .lit-progress-all a, .lit-zoom button"
)
# (Material's arrows that scroll a row of tab labels are aria-hidden and not ours.)

# The boxes of the visible elements of a selector: tag, text and size, as the reader sees them
BOXES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.checkVisibility({visibilityProperty: true, opacityProperty: true}))
  .map((el) => {
    const box = el.getBoundingClientRect();
    const name = (el.getAttribute("aria-label") || el.textContent).trim().slice(0, 40);
    return {what: `${el.tagName.toLowerCase()} "${name}"`, width: box.width, height: box.height};
  })
  .filter((box) => box.width > 0 && box.height > 0)"""


def too_small(page, selector: str, height: float, width: float = 24) -> list[str]:
    boxes = page.evaluate(BOXES, selector)
    assert boxes, f"nothing visible matches {selector!r}"
    return [
        f"{b['what']}: {b['width']:.1f} x {b['height']:.1f} px"
        for b in boxes
        if b["height"] < height - 0.01 or b["width"] < width - 0.01
    ]


@pytest.mark.parametrize("path", per_page(PAGES))
def test_every_control_is_a_target_of_24_px_and_our_buttons_32_px_at_phone_width(
    path: str, visit
) -> None:
    page, _ = visit(path, PHONE)
    assert too_small(page, PRESSED, 24) == []
    assert too_small(page, OUR_BUTTONS, 32) == []


@pytest.mark.parametrize("path", per_page(PAGES))
def test_every_control_is_a_target_of_24_px_on_a_desktop(path: str, visit) -> None:
    page, _ = visit(path, DESKTOP)
    assert too_small(page, PRESSED, 24) == []


def test_the_buttons_shown_on_request_are_targets_too(open_page) -> None:
    """An exercise's "Load the solution" (in its folded solution) and the full-size graph's
    Close, at phone width."""
    page, recorder = open_page("chain-rule/index.html", PHONE)
    refuse_outside(page)
    solution = page.locator("details.lit-solution").first
    solution.locator("summary").click()
    solution.locator(".lit-load-button").wait_for()
    page.locator(".lit-zoom-bar button").first.click()
    page.locator("dialog.lit-zoom[open] button").wait_for()
    assert too_small(page, ".lit-load-button, dialog.lit-zoom[open] button", 32) == []
    page.keyboard.press("Escape")
    assert recorder.errors == []


# --- Material's "Back to top" and the blocks' state -------------------------------------------

BADGES = ".lit-state, .lit-yours, .lit-status, .lit-page-status"
# The page scrolled to y the way a reader's scroll up comes there (Material shows "Back to top"
# only while the page scrolls up): from a little further down, a frame later to y.
SCROLL_UP_TO = """async (y) => {
  window.scrollTo(0, y + 120);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  window.scrollTo(0, y);
}"""
# Of a badge, the points a reader reads it by (its middle and both ends, inside it): those
# where something else is on top, by elementFromPoint
COVERED = """(badge) => {
  const box = badge.getBoundingClientRect();
  const y = box.top + box.height / 2;
  return [box.left + 3, box.left + box.width / 2, box.right - 3]
    .map((x) => [x, document.elementFromPoint(x, y)])
    .filter(([x, top]) => !badge.contains(top))
    .map(([x, top]) => `${Math.round(x)}, ${Math.round(y)}: ${top && top.outerHTML.slice(0, 60)}`);
}"""


def back_to_top_over(page, badge) -> dict:
    """Scroll up to where the badge's middle is level with "Back to top"'s; its box. As a
    reader does: again if the page moved on the way (code and outputs drawn as they come
    near take their real height: literate.css)."""
    top = page.locator(".md-top")
    shown = "() => !document.querySelector('.md-top').hidden"
    for _ in range(5):
        button, box = top.bounding_box(), badge.bounding_box()
        off = box["y"] + box["height"] / 2 - (button["y"] + button["height"] / 2)
        if abs(off) < 2 and page.evaluate(shown):
            break
        level = page.evaluate("() => window.scrollY") + off
        assert level > 0, "a badge too near the page's top to meet the button"
        page.evaluate(SCROLL_UP_TO, level)
    page.wait_for_function(shown)
    return top.bounding_box()


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_back_to_top_never_covers_a_blocks_state(viewport: dict, open_page) -> None:
    """Shown while the reader scrolls up, it floats where no toolbar reaches: no badge of a
    block, exercise or the page's bar (a block's "Your version" shown too) shares its columns,
    and level with it each badge is on top at every point it is read by."""
    page, recorder = open_page("chain-rule/index.html", viewport)
    refuse_outside(page)
    edited = page.locator(".lit-run").nth(3)
    open_editor(page, edited)
    page.keyboard.type("# mine\n")
    page.evaluate("() => document.activeElement.blur()")
    badges = [edited.locator(".lit-state"), edited.locator(".lit-yours")]
    badges += [page.locator(".lit-run").nth(9).locator(".lit-state")]
    for badge in badges:
        button = back_to_top_over(page, badge)
        box = badge.bounding_box()
        assert button["y"] < box["y"] + box["height"] / 2 < button["y"] + button["height"]
        assert page.evaluate(COVERED, badge.element_handle()) == []
    spans = page.evaluate(
        """([selector, left, right]) => [...document.querySelectorAll(selector)]
          .map((el) => el.getBoundingClientRect())
          .filter((box) => box.width > 0 && box.right > left && box.left < right)
          .map((box) => `${Math.round(box.left)}-${Math.round(box.right)}`)""",
        [BADGES, button["x"], button["x"] + button["width"]],
    )
    assert spans == [], f"badges in the columns of Back to top ({button}): {spans}"
    assert recorder.errors == []


# --- An output's "out" label, its copy button and its text ------------------------------------

# Each labelled output's "out" (its ::before, placed by literate.css), copy button and first
# line of text, as boxes
LABELS = """() => [...document.querySelectorAll(
    '.lit-output pre.lit-stdout, .lit-output pre.lit-result')]
  .filter((pre) => pre.checkVisibility())
  .map((pre) => {
    const style = getComputedStyle(pre, "::before");
    const box = pre.getBoundingClientRect();
    const left = box.left + pre.clientLeft + parseFloat(style.left);
    const top = box.top + pre.clientTop + parseFloat(style.top);
    const label = {left, top, right: left + parseFloat(style.width),
                   bottom: top + parseFloat(style.height)};
    const copy = pre.querySelector(".md-code__nav");
    const text = document.createRange();
    text.selectNodeContents(pre.querySelector("samp"));
    return {label, pre: box, copy: copy && copy.getBoundingClientRect(),
            line: text.getClientRects()[0], content: style.content,
            start: pre.textContent.slice(0, 30)};
  })"""


def meet(a: dict, b: dict) -> bool:
    across = a["left"] < b["right"] and b["left"] < a["right"]
    return across and a["top"] < b["bottom"] and b["top"] < a["bottom"]


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
@pytest.mark.parametrize("path", per_page(["chain-rule/index.html", "authoring/index.html"]))
def test_the_out_label_meets_neither_the_copy_button_nor_the_text(
    path: str, viewport: dict, visit
) -> None:
    page, _ = visit(path, viewport)
    outputs = page.evaluate(DRAWING_ALL % f"({LABELS})()")  # as each looks once scrolled to
    assert outputs, "no output with an out label"
    for output in outputs:
        label, where = output["label"], output["start"]
        assert output["content"] == '"out"', where
        assert output["copy"], f"{where}: no copy button"
        assert not meet(label, output["copy"]), (where, label, output["copy"])
        assert not meet(label, output["line"]), (where, label, output["line"])
        assert output["pre"]["left"] <= label["left"] < label["right"] <= output["pre"]["right"]
