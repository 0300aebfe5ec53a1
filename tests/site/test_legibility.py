"""Text in pictures stays readable: the smallest text of every visible graph is at least 9 px on
a 1280 px laptop and 8 px on a 390 px phone, and of every figure (a plot) 10.5 px on both
(graphs too wide to fit scroll in their box at no less than 60 % of their natural size, plots
at no less than the size where their text is 11 px; steppers are drawn to fit). A reduced
picture opens full size; a graph, drawn left to right, opens at its output end."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .browsing import DESKTOP, PHONE, per_page, scroll_to_widgets, source_pages

pytestmark = pytest.mark.site

SMALLEST = {1280: 9.0, 390: 8.0}
FIGURE_SMALLEST = 10.5  # a plot's tick labels, at either width
# For every SVG with text in the article: its smallest rendered font size, in CSS pixels.
SMALLEST_TEXT_JS = """() => [...document.querySelectorAll('article svg')]
  .filter((svg) => svg.getBoundingClientRect().width > 0 && svg.querySelector('text')
    && !svg.closest('[hidden], details:not([open])'))
  .map((svg, index) => {
    let least = Infinity, sample = '';
    for (const text of svg.querySelectorAll('text')) {
      if (!text.textContent.trim() || text.getBoundingClientRect().height === 0) continue;
      const m = text.getScreenCTM();
      const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      const px = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (px < least) { least = px; sample = text.textContent.trim().slice(0, 30); }
    }
    const where = svg.closest('.mg-stepper') ? 'stepper' : svg.getAttribute('class') || 'svg';
    return {index, where, px: Math.round(least * 10) / 10, sample};
  })"""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("path", per_page(source_pages()))
def test_the_smallest_text_of_every_picture_is_legible(path: str, viewport: dict, visit) -> None:
    page, _ = visit(path, viewport)
    scroll_to_widgets(page)
    limit = SMALLEST[viewport["width"]]
    small = [
        p
        for p in page.evaluate(SMALLEST_TEXT_JS)
        if p["px"] < (FIGURE_SMALLEST if p["where"] == "lit-figure" else limit)
    ]
    assert small == [], f"{path} at {viewport['width']} px: text under the floor: {small}"


# Each plot at phone width: its smallest tick label (matplotlib's xtick_/ytick_ groups) on
# screen, and its box scrolled to either end: is the figure's edge then inside the box?
FIGURE_REACH_JS = """() => [...document.querySelectorAll('article .lit-display svg.lit-figure')]
  .filter((svg) => svg.getBoundingClientRect().width > 0)
  .map((svg) => {
    const box = svg.closest('.lit-display'), was = box.scrollLeft;
    const ticks = [...svg.querySelectorAll('g[id*="tick_"] text')]
      .map((t) => t.getBoundingClientRect().height > 0
        ? parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a : Infinity);
    const inside = () => {
      const s = svg.getBoundingClientRect(), b = box.getBoundingClientRect();
      return {left: s.left >= b.left - 1, right: s.right <= b.right + 1};
    };
    box.scrollLeft = 0;
    const start = inside();
    box.scrollLeft = box.scrollWidth;
    const end = inside();
    box.scrollLeft = was;
    return {ticks: ticks.length, px: Math.round(Math.min(...ticks) * 10) / 10,
            leftInReach: start.left, rightInReach: end.right,
            screen: box.getBoundingClientRect().right <= window.innerWidth + 1};
  })"""


@pytest.mark.parametrize("path", per_page(["derivatives/index.html", "training-an-mlp/index.html"]))
def test_at_phone_width_a_plot_has_legible_tick_labels_and_all_of_it_in_reach(
    path: str, visit
) -> None:
    page, _ = visit(path, PHONE)
    figures = page.evaluate(FIGURE_REACH_JS)
    assert figures and all(f["ticks"] >= 4 for f in figures), figures
    assert [f for f in figures if f["px"] < FIGURE_SMALLEST] == [], figures
    # wider than its box, a plot scrolls: both its ends can be brought into view, on screen
    assert all(f["leftInReach"] and f["rightInReach"] and f["screen"] for f in figures), figures


def test_a_reduced_graph_opens_full_size_with_the_keyboard_and_closes_with_escape(
    open_page,
) -> None:
    page, recorder = open_page("backward-rules/index.html", PHONE)
    bar = page.locator(".lit-zoom-bar:not([hidden])").first
    assert "scroll the picture sideways" in bar.text_content()
    bar.locator("button").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.lit-zoom[open]")
    svg = dialog.locator("svg")
    natural = float(svg.get_attribute("data-lit-natural"))
    assert abs(svg.bounding_box()["width"] - natural) < 2  # at its natural size
    page.keyboard.press("Escape")
    expect(page.locator("dialog.lit-zoom")).to_have_count(0)  # removed once it has closed
    assert bar.locator("xpath=preceding-sibling::div[1]").locator("svg").count() == 1  # back
    assert recorder.errors == []


# The nodes of the picture in the full-size dialog, leftmost and rightmost, and the part of the
# dialog that shows it: what the reader sees first.
FULL_SIZE_VIEW_JS = """() => {
  const body = document.querySelector('dialog.lit-zoom[open] .lit-zoom-body');
  const nodes = [...body.querySelectorAll('g.node')].map((g) => g.getBoundingClientRect())
    .sort((a, b) => a.right - b.right);
  const view = body.getBoundingClientRect(), last = nodes[nodes.length - 1];
  return {view: [view.left, view.right], first: Math.min(...nodes.map((b) => b.left)),
          last: [last.left, last.right]};
}"""


def test_a_wide_graph_opens_full_size_at_its_output_end(open_page) -> None:
    page, recorder = open_page("backward-rules/index.html", PHONE)
    page.locator(".lit-zoom-bar:not([hidden]) button").first.click()
    expect(page.locator("dialog.lit-zoom[open]")).to_be_visible()
    seen = page.evaluate(FULL_SIZE_VIEW_JS)
    left, right = seen["view"]
    assert seen["first"] < left, seen  # wider than the screen: its input end is out of view
    assert left - 1 <= seen["last"][0] and seen["last"][1] <= right + 1, seen  # the output, whole
    assert recorder.errors == []


@pytest.mark.parametrize("path", ["derivatives/index.html", "topological-sort/index.html"])
def test_outputs_keep_their_shape_and_the_copy_button_covers_no_text(
    path: str,
    open_page,
) -> None:
    page, _ = open_page(path, PHONE)
    report = page.evaluate(
        """() => [...document.querySelectorAll('.lit-output > pre')].map((pre) => {
          const code = pre.querySelector('samp');
          const button = pre.querySelector('.md-code__nav');
          const range = document.createRange();
          range.selectNodeContents(code);
          const text = [...range.getClientRects()].filter((r) => r.height > 0);
          const textTop = text.length ? Math.min(...text.map((r) => r.top)) : Infinity;
          return {
            button: Boolean(button),
            wraps: getComputedStyle(code).whiteSpace !== 'pre',
            covered: button ? button.getBoundingClientRect().bottom > textTop + 1 : false,
          };
        })"""
    )
    assert report and all(r["button"] for r in report), f"{path}: outputs without a copy button"
    assert [r for r in report if r["wraps"]] == [], f"{path}: outputs that wrap"
    assert [r for r in report if r["covered"]] == [], f"{path}: the copy button covers output"


def test_an_outputs_copy_button_copies_its_text_and_says_so(open_page) -> None:
    """Outputs are <samp>, outside Material's code-block setup: their copy button is the build's,
    and Material's clipboard handler copies the output's text and shows its notice."""
    page, _ = open_page("derivatives/index.html", DESKTOP)
    page.evaluate(
        """() => document.addEventListener('copy',
             () => { window.copied = String(document.getSelection()); })"""
    )
    output = page.locator(".lit-output pre.lit-stdout").first
    output.scroll_into_view_if_needed()
    output.hover()
    button = output.locator(".md-code__button")
    expect(button).to_be_visible()
    button.click()
    expect(page.locator(".md-dialog")).to_contain_text("Copied")
    shown = output.locator("samp").inner_text()
    assert page.evaluate("window.copied").rstrip() == shown.rstrip()
