"""A page's set-up in the browser is many short tasks, not one long one (content.js inSlices,
used by the runner's blocks, the exercises and the graphs): a slice stops at a few
milliseconds, the rest follows in tasks of their own, each counted as a set-up still to run
(what the tests' wait reads), and a set-up for a page the reader has left stops."""

from __future__ import annotations

import pytest

from .browsing import DESKTOP

pytestmark = pytest.mark.site

# inSlices over 12 items whose set-up takes 2 ms each; `leave` makes wanted() false after
# the first slice. Reports what ran at once, what ran in the end and how many times done() ran.
SLICED = """async ({ leave }) => {
  // (the page is one folder down: the same module the page loaded)
  const { inSlices } = await import(new URL("../assets/content.js", location.href).href);
  const ran = [];
  let done = 0;
  let left = false;
  const busy = (index) => {
    const end = performance.now() + 2;
    while (performance.now() < end);
    ran.push(index);
  };
  const items = [...Array(12).keys()];
  inSlices(items, busy, { done: () => (done += 1), wanted: () => !left });
  const atOnce = ran.length;
  const pendingThen = document.documentElement.dataset.litPending;
  left = leave;
  await new Promise((resolve) => {
    const check = () => (done || (leave && document.documentElement.dataset.litPending === "0")
      ? resolve() : setTimeout(check, 10));
    check();
  });
  await new Promise((resolve) => setTimeout(resolve, 50)); // what would still come
  const pendingAfter = document.documentElement.dataset.litPending;
  return { atOnce, pendingThen, ran, done, pendingAfter };
}"""


def test_a_long_set_up_runs_in_short_slices_then_says_it_is_done(open_page) -> None:
    page, _ = open_page("neuron/index.html", DESKTOP)
    result = page.evaluate(SLICED, {"leave": False})
    assert 0 < result["atOnce"] < 12, result  # a slice stops at a few milliseconds
    assert result["pendingThen"] == "1", result  # the rest is a set-up still to run
    assert result["ran"] == list(range(12)), result  # every item, once, in order
    assert result["done"] == 1, result
    assert result["pendingAfter"] == "0", result


def test_a_set_up_for_a_page_the_reader_left_stops(open_page) -> None:
    page, _ = open_page("neuron/index.html", DESKTOP)
    result = page.evaluate(SLICED, {"leave": True})
    assert 0 < result["atOnce"] < 12, result
    assert result["ran"] == list(range(result["atOnce"])), result  # nothing after the first
    assert result["done"] == 0, result
    assert result["pendingAfter"] == "0", result
