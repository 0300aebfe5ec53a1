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
# The demo that ships with micrograd, run against this site's own `micrograd`: a small
# multi-layer perceptron learns to separate two interleaving half-circles. Everything runs on
# scalar `Value`s, so each training step builds (and differentiates) a graph of tens of
# thousands of nodes. This notebook is executed every time the site is built; download it
# (the button at the top right) and run it yourself.

# %%
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
# loss below wants them. A fixed seed makes every build draw the same points.

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


# %% [markdown]
# ## The loss
#
# The SVM "max-margin" loss: a point costs nothing once its score has the right sign with a
# margin of at least 1, so the loss is the mean of relu(1 - y·score). A small L2 penalty
# (1e-4 times the sum of squared parameters) keeps the weights from growing without need.
#
# Each step looks at a random minibatch of 32 points (seeded too), which keeps a step cheap:
# the whole batch of 100 would build a graph three times the size.


# %%
batch_rng = random.Random(42)


def loss(batch_size=None):
    if batch_size is None:
        xb, yb = X, y
    else:
        picks = batch_rng.sample(range(len(X)), batch_size)
        xb, yb = [X[i] for i in picks], [y[i] for i in picks]
    scores = [model([Value(a), Value(b)]) for a, b in xb]
    margins = [(1 + -yi * score).relu() for yi, score in zip(yb, scores)]
    data_loss = sum(margins) * (1.0 / len(margins))
    reg_loss = 1e-4 * sum(p * p for p in model.parameters())
    accuracy = sum((yi > 0) == (score.data > 0) for yi, score in zip(yb, scores)) / len(yb)
    return data_loss + reg_loss, accuracy


total, accuracy = loss()
print(f"before training: loss {total.data:.4f}, accuracy {accuracy:.0%} on all {len(X)} points")

# %% [markdown]
# How large is the graph of one step? Count the nodes below the loss of a minibatch of 32 and
# of all the points (the minibatch's random draw is put back, so training is not affected):

# %%
saved = batch_rng.getstate()
minibatch_nodes = len(topological_order(loss(batch_size=32)[0]))
batch_rng.setstate(saved)
full_nodes = len(topological_order(loss()[0]))
print(f"minibatch of 32: {minibatch_nodes:,} nodes; all {len(X)} points: {full_nodes:,} nodes")
assert 10_000 <= minibatch_nodes < 100_000, "a step's graph should have tens of thousands of nodes"
assert 2.5 < full_nodes / minibatch_nodes < 3.5, "all the points: about three times the nodes"

# %% [markdown]
# ## Training
#
# Stochastic gradient descent: forward on a minibatch, zero the gradients, backward, and step
# against the gradient with a learning rate that decays from 1.0.

# %%
steps = 30
for k in range(steps):
    total, accuracy = loss(batch_size=32)
    model.zero_grad()
    total.backward()
    learning_rate = 1.0 - 0.9 * k / steps
    for p in model.parameters():
        p.data -= learning_rate * p.grad
    if k % 5 == 0 or k == steps - 1:
        print(f"step {k:2d}: loss {total.data:.4f}, accuracy {accuracy:.0%} on its batch")

total, accuracy = loss()
print(f"after training: loss {total.data:.4f}, accuracy {accuracy:.0%} on all {len(X)} points")

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
