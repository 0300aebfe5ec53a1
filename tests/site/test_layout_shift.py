"""What the first screen shows stays where it is first drawn: the blocks' toolbars come with the
page (literate/present/toolbars.py), so the scripts that wire them up move no text (a layout
shift, which the reader sees as the page jumping under their eyes). The CPU is slowed 4x, as a
phone's, so that the scripts run after the first paint, as they do there."""

from __future__ import annotations

import pytest

from .browsing import PHONE, slowed_page

pytestmark = pytest.mark.site

# chapters whose first runnable block is on a phone's first screen
PAGES = ["neuron/index.html", "derivatives/index.html", "computation-graph/index.html"]
SHIFTS = """
window.litShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    const moved = entry.sources.map((source) => source.node && source.node.nodeName).join(" ");
    window.litShifts.push([entry.value, moved]);
  }
}).observe({ type: "layout-shift", buffered: true });
"""


@pytest.mark.parametrize("path", PAGES)
def test_nothing_on_the_first_screen_moves_as_the_page_sets_up(
    browser, site_url: str, path: str
) -> None:
    context = browser.new_context(viewport=PHONE, color_scheme="light")
    try:
        page = slowed_page(context, SHIFTS)
        page.goto(site_url + path, wait_until="load")
        first = page.locator(".lit-run").first
        assert first.locator(".lit-run-button").is_visible(), "the first block's Run, on screen"
        said = "(state) => state && state.textContent"  # the runner set the page up
        page.wait_for_function(f"({said})(document.querySelector('.lit-state'))")
        page.wait_for_timeout(500)  # and what follows its setting up
        shifts = page.evaluate("window.litShifts")
        # a state's words beside its buttons nudge what follows them on their line: well under
        # 0.001; a toolbar added over a block moved it and the text below by 0.03
        assert sum(value for value, _ in shifts) < 0.002, shifts
    finally:
        context.close()
