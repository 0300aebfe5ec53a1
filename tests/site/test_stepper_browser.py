"""The stepper and the visiting-order exercise in Chromium, on the built site with every request
outside it refused: forward and backward steps, edges that say their local derivative, a graph
select, leaves edited and recomputed by the engine in Pyodide (checked against backward() in
CPython), orders of the backward pass judged, phone width and the dark scheme."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from micrograd.engine import Value, topological_order
from spelled_out.visiting import run_order

from .browsing import DESKTOP, PHONE, SCHEME, SCHEME_TOGGLE, refuse_outside, wait_for_text

pytestmark = pytest.mark.site

CHAIN_RULE = "chain-rule/index.html"
TOPOLOGICAL = "topological-sort/index.html"

STATE_JS = """(root) => {
  const data = JSON.parse(root.dataset.frames);
  const text = (name, prefix) => {
    const title = [...root.querySelectorAll('g.node > title')].find((t) => t.textContent === name);
    const found = title && [...title.parentNode.querySelectorAll('text')]
      .find((t) => t.textContent.startsWith(prefix));
    return found ? found.textContent : null;
  };
  return {
    step: +root.dataset.step, phase: root.dataset.phase, title: data.title,
    frames: data.frames.length, names: data.names,
    values: data.names.map((n) => text(n, 'data ')), grads: data.names.map((n) => text(n, 'grad ')),
    hot: [...root.querySelectorAll('g.mg-edge.mg-hot > text')].map((t) => t.textContent),
    caption: root.querySelector('.mg-stepper-caption').textContent,
  };
}"""


def chain_rule_graph(a=2.0, b=-3.0, c=10.0, f=-2.0) -> Value:
    """L = (a*b + c) * f as docs/chain-rule.md builds it."""
    a, b, c, f = (Value(v, label=n) for v, n in ((a, "a"), (b, "b"), (c, "c"), (f, "f")))
    e = a * b
    e.label = "e"
    d = e + c
    d.label = "d"
    L = d * f
    L.label = "L"
    return L


def state(root) -> dict:
    return root.evaluate(STATE_JS)


def first_stepper(page):
    root = page.locator(".mg-stepper").first
    root.scroll_into_view_if_needed()
    expect(root).to_have_attribute("data-step", re.compile(r"\d+"))  # set up once in view
    return root, page.locator(".mg-stepper-setup").first


def test_forward_steps_then_backward_steps_with_their_arithmetic(open_page) -> None:
    page, recorder = open_page(CHAIN_RULE, DESKTOP)
    root, box = first_stepper(page)
    start = state(root)
    assert start["step"] == 0 and start["phase"] == "forward"
    assert set(start["values"]) == {"data ?"}  # nothing computed before the forward pass
    root.locator("button[data-step=next]").click()
    one = state(root)
    assert one["step"] == 1 and one["values"][0] == "data 2.0000" and one["values"][1] == "data ?"
    root.focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert state(root)["step"] == 1
    box.get_by_role("button", name="Backward pass").click()
    seed = state(root)
    assert seed["phase"] == "backward" and seed["caption"] == "Backward pass. Seed: ∂L/∂L = 1"
    assert seed["values"] == [f"data {n.data:.4f}" for n in topological_order(chain_rule_graph())]
    root.get_by_role("button", name="Next step").click()  # L's rule: L = d * f
    step = state(root)
    assert step["caption"].startswith("L = d * f: d → L carries -2 * 1 = -2, d.grad: 0 + -2 = -2")
    assert step["hot"] == ["-2 * 1 = -2", "4 * 1 = 4"]  # the two edges into L, labelled
    root.get_by_role("button", name="Previous step").click()
    assert state(root)["step"] == seed["step"]
    box.get_by_role("button", name="Forward pass").click()
    assert state(root)["step"] == 0
    root.focus()
    page.keyboard.press("End")
    done = state(root)
    L = chain_rule_graph()
    L.backward()
    assert done["grads"] == [f"grad {n.grad:.4f}" for n in topological_order(L)]
    assert not recorder.errors, recorder.errors


def test_an_edge_says_its_local_derivative_when_focused_or_clicked(open_page) -> None:
    page, recorder = open_page(CHAIN_RULE, DESKTOP)
    root, _ = first_stepper(page)
    root.focus()
    page.keyboard.press("Tab")  # the first edge, a → e, is the next stop after the stepper
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused == (
        "edge a → e (e = a * b): local derivative of e with respect to its first input, a: -3"
    )
    info = root.locator(".mg-stepper-edge")
    assert info.is_visible() and info.text_content() == focused
    page.keyboard.press("End")  # every edge labelled with what it carried
    root.get_by_role("button", name="edge c → d").locator("text").click()  # its label
    assert info.text_content() == (
        "edge c → d (d = e + c): local derivative of d with respect to its second input, c: 1"
    )
    assert not recorder.errors, recorder.errors


def test_a_select_switches_between_graphs(open_page) -> None:
    page, recorder = open_page(CHAIN_RULE, DESKTOP)
    root, box = first_stepper(page)
    select = box.get_by_label("Graph")
    select.select_option(index=1)
    switched = state(root)
    assert switched["title"].startswith("t * t") and switched["step"] == 0
    assert len(switched["names"]) == 2
    root.focus()
    page.keyboard.press("End")
    assert state(root)["grads"] == ["grad 6.0000", "grad 1.0000"]  # ∂(t*t)/∂t = 2t at t = 3
    captions = [f["caption"] for f in root.evaluate("(r) => JSON.parse(r.dataset.frames).frames")]
    assert captions[-2].endswith("t → (t*t) carries 3 * 1 = 3, t.grad: 3 + 3 = 6")  # the sum
    assert box.get_by_label("value of the leaf t").is_visible()
    select.select_option(index=0)
    assert state(root)["title"].startswith("L =")
    assert not recorder.errors, recorder.errors


def test_editing_a_leaf_recomputes_with_the_engine(open_page) -> None:
    page, recorder = open_page(CHAIN_RULE, DESKTOP)
    refuse_outside(page)
    root, box = first_stepper(page)
    leaf = box.get_by_label("value of the leaf a")
    leaf.fill("3.5")
    leaf.press("Enter")
    leaf.dispatch_event("change")
    status = recomputed(page, box)
    assert status.text_content().startswith("Recomputed by the engine"), status.text_content()
    assert status.get_attribute("aria-live") == "polite"
    root.focus()
    page.keyboard.press("End")
    shown = state(root)
    L = chain_rule_graph(a=3.5)
    L.backward()
    nodes = topological_order(L)
    assert shown["grads"] == [f"grad {n.grad:.4f}" for n in nodes]
    assert shown["values"] == [f"data {n.data:.4f}" for n in nodes]
    assert f"∂L/∂a = {nodes[0].grad:.4g}" in status.text_content()
    assert root.locator("svg.lit-graph").count() == 1  # the graph drawn anew, in its place
    assert not recorder.errors, recorder.errors
    assert not recorder.foreign_requests(), recorder.foreign_requests()


def recomputed(page, box):
    """The stepper's status line, once the engine has answered the reader's edit."""
    status = box.locator(".mg-stepper-status")
    wait_for_text(page, status, "Recomputed|Could")
    return status


def feedback_after(page, box) -> str:
    feedback = box.locator(".mg-visiting-feedback")
    wait_for_text(page, feedback, "Order|Could")
    return feedback.inner_text()


def test_a_wrong_then_a_right_visiting_order(open_page) -> None:
    page, recorder = open_page(TOPOLOGICAL, DESKTOP)
    refuse_outside(page)
    box = page.locator(".mg-visiting")
    box.scroll_into_view_if_needed()
    run = box.get_by_role("button", name="Run this order")
    assert run.is_disabled()
    for label in ["b", "d", "c", "a"]:  # with the keyboard: b runs too early
        box.get_by_role("button", name=f"Run {label}'s rule next").focus()
        page.keyboard.press("Enter")
    assert box.locator(".mg-visiting-order").text_content().startswith("Your order: b, d, c, a")
    run.focus()
    page.keyboard.press("Enter")
    text = feedback_after(page, box)
    wrong = run_order(["b", "d", "c", "a"])
    assert text.startswith("Order b, d, c, a: wrong.")
    for message in wrong.messages():
        assert message in text
    assert box.locator("g.node.mg-wrong").count() == 1
    assert box.locator("g.node.mg-wrong text", has_text="grad 9.0000").count() == 1

    box.get_by_role("button", name="Clear").click()
    titles = page.evaluate("(box) => JSON.parse(box.dataset.visiting).names", box.element_handle())
    for label in ["d", "c", "b", "a"]:  # by clicking the graph's nodes
        box.locator("g.node", has=page.locator(f"title:text-is('{titles[label]}')")).click()
    run.click()
    text = feedback_after(page, box)
    assert text.startswith("Order d, c, b, a: right.")
    assert run_order(["d", "c", "b", "a"]).messages()[0] in text
    assert box.locator("g.node.mg-wrong").count() == 0
    assert not recorder.errors, recorder.errors


@pytest.mark.parametrize("path", [CHAIN_RULE, TOPOLOGICAL])
def test_phone_width_and_dark_scheme(path, open_page) -> None:
    page, recorder = open_page(path, PHONE)
    overflow = page.evaluate(
        """() => [...document.querySelectorAll(
              '.mg-stepper-row, .mg-stepper-leaves, .mg-stepper-controls, .mg-visiting-row')]
          .filter((e) => e.offsetParent !== null)
          .flatMap((e) => [...e.children].map((c) => c.getBoundingClientRect()))
          .filter((r) => r.right > window.innerWidth + 1 || r.left < -1).length"""
    )
    assert overflow == 0
    page.locator(SCHEME_TOGGLE).first.click()
    page.wait_for_function(f"{SCHEME} === 'slate'")
    filters = page.evaluate(
        "[...document.querySelectorAll('.mg-stepper-graph svg, .mg-visiting-graph svg')]"
        ".map((svg) => getComputedStyle(svg).filter)"
    )
    assert filters and all(f.startswith("invert") for f in filters), filters
    assert not recorder.errors, recorder.errors


# Each step at phone width: the box of the active node (and its operation) and of the inputs
# the step's edges come from (Graphviz titles an edge "tail->head"), against the graph's box.
IN_VIEW_JS = """(root) => {
  const view = root.querySelector('.mg-stepper-graph').getBoundingClientRect();
  const node = (id) => [...root.querySelectorAll('g.node > title')]
    .find((t) => t.textContent === id).parentNode;
  const inputs = [...root.querySelectorAll('g.edge.mg-hot > title')]
    .map((t) => node(t.textContent.split('->')[0]));
  const shown = [...root.querySelectorAll('g.node.mg-active'), ...inputs];
  const out = shown.map((g) => [g.querySelector('title').textContent, g.getBoundingClientRect()])
    .filter(([, b]) => b.left < view.left - 1 || b.right > view.right + 1
      || b.top < view.top - 1 || b.bottom > view.bottom + 1)
    .map(([id, b]) => `${id} at ${Math.round(b.left)}..${Math.round(b.right)}`);
  return {step: +root.dataset.step, shown: shown.length, out,
          view: `${Math.round(view.left)}..${Math.round(view.right)}`};
}"""


@pytest.mark.parametrize("path", [CHAIN_RULE, "neuron/index.html"])
def test_at_phone_width_each_step_keeps_its_node_and_inputs_in_view(path, open_page) -> None:
    page, recorder = open_page(path, PHONE)
    root, _ = first_stepper(page)
    steps = root.evaluate("(r) => JSON.parse(r.dataset.frames).frames.length")
    seen, with_inputs = [], 0
    for _ in range(steps):
        found = root.evaluate(IN_VIEW_JS)
        seen.append(found)
        with_inputs += found["shown"] > 2  # the node, its operation and at least one input
        root.locator("button[data-step=next]").click()
    assert with_inputs >= 4, seen
    assert [s for s in seen if s["out"]] == [], seen
    assert not recorder.errors, recorder.errors


# The least gap on screen (px) between an edge label of the stepper's graph and any other edge's
# line or label (0 or less where they touch or overlap), and which pair it is.
LABEL_GAP_JS = """(root) => {
  const svg = root.querySelector('.mg-stepper-graph svg');
  const edges = [...svg.querySelectorAll('g.edge')].map((g) => {
    const text = g.querySelector(':scope > text');
    const path = g.querySelector(':scope > path:not(.mg-hit)');
    const m = path.getScreenCTM(), points = [];
    for (let s = 0, n = path.getTotalLength(); s <= n; s += 1) {
      points.push(path.getPointAtLength(s).matrixTransform(m));
    }
    const label = text && text.textContent.trim() ? text : null;
    const box = label && label.getBoundingClientRect();
    return {id: g.querySelector('title').textContent, label, box, points};
  });
  const apart = (a, b) => Math.max(b.left - a.right, a.left - b.right,
                                   b.top - a.bottom, a.top - b.bottom);
  const away = (p, b) => Math.hypot(Math.max(b.left - p.x, 0, p.x - b.right),
                                    Math.max(b.top - p.y, 0, p.y - b.bottom));
  let px = Infinity, pair = '';
  for (const e of edges.filter((e) => e.label)) {
    for (const other of edges.filter((o) => o !== e)) {
      let gap = Math.min(...other.points.map((p) => away(p, e.box)));
      if (other.label) gap = Math.min(gap, apart(e.box, other.box));
      if (gap < px) [px, pair] = [gap, `label ${e.label.textContent} of ${e.id} ~ ${other.id}`];
    }
  }
  return {step: +root.dataset.step, px: Math.round(px * 10) / 10, pair};
}"""


@pytest.mark.parametrize("path", [CHAIN_RULE, "neuron/index.html", TOPOLOGICAL])
def test_at_phone_width_no_edge_label_touches_another_label_or_edge(path, open_page) -> None:
    page, recorder = open_page(path, PHONE)
    root, _ = first_stepper(page)
    steps = root.evaluate("(r) => JSON.parse(r.dataset.frames).frames.length")
    tight = []
    for _ in range(steps):
        gap = root.evaluate(LABEL_GAP_JS)
        tight += [gap] if gap["px"] < 2.5 else []  # before the labels were spaced: 1.5 px
        root.locator("button[data-step=next]").click()
    assert tight == [], tight
    assert not recorder.errors, recorder.errors


# Where the stepper's graph can be seen at phone width: its box, the output box around it (which
# clips what sticks out), and the graph's two ends once its box is scrolled to either end.
REACH_JS = """(root) => {
  const graph = root.querySelector('.mg-stepper-graph'), svg = graph.querySelector('svg');
  const display = root.closest('.lit-display'), was = graph.scrollLeft;
  const span = (b) => [Math.round(b.left), Math.round(b.right)];
  graph.scrollLeft = 0;
  const start = span(svg.getBoundingClientRect());
  graph.scrollLeft = graph.scrollWidth;
  const end = span(svg.getBoundingClientRect());
  graph.scrollLeft = was;
  return {graph: span(graph.getBoundingClientRect()), around: span(display.getBoundingClientRect()),
          aroundScrolls: display.scrollWidth > display.clientWidth + 1, start, end,
          screen: window.innerWidth};
}"""


@pytest.mark.parametrize("path", [CHAIN_RULE, "neuron/index.html", TOPOLOGICAL])
def test_at_phone_width_the_whole_graph_is_in_reach(path, open_page) -> None:
    page, recorder = open_page(path, PHONE)
    root, _ = first_stepper(page)
    seen = root.evaluate(REACH_JS)
    (left, right), (outer_left, outer_right) = seen["graph"], seen["around"]
    assert outer_left - 1 <= left and right <= outer_right + 1, seen  # not clipped by the output
    assert left >= 0 and right <= seen["screen"], seen
    assert not seen["aroundScrolls"], seen  # the stepper itself does not slide
    assert seen["start"][0] >= left - 1 and seen["end"][1] <= right + 1, seen  # both ends
    assert not recorder.errors, recorder.errors


def test_swapping_an_operation_recomputes_with_the_engine(open_page) -> None:
    page, recorder = open_page("neuron/index.html", DESKTOP)
    refuse_outside(page)
    root, box = first_stepper(page)
    box.get_by_label("operation of o").select_option("exp")
    status = recomputed(page, box)
    assert status.text_content().startswith("Recomputed by the engine"), status.text_content()
    root.focus()
    page.keyboard.press("End")
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    n = x1 * w1 + x2 * w2 + Value(6.8813735870195432, label="b")
    o = n.exp()
    o.backward()
    shown = state(root)
    assert shown["grads"] == [f"grad {node.grad:.4f}" for node in topological_order(o)]
    assert root.locator("g.node text", has_text="exp").count() == 1  # the graph drawn anew
    # a node named by its formula takes the name of its new operation, in the drawing and the
    # captions, and a name that is a formula is in parentheses where a caption uses it
    box.get_by_label("operation of x2*w2").select_option("+")
    recomputed(page, box)
    texts = root.evaluate("(r) => [...r.querySelectorAll('g.node text')].map((t) => t.textContent)")
    assert {"x2 + w2", "x1*w1 + x2 + w2"} <= set(texts) and "x2*w2" not in texts, texts
    captions = [f["caption"] for f in root.evaluate("(r) => JSON.parse(r.dataset.frames).frames")]
    assert any("(x2 + w2).grad: 0 + " in caption for caption in captions), captions
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")  # fresh leaves: fresh grads
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    o = (x1 * w1 + (x2 + w2) + Value(6.8813735870195432, label="b")).exp()
    o.backward()
    root.focus()
    page.keyboard.press("End")
    assert state(root)["grads"] == [f"grad {node.grad:.4f}" for node in topological_order(o)]
    assert not recorder.errors, recorder.errors


def test_without_javascript_the_finished_graph_shows(browser, site_url) -> None:
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site_url + "chain-rule/")
        root = page.locator(".mg-stepper").first
        L = chain_rule_graph()
        L.backward()
        shown = root.evaluate(
            "(root) => [...root.querySelectorAll('g.node text')].map((t) => t.textContent)"
        )
        for node in topological_order(L):
            assert f"grad {node.grad:.4f}" in shown
        assert root.locator("svg").is_visible()
        assert not page.locator(".mg-stepper-setup").first.is_visible()
        assert not root.locator(".mg-stepper-controls").is_visible()
        assert page.locator(".mg-visiting").count() == 0  # not on this page
        page.goto(site_url + "topological-sort/")
        assert page.locator(".mg-visiting-nojs").is_visible()
        assert not page.locator(".mg-visiting-controls").is_visible()
    finally:
        context.close()
