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
# the graph, and then walks the same graph by hand with `trace()`. It is executed every time
# the site is built; download it (the button at the top right) to run it yourself.

# %%
from micrograd import Value, draw_dot, trace
from micrograd.engine import topological_order

# %% [markdown]
# ## An expression
#
# Two inputs, two weights and a bias: the neuron computes tanh(x1·w1 + x2·w2 + b). Labels
# are only for the drawing.

# %%
x1, x2 = Value(2.0, label="x1"), Value(0.0, label="x2")
w1, w2 = Value(-3.0, label="w1"), Value(1.0, label="w2")
b = Value(6.8813735870195432, label="b")
x1w1 = x1 * w1
x1w1.label = "x1*w1"
x2w2 = x2 * w2
x2w2.label = "x2*w2"
s = x1w1 + x2w2
s.label = "x1w1+x2w2"
n = s + b
n.label = "n"
o = n.tanh()
o.label = "o"
print(f"o = {o.data:.4f}")

# %% [markdown]
# ## Backward
#
# One call fills in the gradient of `o` with respect to every value below it.

# %%
o.backward()
for v in (x1, x2, w1, w2, b):
    print(f"∂o/∂{v.label:2} = {v.grad: .4f}")

# %% [markdown]
# ## The graph
#
# `draw_dot` returns a Graphviz graph, which the notebook shows as a picture: each value as a
# record of its label, data and grad, and each operation as a small circle between a value
# and its inputs.

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
assert nodes == topological_order(o), "trace should list the nodes in the order backward() sorts"
print(len(nodes), "nodes,", len(edges), "edges")
for node in nodes:
    inputs = ", ".join(child.label for child in node._prev)
    made = f"{node._op}({inputs})" if node._op else "leaf"
    print(f"{node.label:9} data {node.data: .4f}  grad {node.grad: .4f}  {made}")

# %%
for child, parent in edges:
    print(f"{child.label} -> {parent.label}")

# %% [markdown]
# ## A value used twice
#
# When an input is used twice, as in `a * a`, there are two edges from it, and its gradient
# is the sum of what flows back along both: d(a·a)/da = 2a.

# %%
a = Value(3.0, label="a")
sq = a * a
sq.label = "sq"
sq.backward()
nodes, edges = trace(sq)
print(len(nodes), "nodes,", len(edges), "edges; a.grad =", a.grad)
draw_dot(sq)
