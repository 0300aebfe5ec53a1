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
# # Training on two moons
#
# A small multi-layer perceptron, built from this site's own `micrograd`, learns to separate
# two interleaving half-circles: after training, at least 95% of the points lie on their own
# side of its boundary, as the training cell checks. Everything runs on scalar `Value`s, so
# each training step builds (and differentiates) a graph of tens of thousands of nodes.
#
# This is adapted from the demo notebook of Andrej Karpathy's micrograd (`demo.ipynb`), which
# takes its points from scikit-learn's `make_moons` and trains on all of them at every step,
# for 100 steps. Here the points are drawn in plain Python, and each step trains on a random
# minibatch of them (a random handful of the points per step: stochastic gradient descent), for
# fewer steps, which keeps the build quick.
#
# The build runs this notebook like the chapters' pages (Writing pages says how, under
# Notebooks). Download it (the link below) and run it yourself.

# %%
import itertools
import math
import random

import matplotlib.pyplot as plt

from micrograd import MLP, Value
from micrograd.engine import topological_order

# %% [markdown]
# ## The data
#
# Two moons in plain Python (no scikit-learn): points on two half-circles, the second one
# shifted and flipped, with a little Gaussian noise. Labels are -1 and +1, as the max-margin
# (hinge) loss below wants them. A fixed seed makes every build draw the same points.

# %%
rng = random.Random(1337)


def make_moons(n, noise=0.1):
    xs, ys = [], []
    for i in range(n):
        t = math.pi * rng.random()
        if i % 2 == 0:
            point, label = (math.cos(t), math.sin(t)), -1
        else:
            point, label = (1 - math.cos(t), 0.5 - math.sin(t)), 1
        xs.append([point[0] + rng.gauss(0, noise), point[1] + rng.gauss(0, noise)])
        ys.append(label)
    return xs, ys


X, y = make_moons(100)
fig, ax = plt.subplots(figsize=(5, 3.5))
ax.scatter([p[0] for p in X], [p[1] for p in X], c=y, s=20, cmap="jet")
ax.set_aspect("equal")
plt.show()

# claim: points on two half-circles, the second one shifted and flipped
for label, centre, side in [(-1, (0.0, 0.0), 1), (1, (1.0, 0.5), -1)]:
    points = [p for p, yi in zip(X, y) if yi == label]
    radii = [math.dist(p, centre) for p in points]
    assert all(abs(r - 1) < 0.5 for r in radii), f"label {label}: a point far off its circle"
    lean = sum(side * (p[1] - centre[1]) for p in points) / len(points)  # 2/π for no noise
    assert lean > 0.4, f"label {label}: its half-circle opens the wrong way ({lean:.2f})"
# claim: Labels are -1 and +1, as the max-margin (hinge) loss below wants them
assert sorted(set(y)) == [-1, 1], sorted(set(y))

# %% [markdown]
# ## The model
#
# Two inputs, two hidden layers of 16 ReLU neurons, one linear output whose sign is the
# predicted class.

# %%
random.seed(1337)  # the MLP draws its initial weights from the random module
model = MLP(2, [16, 16, 1])
print(model.layers[0].neurons[0], "...", model.layers[-1].neurons[0])
print("layer sizes:", [len(layer.neurons) for layer in model.layers])
print("number of parameters:", len(model.parameters()))

# claim: Two inputs, two hidden layers of 16 ReLU neurons, one linear output
assert [len(neuron.w) for neuron in model.layers[0].neurons] == [2] * 16, "two inputs"
assert [len(layer.neurons) for layer in model.layers] == [16, 16, 1], "16, 16 and 1 neurons"
kinds = [{repr(neuron).split("(")[0] for neuron in layer.neurons} for layer in model.layers]
assert kinds == [{"ReLUNeuron"}, {"ReLUNeuron"}, {"LinearNeuron"}], kinds

# %% [markdown]
# ## The loss
#
# The max-margin (hinge) loss, as chapter 8 (Training an MLP) calls it: a point costs nothing
# once its score has the right sign with a margin of at least 1, so the loss is the mean of
# relu(1 - y·score) over the points. A small L2 penalty, `alpha` times the sum of the squared
# parameters, pulls every parameter towards zero. The loss also reports the accuracy: the share
# of points whose score has the sign of their label.
#
# Each step looks at a random minibatch of 32 points (seeded too), which keeps a step cheap:
# all 100 points would build a graph about three times the size.


# %%
batch_rng = random.Random(42)
minibatch = 32  # points per training step
alpha = 1e-4  # the weight of the L2 penalty


def hinge(yi, score):
    """What one point costs: nothing once yi * score reaches 1."""
    return (1 + -yi * score).relu()


def loss(batch_size=None):
    if batch_size is None:
        xb, yb = X, y
    else:
        picks = batch_rng.sample(range(len(X)), batch_size)
        xb, yb = [X[i] for i in picks], [y[i] for i in picks]
    scores = [model([Value(a), Value(b)]) for a, b in xb]
    margins = [hinge(yi, score) for yi, score in zip(yb, scores)]
    data_loss = sum(margins) * (1.0 / len(margins))
    reg_loss = alpha * sum(p * p for p in model.parameters())
    accuracy = sum((yi > 0) == (score.data > 0) for yi, score in zip(yb, scores)) / len(yb)
    return data_loss + reg_loss, accuracy


total, accuracy = loss()
before = accuracy
print(f"before training: loss {total.data:.4f}, accuracy {accuracy:.0%} on all {len(X)} points")

# claim: a point costs nothing once its score has the right sign with a margin of at least 1
for yi, score, cost in [(1, 1.0, 0.0), (-1, -2.5, 0.0), (1, 0.25, 0.75), (-1, 0.5, 1.5)]:
    assert math.isclose(hinge(yi, Value(score)).data, cost), f"y={yi}, score={score}"
scores = [model([Value(a), Value(b)]).data for a, b in X]
mean_hinge = sum(max(0.0, 1 - yi * s) for yi, s in zip(y, scores)) / len(X)
penalty = alpha * sum(p.data**2 for p in model.parameters())
assert math.isclose(total.data, mean_hinge + penalty), "the mean hinge plus the L2 penalty"
# claim: pulls every parameter towards zero
reg = alpha * sum(p * p for p in model.parameters())
model.zero_grad()
reg.backward()
assert all(math.isclose(p.grad, 2 * alpha * p.data) for p in model.parameters()), "2·alpha·p"
model.zero_grad()

# %% [markdown]
# How large is the graph of one step? Count the nodes below the loss of a minibatch of 32 and
# of all the points (the minibatch's random draw is put back, so training is not affected):

# %%
saved = batch_rng.getstate()
minibatch_nodes = len(topological_order(loss(batch_size=minibatch)[0]))
batch_rng.setstate(saved)
full_nodes = len(topological_order(loss()[0]))
print(f"minibatch of {minibatch}: {minibatch_nodes:,} nodes; all {len(X)}: {full_nodes:,} nodes")

# claim: a graph of tens of thousands of nodes
assert 10_000 <= minibatch_nodes < 100_000, "a step's graph should have tens of thousands of nodes"
# claim: all 100 points would build a graph about three times the size
assert (minibatch, len(X)) == (32, 100), "the sentence names 32 and 100 points"
assert 2.5 < full_nodes / minibatch_nodes < 3.5, "about three times the nodes"
# claim: Count the nodes below the loss of a minibatch of 32 and of all the points
assert minibatch == 32 and batch_rng.getstate() == saved, "the minibatch's draw should be put back"

# %% [markdown]
# ## Training
#
# Stochastic gradient descent, for 30 steps: forward on a minibatch of 32, zero the gradients,
# backward, and step against the gradient with a learning rate that decays from 1.0.

# %%
steps = 30
rates = []
for k in range(steps):
    total, accuracy = loss(batch_size=minibatch)
    model.zero_grad()
    total.backward()
    learning_rate = 1.0 - 0.9 * k / steps
    rates.append(learning_rate)
    for p in model.parameters():
        p.data -= learning_rate * p.grad
    if k % 5 == 0 or k == steps - 1:
        print(f"step {k:2d}: loss {total.data:.4f}, accuracy {accuracy:.0%} on its batch")

total, accuracy = loss()
print(f"after training: loss {total.data:.4f}, accuracy {accuracy:.0%} on all {len(X)} points")

# claim: for 30 steps: forward on a minibatch of 32, zero the gradients
assert (len(rates), minibatch) == (30, 32), "30 steps on minibatches of 32"
assert rates[0] == 1.0, "the first step at a rate of 1.0"
assert all(later < earlier for earlier, later in itertools.pairwise(rates)), "the rate decays"
# claim: for fewer steps, which keeps the build quick
assert steps < 100 and minibatch < len(X), "fewer steps than the demo's 100, on part of the points"
# claim: learns to separate two interleaving half-circles: after training, at least 95%
assert accuracy >= 0.95 > before, f"{before:.0%} before training, {accuracy:.0%} after"

# %% [markdown]
# ## The decision boundary
#
# Score every point of a coarse grid and colour the plane by the sign of the score.

# %%
h = 0.15
x_min, x_max = min(p[0] for p in X) - 0.5, max(p[0] for p in X) + 0.5
y_min, y_max = min(p[1] for p in X) - 0.5, max(p[1] for p in X) + 0.5
gx = [x_min + h * i for i in range(int((x_max - x_min) / h) + 1)]
gy = [y_min + h * j for j in range(int((y_max - y_min) / h) + 1)]
Z = [[1 if model([Value(a), Value(b)]).data > 0 else -1 for a in gx] for b in gy]

fig, ax = plt.subplots(figsize=(5, 3.5))
ax.contourf(gx, gy, Z, cmap="jet", alpha=0.6)
ax.scatter([p[0] for p in X], [p[1] for p in X], c=y, s=20, cmap="jet", edgecolors="k")
ax.set_aspect("equal")
ax.set_title(f"after {steps} steps: accuracy {accuracy:.0%}")
plt.show()
