"""A page's set-up in the browser is many short tasks, not one long one (content.js inSlices,
used by the runner's blocks, the exercises and the graphs): a slice stops at a few
milliseconds, the rest follows in tasks of their own, each counted as a set-up still to run
(what the tests' wait reads), and a set-up stops once Material announces another page."""

from __future__ import annotations

import pytest

from .browsing import DESKTOP, settled

pytestmark = pytest.mark.site

# inSlices over 12 items whose set-up takes 2 ms each; with `leave`, Material announces a page
# (as its instant navigation does, on the same document here) after the first slice. Reports
# what ran at once, what ran in the end, how many times done() ran and the set-ups counted.
SLICED = """async ({ leave }) => {
  // (the page is one folder down: the same module the page loaded)
  const { inSlices } = await import(new URL("../assets/content.js", location.href).href);
  const data = document.documentElement.dataset;
  const ran = [];
  let done = 0;
  const busy = (index) => {
    const end = performance.now() + 2;
    while (performance.now() < end);
    ran.push(index);
  };
  inSlices([...Array(12).keys()], busy, () => (done += 1));
  const atOnce = ran.length;
  const pendingThen = data.litPending;
  if (leave) document$.next(document);
  const finished = () => data.litPending === "0" && (done || leave);
  for (let waited = 0; waited < 5000 && !finished(); waited += 10) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await new Promise((resolve) => setTimeout(resolve, 50)); // what would still come
  return { atOnce, pendingThen, ran, done, pendingAfter: data.litPending };
}"""


def test_a_long_set_up_runs_in_short_slices_then_says_it_is_done(open_page) -> None:
    page, _ = open_page("neuron/index.html", DESKTOP)
    settled(page)
    result = page.evaluate(SLICED, {"leave": False})
    assert 0 < result["atOnce"] < 12, result  # a slice stops at a few milliseconds
    assert result["pendingThen"] == "1", result  # the rest is a set-up still to run
    assert result["ran"] == list(range(12)), result  # every item, once, in order
    assert result["done"] == 1, result
    assert result["pendingAfter"] == "0", result


def test_a_set_up_stops_once_another_page_is_announced(open_page) -> None:
    page, _ = open_page("neuron/index.html", DESKTOP)
    settled(page)
    result = page.evaluate(SLICED, {"leave": True})
    assert 0 < result["atOnce"] < 12, result
    assert result["ran"] == list(range(result["atOnce"])), result  # nothing after the first
    assert result["done"] == 0, result
    assert result["pendingAfter"] == "0", result  # the page's own set-ups ran, and no more
