"""Widgets and graphs run live look like the built ones, in Chromium on the built site with every
request outside it refused: a stepper block run by the reader yields the built stepper (the same
controls, nodes and frames; it steps; axe-core finds nothing serious on the page), and a graph
too wide for a phone gets the built graphs' handling (the bar that says it is shown smaller,
the full-size view, a tab stop, the graph as text for screen readers)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .browsing import DESKTOP, PHONE, refuse_outside, serious_violations
from .running import blocks_of, built_output, described, live_output, wait_done

pytestmark = pytest.mark.site

CHAIN_RULE = "chain-rule/index.html"

STEPPER_JS = """(root) => ({
  controls: [...root.parentNode.querySelectorAll("button, input, select")]
    .map((c) => c.getAttribute("aria-label") || c.textContent.trim()),
  nodes: root.querySelectorAll(".mg-stepper-graph svg g.node").length,
  frames: JSON.parse(root.dataset.frames),
  step: root.dataset.step,
  hidden: root.querySelector(".mg-stepper-controls").hidden,
})"""

GRAPH_JS = """(svg) => {
  const box = svg.closest(".lit-display");
  const bar = box.nextElementSibling;
  return {
    sized: Boolean(svg.dataset.litNatural) && svg.style.minWidth !== "",
    bar: bar && bar.classList.contains("lit-zoom-bar") && !bar.hidden ? bar.textContent : null,
    tabindex: box.getAttribute("tabindex"),
    name: box.getAttribute("aria-label"),
  };
}"""


def marker_running(page, text: str):
    """The toolbar of the first shown block whose code contains text."""
    blocks = blocks_of(page)
    markers = page.locator(".lit-run")
    for i in range(markers.count()):
        if text in blocks[int(markers.nth(i).get_attribute("data-lit-block"))]["code"]:
            return markers.nth(i)
    raise AssertionError(f"no block runs {text!r}")


def run(page, marker) -> None:
    marker.locator(".lit-run-button").click()
    assert wait_done(page, marker).startswith("Ran"), marker.inner_text()


def open_chain_rule(open_page, viewport):
    page, recorder = open_page(CHAIN_RULE, viewport)
    refuse_outside(page)
    return page, recorder


def test_a_stepper_run_live_is_the_built_stepper_and_steps(open_page) -> None:
    page, recorder = open_chain_rule(open_page, DESKTOP)
    marker = marker_running(page, "backward_stepper(")
    built_stepper = built_output(marker).locator(".mg-stepper")
    built_stepper.scroll_into_view_if_needed()
    expect(built_stepper).to_have_attribute("data-step", "0")  # set up once in view
    built = built_stepper.evaluate(STEPPER_JS)
    run(page, marker)
    root = live_output(marker).locator(".mg-stepper")
    assert root.count() == 1, described(live_output(marker))
    expect(root).to_have_attribute("data-step", "0")  # set up, in view: the reader just ran it
    live = root.evaluate(STEPPER_JS)
    assert live["controls"] == built["controls"] and live["nodes"] == built["nodes"]
    assert live["frames"] == built["frames"] and not live["hidden"]
    root.get_by_role("button", name="Next step").click()
    assert root.get_attribute("data-step") == str(int(live["step"]) + 1)
    ids = page.evaluate("() => [...document.querySelectorAll('[id]')].map((e) => e.id)")
    assert len(ids) == len(set(ids)), "the live stepper's graphs reuse the built ones' ids"
    assert serious_violations(page, schemes=("default",)) == []  # WCAG 2.1 AA, as built pages
    assert recorder.errors == [] and recorder.foreign_requests() == []


def test_a_wide_graph_run_live_gets_the_built_graphs_handling(open_page) -> None:
    page, recorder = open_chain_rule(open_page, PHONE)
    marker = marker_running(page, "draw_dot(")
    built = built_output(marker).locator("svg.lit-graph").evaluate(GRAPH_JS)
    assert built["sized"] and built["bar"], "the built graph fits a phone: pick a wider one"
    as_text = built_output(marker).locator("details.lit-graph-text").text_content()
    run(page, marker)
    svg = live_output(marker).locator("svg.lit-graph")
    assert svg.evaluate(GRAPH_JS) == built
    live_text = live_output(marker).locator(".lit-zoom-bar + details.lit-graph-text")
    live_text.wait_for(state="attached")  # asked of the page's Python after the run
    assert live_text.text_content() == as_text and "data" in as_text
    live_output(marker).get_by_role("button", name="Open it full size").click()
    dialog = page.locator("dialog.lit-zoom")
    assert dialog.evaluate("(d) => d.open") and dialog.locator("svg.lit-graph").count() == 1
    page.keyboard.press("Escape")
    assert dialog.count() == 0 and live_output(marker).locator("svg.lit-graph").count() == 1
    assert recorder.errors == [] and recorder.foreign_requests() == []
