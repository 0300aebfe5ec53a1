# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Tracing a graph
#
# Every `Value` remembers the values it was made from and the operation that made it. This
# notebook builds a small expression (one neuron with a tanh), runs the backward pass, draws
# the graph, and then walks the same graph by hand with `trace()`. The build runs it like the
# chapters' pages (Writing pages says how, under Notebooks). Download it (the link below) to
# run it yourself.

# %%
import math

from micrograd import Value, draw_dot, trace
from micrograd.engine import topological_order

# %% [markdown]
# ## An expression
#
# Two inputs, two weights and a bias: the neuron computes tanh(x1·w1 + x2·w2 + b). The labels
# name the values in the drawing and in the printouts below; the arithmetic never reads them.

# %%
x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
b = Value(6.8813735870195432, label="b")
x1w1 = x1 * w1
x1w1.label = "x1*w1"
x2w2 = x2 * w2
x2w2.label = "x2*w2"
s = x1w1 + x2w2
s.label = "x1*w1+x2*w2"
n = s + b
n.label = "n"
o = n.tanh()
o.label = "o"
print(f"o = {o.data:.4f}")

# claim: Two inputs, two weights and a bias: the neuron computes
assert math.isclose(o.data, math.tanh(x1.data * w1.data + x2.data * w2.data + b.data))
# claim: the arithmetic never reads them
unlabelled = (Value(2.0) * Value(-3.0) + Value(0.0) * Value(1.0) + Value(b.data)).tanh()
assert unlabelled.data == o.data, "the labels should change nothing in the arithmetic"

# %% [markdown]
# ## Backward
#
# One call fills in the gradient of `o` with respect to every value below it. The cell checks
# the gradients of the five leaves (the values no operation made) against a nudge of each, and
# those of the values in between against the rules: tanh's 1 - o², then each addition passes
# its gradient on to both of its inputs.

# %%
o.backward()
for v in (x1, x2, w1, w2, b):
    print(f"∂o/∂{v.label:2} = {v.grad: .4f}")


def o_of(leaves):
    """o as plain floats, from the leaves' data in the order x1, x2, w1, w2, b."""
    return math.tanh(leaves[0] * leaves[2] + leaves[1] * leaves[3] + leaves[4])


# claim: The cell checks the gradients of the five leaves
made_by_none = [v for v in trace(o)[0] if not v._prev]
assert len(made_by_none) == 5, made_by_none  # the leaves are exactly these five values
assert {id(v) for v in made_by_none} == {id(v) for v in (x1, x2, w1, w2, b)}, made_by_none
leaves = [x1.data, x2.data, w1.data, w2.data, b.data]
for i, v in enumerate((x1, x2, w1, w2, b)):
    up, down = list(leaves), list(leaves)
    up[i] += 1e-6
    down[i] -= 1e-6
    nudged = (o_of(up) - o_of(down)) / 2e-6
    assert math.isclose(v.grad, nudged, abs_tol=1e-6), f"∂o/∂{v.label}: {v.grad} vs {nudged}"
# claim: and those of the values in between against the rules
assert math.isclose(n.grad, 1 - o.data**2), "tanh's rule"
assert s.grad == b.grad == n.grad and x1w1.grad == x2w2.grad == s.grad, "the additions"

# %% [markdown]
# ## The graph
#
# `draw_dot` returns a Graphviz graph, which the notebook shows as a picture: each value as a
# box of its label, data and grad, and each operation as a small circle between a value and
# its inputs.

# %%
draw_dot(o)

# %% [markdown]
# ## The same graph as data
#
# `trace()` gives the nodes in topological order (every input before the values made from
# it) and the edges as (input, output) pairs. This is what `draw_dot` draws, and the order
# `backward()` walks in reverse.

# %%
nodes, edges = trace(o)
print(len(nodes), "nodes,", len(edges), "edges")
for node in nodes:
    inputs = ", ".join(child.label for child in node._prev)
    made = f"{node._op}({inputs})" if node._op else "leaf"
    print(f"{node.label:11} data {node.data: .4f}  grad {node.grad: .4f}  {made}")

# claim: gives the nodes in topological order (every input before the values made from it)
assert nodes == topological_order(o), "trace should list the nodes in the order backward() sorts"
assert all(nodes.index(child) < nodes.index(parent) for child, parent in edges), "inputs first"
graph = draw_dot(o)
# claim: each value as a box of its label, data and grad
for v in nodes:
    box = f"<TD>{v.label}</TD><TD>data {v.data:.4f}</TD><TD>grad {v.grad:.4f}</TD>"
    assert box in graph.source, f"{v.label}'s box"
# claim: each operation as a small circle between a value and its inputs
circles = graph.source.count("shape=circle")
assert circles == sum(1 for v in nodes if v._op), "one circle per operation"
# claim: This is what `draw_dot` draws
assert graph.source.count(" -> ") == len(edges) + circles, "an arrow into and out of each op"
# claim: and the order `backward()` walks in reverse
walked, rule = [], Value._backward
Value._backward = lambda node: walked.append(node) or rule(node)  # note each node, then its rule
try:
    unlabelled.backward()  # the same expression, built without labels in the first cell
finally:
    Value._backward = rule
assert walked == topological_order(unlabelled)[::-1], "backward() walks the order from the end"

# %%
for child, parent in edges:
    print(f"{child.label} -> {parent.label}")

# %% [markdown]
# ## A value used twice
#
# When an input is used twice, as in `a * a`, there are two edges from it, and its gradient
# is the sum of what flows back along both: a + a, the slope 2a of a·a.

# %%
a = Value(3.0, label="a")
sq = a * a
sq.label = "sq"
sq.backward()
nodes, edges = trace(sq)
print(len(nodes), "nodes,", len(edges), "edges; a.grad =", a.grad)

# claim: there are two edges from it
assert edges == [(a, sq), (a, sq)], edges
# claim: its gradient is the sum of what flows back along both
assert a.grad == 3.0 + 3.0 == 2 * a.data, a.grad
draw_dot(sq)
