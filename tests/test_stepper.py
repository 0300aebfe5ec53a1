"""The stepper: forward then backward frames from the real engine, in its order, ending at
backward(); the recipe replayed with new leaves; the visiting-order exercise's verdicts."""

import json
import math
import re
from html import unescape

import pytest

from literate.execute.formatters import mimebundle
from literate.present.output_html import output_html
from literate.results import ItemResult
from micrograd.engine import Value, topological_order
from micrograd.viz import node_ids, op_id
from spelled_out import backward_stepper, visiting_exercise
from spelled_out.example import example_data
from spelled_out.replay import graph_recipe, replay
from spelled_out.stepper import live_example
from spelled_out.visiting import diamond, run_order


def neuron(x1=2.0, w1=-3.0):
    x1, x2 = Value(x1, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(w1, label="w1"), Value(1.0, label="w2")
    b = Value(6.8813735870195432, label="b")
    n = x1 * w1 + x2 * w2 + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


def grads_by_backward(root):
    root.backward()
    return [node.grad for node in topological_order(root)]


def payload(html, index=0):
    found = re.findall(r'data-frames="([^"]*)"', html)
    return json.loads(unescape(found[index]))


def test_the_last_frame_is_what_backward_gives():
    stepper = backward_stepper(neuron())
    assert stepper.frames[-1].grads == grads_by_backward(neuron())


def test_forward_frames_first_one_node_each_in_topological_order_then_backward():
    o = neuron()
    order = topological_order(o)
    frames = backward_stepper(o).frames
    n = len(order)
    assert len(frames) == 1 + n + 1 + n  # start, forward, seed, backward
    assert [f.phase for f in frames] == ["forward"] * (n + 1) + ["backward"] * (n + 1)
    assert frames[0].values == [None] * n
    assert [f.active for f in frames[1 : n + 1]] == [f"v{i}" for i in range(n)]
    for i, frame in enumerate(frames[1 : n + 1]):  # values appear one node at a time
        assert frame.values == [node.data for node in order[: i + 1]] + [None] * (n - i - 1)
        assert frame.grads == [0.0] * n
    seed = frames[n + 1]
    assert (
        seed.grads == [0.0] * (n - 1) + [1.0] and seed.caption == "Backward pass. Seed: ∂o/∂o = 1"
    )
    assert [f.active for f in frames[n + 2 :]] == [f"v{i}" for i in reversed(range(n))]


def test_grads_fill_in_only_when_their_consumer_has_run():
    o = neuron()
    frames = backward_stepper(o).frames
    n_index = [node.label for node in topological_order(o)].index("n")
    seed = [f.phase for f in frames].index("backward")
    before, after = frames[seed + 1], frames[seed + 2]  # o's rule runs first, then n's
    assert frames[seed].grads[n_index] == 0.0
    assert before.grads[n_index] == after.grads[n_index] == frames[-1].grads[n_index]


def test_a_stale_grad_does_not_leak_into_the_frames():
    o = neuron()
    o.backward()
    o.backward()  # leaves now hold twice their gradient
    fresh = backward_stepper(neuron()).frames[-1].grads
    assert backward_stepper(o).frames[-1].grads == fresh


def test_each_backward_step_shows_local_times_upstream_on_its_edges_and_the_sum():
    a = Value(3.0, label="a")
    sq = a * a
    sq.label = "sq"
    out = sq + a  # a has three paths: twice through sq, once directly
    out.label = "out"
    stepper = backward_stepper(out)
    edges = stepper.examples[0].trace.edges  # (a, sq), (a, sq), (sq, out), (a, out)
    assert edges == [(0, 1), (0, 1), (1, 2), (0, 2)]
    out_step, sq_step = stepper.frames[-3], stepper.frames[-2]
    assert out_step.hot == [2, 3] and out_step.edges[2:] == ["1 * 1 = 1", "1 * 1 = 1"]
    assert out_step.caption == (
        "out = sq + a: sq → out carries 1 * 1 = 1, sq.grad: 0 + 1 = 1; "
        "a → out carries 1 * 1 = 1, a.grad: 0 + 1 = 1"
    )
    assert sq_step.hot == [0, 1] and sq_step.edges[:2] == ["3 * 1 = 3", "3 * 1 = 3"]
    assert sq_step.caption == (
        "sq = a * a: a → sq carries 3 * 1 = 3, a.grad: 1 + 3 = 4; "
        "a → sq carries 3 * 1 = 3, a.grad: 4 + 3 = 7"
    )
    assert stepper.frames[-1].caption == "a is a leaf: nothing to pass on; its grad is 7"


def test_forward_captions_show_the_value_and_the_local_derivatives():
    a = Value(0.3, label="a")
    c = 2 * a  # a.__rmul__(2) builds a * 2: the inputs are (a, 2), in that order
    c.label = "c"
    t = c.tanh()
    t.label = "t"
    captions = [frame.caption for frame in backward_stepper(t).frames]
    assert captions[1] == "a is a leaf: its value 0.3 is given"
    assert captions[3] == (
        "c = a * 2 = 0.3 * 2 = 0.6; local derivatives of c with respect to its first input, a: 2, "
        "and with respect to its second input, the constant 2: 0.3"
    )
    assert captions[4] == (
        f"t = tanh(c) = tanh(0.6) = {t.data:.4g}; local derivative of t with respect to its "
        f"input, c: {1 - t.data**2:.4g}"
    )


def test_captions_name_a_local_derivative_by_its_input_slot_and_a_gradient_by_partial():
    # ∂(t*t)/∂t is the gradient, 2t = 6; the 3 is each input slot's local derivative, and the
    # captions keep ∂ for gradients only (the seed, the summary), as the pages write node.grad
    t = Value(3.0, label="t")
    sq = t * t
    sq.label = "t*t"  # not a name: in parentheses
    stepper = backward_stepper(sq)
    captions = [frame.caption for frame in stepper.frames]
    assert captions[2] == (
        "t*t = t * t = 3 * 3 = 9; local derivatives of (t*t) with respect to its first input, "
        "t: 3, and with respect to its second input, t: 3"
    )
    assert "∂" not in captions[2]
    assert captions[3] == "Backward pass. Seed: ∂(t*t)/∂(t*t) = 1"
    data = example_data(stepper.examples[0])
    assert data["summary"] == "t*t = 9; ∂(t*t)/∂t = 6"
    made = "edge t → (t*t) (t*t = t * t): local derivative of (t*t) with respect to its"
    assert data["edges"] == [f"{made} first input, t: 3", f"{made} second input, t: 3"]


def labelled_neuron():
    """The neuron as docs/neuron.md labels it: its products and their sum named by formula."""
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    x1w1, x2w2 = x1 * w1, x2 * w2
    x1w1.label, x2w2.label = "x1*w1", "x2*w2"
    s = x1w1 + x2w2
    s.label = "x1*w1 + x2*w2"
    n = s + Value(6.8813735870195432, label="b")
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


def test_a_name_that_is_a_formula_is_in_parentheses_wherever_it_is_used():
    captions = [frame.caption for frame in backward_stepper(labelled_neuron()).frames]
    n_step = next(c for c in captions if c.startswith("n = ") and "carries" in c)
    assert n_step.startswith(
        "n = (x1*w1 + x2*w2) + b: (x1*w1 + x2*w2) → n carries 1 * 0.5 = 0.5, "
        "(x1*w1 + x2*w2).grad: 0 + 0.5 = 0.5; b → n"
    ), n_step
    assert "x1*w1 + x2*w2 = (x1*w1) + (x2*w2) = -6 + 0 = -6; local derivatives of " in (
        " ".join(captions)
    )
    assert not [c for c in captions if re.search(r"(?<![(\w])\w+\*\w+(\.grad| →)", c)], captions


def test_a_swapped_node_named_by_its_formula_is_renamed_from_its_new_operation():
    recipe = graph_recipe(labelled_neuron())
    at = {step["label"]: i for i, step in enumerate(recipe)}

    def labels(ops):
        return [node.label for node in topological_order(replay(recipe, ops=ops))]

    assert labels({at["x2*w2"]: "+"})[5:7] == ["x2 + w2", "x1*w1 + x2 + w2"]
    both = {at["x1*w1"]: "+", at["x2*w2"]: "+", at["x1*w1 + x2*w2"]: "*"}
    assert labels(both)[6] == "(x1 + w1)*(x2 + w2)"
    assert labels({at["n"]: "*", at["o"]: "exp"})[-2:] == ["n", "o"]  # names, not formulas
    swapped = replay(recipe, ops={at["x2*w2"]: "+"})
    back = replay(graph_recipe(swapped), ops={at["x2*w2"]: "*"})  # the browser sends its recipe
    assert graph_recipe(back) == recipe
    request = {"recipe": recipe, "ops": {str(at["x2*w2"]): "+"}}
    answer = live_example(json.dumps(request))
    captions = [frame["caption"] for frame in answer["example"]["frames"]]
    assert "x2 + w2 = x2 + w2 = 0 + 1 = 1; local derivatives of (x2 + w2)" in " ".join(captions)
    assert not any("x2*w2" in caption for caption in captions), captions
    assert "x2 + w2" in answer["graph"].source and "x2*w2" not in answer["graph"].source


def test_html_holds_the_svg_frames_and_escaped_captions():
    a = Value(2.0, label="</script><b>")
    html = mimebundle(backward_stepper(a * a))[0]["text/html"]
    assert html.startswith('<div class="mg-stepper"') and "<svg" in html and "<?xml" not in html
    data = payload(html)
    assert data["frames"][-1]["grads"][0] == "grad 4.0000"
    assert data["frames"][0]["values"][0] == "data ?"
    assert data["edgeTitles"] == ["v0->v1op", "v0->v1op"]
    assert "</script><b>" not in html
    assert "<script" not in html  # instant navigation would run a <script> of the content


def test_a_built_steppers_ids_are_the_ones_viz_gives_and_name_its_svgs_parts():
    root = neuron()
    html = mimebundle(backward_stepper(root))[0]["text/html"]
    data = payload(html)
    nodes = topological_order(root)
    ids = node_ids(nodes)
    assert data["names"] == ids
    assert data["opNames"] == [op_id(i) if node._op else None for node, i in zip(nodes, ids)]
    assert data["frames"][-1]["active"] in ids
    # what stepper.js looks up is what Graphviz drew: a node's <title> is its id
    titles = [unescape(t) for t in re.findall(r"<title>([^<]*)</title>", html)]
    assert set(ids) | {op for op in data["opNames"] if op} <= set(titles)
    into_ops = [t for t in titles if "->" in t and t.endswith("op")]
    assert sorted(data["edgeTitles"]) == sorted(into_ops) and len(into_ops) == 9


def test_several_graphs_a_labelled_select_and_a_template_each():
    a = Value(2.0, label="a")
    b = Value(3.0, label="b")
    html = mimebundle(backward_stepper({"a + b": a + b, "a * a": a * a}))[0]["text/html"]
    assert '<label>Graph <select class="mg-stepper-select">' in html
    assert '<option value="1">a * a</option>' in html
    assert html.count("<template") == 1 and html.count("<svg") == 2
    assert payload(html, 1)["title"] == "a * a"


def test_on_the_site_its_graphs_are_cleaned_like_every_other_graph():
    stepper = backward_stepper({"one": Value(2.0, label="a") * 3, "two": Value(1.0) + 2})
    data, _ = mimebundle(stepper)
    page = output_html(ItemResult(outputs=[{"output_type": "execute_result", "data": data}]))
    assert '<div class="mg-stepper-graph"><svg class="lit-graph" style="max-width: ' in page
    assert "<!--" not in page and re.findall(r'id="lit1-', page) and re.findall(r'id="lit2-', page)


def test_the_controls_are_named_and_the_caption_is_a_live_region():
    markup = mimebundle(backward_stepper(Value(2.0, label="a") * 3))[0]["text/html"]
    for name in ("First step", "Previous step", "Next step", "Last step"):
        assert f'aria-label="{name}"' in markup
    assert ">Forward pass</button>" in markup and ">Backward pass</button>" in markup
    assert '<p class="mg-stepper-caption" aria-live="polite">' in markup
    assert '<p class="mg-stepper-status" role="status" aria-live="polite">' in markup
    assert 'aria-valuetext="step ' in markup


def test_a_replayed_recipe_is_the_same_graph_with_the_new_leaves():
    recipe = graph_recipe(neuron())
    again = replay(recipe, {"x1": 1.5, "w1": 0.5})
    assert grads_by_backward(again) == grads_by_backward(neuron(x1=1.5, w1=0.5))
    assert graph_recipe(replay(recipe)) == recipe
    swapped = replay(recipe, ops={str(len(recipe) - 1): "exp"})
    assert swapped._op == "exp" and swapped.data == math.exp(swapped._prev[0].data)


def test_a_replay_refuses_what_is_not_in_the_graph():
    recipe = graph_recipe(neuron())
    with pytest.raises(ValueError, match="no editable leaf"):
        replay(recipe, {"n": 1.0})
    with pytest.raises(ValueError, match="cannot swap"):
        replay(recipe, ops={len(recipe) - 1: "*"})
    with pytest.raises(ValueError, match="no operation"):
        replay(recipe, ops={0: "+"})


def test_live_example_answers_the_frames_of_the_new_values_and_the_graph():
    request = {"title": "n", "recipe": graph_recipe(neuron()), "values": {"x1": -1.0}}
    answer = live_example(json.dumps(request))
    data, graph = answer["example"], answer["graph"]
    expected = [f"grad {g:.4f}" for g in grads_by_backward(neuron(x1=-1.0))]
    assert data["frames"][-1]["grads"] == expected
    assert data["summary"].startswith("o = ") and "∂o/∂x1 = " in data["summary"]
    assert "digraph" in graph.source


def test_the_diamond_and_its_gradient():
    d = diamond()
    d.backward()
    a = topological_order(d)[0]
    assert (d.data, a.grad) == (18.0, 6 * a.data + 3)


def test_a_right_order_is_confirmed_against_backward():
    verdict = run_order(["d", "c", "b", "a"])
    assert verdict.ok and verdict.grads == verdict.expected
    assert verdict.messages() == [
        "Right: every gradient matches backward(): a.grad = 15, b.grad = 6, c.grad = 3, d.grad = 1."
    ]


def test_running_b_too_early_loses_its_path_and_says_so():
    verdict = run_order(["b", "d", "c", "a"])
    assert not verdict.ok and verdict.wrong == ["a"]
    assert verdict.messages() == [
        "a.grad comes out 9, but backward() gives 15: short by 6.",
        "b ran its rule before d (which uses b) had run, while b.grad was 0, not 6: "
        "along the path through b, a received 0 instead of 6.",
    ]


def test_the_forward_order_loses_both_paths():
    verdict = run_order(["a", "b", "c", "d"])
    assert verdict.wrong == ["a"] and verdict.grads["a"] == 0.0
    assert [e.label for e in verdict.early if e.passed] == ["b", "c"]


def test_a_leaf_may_run_early_without_harm():
    verdict = run_order(["a", "d", "b", "c"])
    assert verdict.ok and "no harm done" in verdict.messages()[-1]


def test_an_order_must_name_each_node_once():
    with pytest.raises(ValueError, match="each of"):
        run_order(["d", "b", "b", "a"])


def test_the_exercise_markup_names_its_buttons_and_has_a_live_region():
    markup = visiting_exercise()._repr_html_()
    for label in "abcd":
        assert f'aria-label="Run {label}\'s rule next">{label}</button>' in markup
    assert '<div class="mg-visiting-feedback" role="status" aria-live="polite">' in markup
    assert "<svg" in markup and "<script" not in markup
