"""The backward-pass stepper: frames from the real engine, in its order, ending at backward()."""

import json
import re
from html import unescape

from literate.execute.formatters import mimebundle
from literate.present.html import output_html
from literate.results import ItemResult
from micrograd.engine import Value, topological_order
from spelled_out import backward_stepper


def neuron():
    x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
    w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
    b = Value(6.8813735870195432, label="b")
    n = x1 * w1 + x2 * w2 + b
    n.label = "n"
    o = n.tanh()
    o.label = "o"
    return o


def test_the_last_frame_is_what_backward_gives():
    o = neuron()
    o.backward()
    expected = [node.grad for node in topological_order(o)]
    stepper = backward_stepper(neuron())
    assert stepper.frames[-1].grads == expected


def test_one_frame_per_node_in_reverse_topological_order_after_the_seed():
    o = neuron()
    order = topological_order(o)
    stepper = backward_stepper(o)
    assert len(stepper.frames) == len(order) + 1
    assert stepper.frames[0].active is None
    assert stepper.frames[0].grads == [0.0] * (len(order) - 1) + [1.0]
    assert [f.active for f in stepper.frames[1:]] == [f"v{i}" for i in reversed(range(len(order)))]


def test_grads_fill_in_only_when_their_consumer_has_run():
    o = neuron()
    stepper = backward_stepper(o)
    n_index = [node.label for node in topological_order(o)].index("n")
    before, after = stepper.frames[1], stepper.frames[2]  # o's rule runs first, then n's
    assert before.grads[n_index] == after.grads[n_index] == stepper.frames[-1].grads[n_index]
    assert stepper.frames[0].grads[n_index] == 0.0


def test_a_stale_grad_does_not_leak_into_the_frames():
    o = neuron()
    o.backward()
    o.backward()  # leaves now hold twice their gradient
    fresh = backward_stepper(neuron()).frames[-1].grads
    assert backward_stepper(o).frames[-1].grads == fresh


def test_html_holds_the_svg_frames_and_escaped_captions():
    a = Value(2.0, label="</script><b>")
    root = a * a
    data, _ = mimebundle(backward_stepper(root))
    html = data["text/html"]
    assert "<svg" in html and 'class="mg-stepper"' in html and "<?xml" not in html
    payload = re.search(r'data-frames="([^"]*)"', html).group(1)
    data = json.loads(unescape(payload))
    assert data["frames"][-1]["grads"][0] == "grad 4.0000"
    assert "</script><b>" not in html
    assert "<script" not in html  # instant navigation would run a <script> of the content


def test_captions_name_the_rule_and_what_it_adds():
    a = Value(0.3, label="a")
    c = 2 * a  # a.__rmul__(2) builds a * 2: the inputs are (a, 2), in that order
    c.label = "c"
    t = c.tanh()
    t.label = "t"
    captions = [frame.caption for frame in backward_stepper(t).frames]
    assert captions[0] == "Seed: dt/dt = 1"
    assert captions[1] == f"t = tanh(c): c.grad += {1 - t.data**2:.4f} * 1.0000"
    grad = f"{c.grad:.4f}"
    assert captions[2] == f"c = a * 2: a.grad += 2.0000 * {grad}; 2.grad += 0.3000 * {grad}"
    assert captions[-1] == f"a is a leaf: nothing to pass on; its grad is {a.grad:.4f}"


def test_on_the_site_its_graph_is_cleaned_like_every_other_graph():
    data, _ = mimebundle(backward_stepper(Value(2.0, label="a") * 3))
    page = output_html(ItemResult(outputs=[{"output_type": "execute_result", "data": data}]))
    assert '<div class="mg-stepper-graph"><svg class="lit-graph" style="max-width: ' in page
    assert "<!--" not in page and re.findall(r'id="lit1-', page)


def test_the_controls_are_named_and_the_caption_is_a_live_region():
    data, _ = mimebundle(backward_stepper(Value(2.0, label="a") * 3))
    markup = data["text/html"]
    for name in ("First step", "Previous step", "Next step", "Last step"):
        assert f'aria-label="{name}"' in markup
    assert '<p class="mg-stepper-caption" aria-live="polite">' in markup
    assert 'aria-valuetext="step ' in markup
