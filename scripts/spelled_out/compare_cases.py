"""The cases on which the reader's last build-along step meets the package (see compare.py).

Each case is a function of a Value class that builds an expression and returns (output, the
nodes whose gradients to compare, by name); `passes` says how many times to call `backward()`.
Both engines run exactly the same code, so any difference comes from the engines themselves.
"""

from __future__ import annotations

import math
import random


def passes(n: int):
    """Mark a case to be run with n calls of backward() in a row."""

    def mark(build):
        build.passes = n
        return build

    return mark


def ch1_d(V):
    a, b, c = V(2.0), V(-3.0), V(10.0)
    return a * b + c, {"a": a, "b": b, "c": c}


def ch3_L(V):
    a, b, c, f = V(2.0), V(-3.0), V(10.0), V(-2.0)
    return (a * b + c) * f, {"a": a, "b": b, "c": c, "f": f}


def ch4_powers(V):
    x, y, z = V(2.0), V(2.0), V(2.25)
    return x**3 + y**-1 + z**0.5, {"x (x**3)": x, "y (y**-1)": y, "z (z**0.5)": z}


def ch4_a_times_a(V):
    a = V(3.0)
    return a * a, {"a": a}


def ch4_a_squared(V):
    a = V(3.0)
    return a**2, {"a": a}


def ch4_tanh(V):
    x = V(0.5)
    return x.tanh(), {"x": x}


def ch4_tanh_expanded(V):
    x = V(0.5)
    e = (2 * x).exp()
    return (e - 1) / (e + 1), {"x": x}


def ch4_exp_log(V):
    x, y = V(0.7), V(2.0)
    return x.exp() * y.log(), {"x": x, "y": y}


def ch4_relu(V):
    x, y, z = V(-1.5), V(2.0), V(0.0)
    return x.relu() + 3 * y.relu() + z.relu(), {"x (< 0)": x, "y (> 0)": y, "z (= 0)": z}


def ch4_neg_sub_div(V):
    a, b = V(3.0), V(-4.0)
    return -a + (a - b) / b, {"a": a, "b": b}


def ch4_reflected(V):
    a = V(3.0)
    return (2 + a) * (2 * a) + (2 - a) / (2 / a) + (a + 2) * (a - 2) / (a / 2), {"a": a}


def ch4_sum(V):
    a, b, c = V(1.5), V(-2.0), V(0.25)
    return sum([a, b, c]) * sum(x * x for x in (a, b, c)), {"a": a, "b": b, "c": c}


def ch5_diamond(V):
    a = V(2.0)
    b = a + 1
    c = 3 * a
    return b * c, {"a": a}


def ch5_reused_sum(V):
    a = V(1.0)
    b = a + a
    return b + b, {"a": a}


def ch5_chain(V):
    a, b = V(1.0), V(2.0)
    c = a + b
    return c + 2 * c, {"a": a, "b": b}


@passes(2)
def ch5_twice_square(V):
    a = V(3.0)
    sq = a * a
    return sq + 1, {"a": a, "sq (interior)": sq}


@passes(2)
def ch5_twice_L(V):
    a, b, c, f = V(2.0), V(-3.0), V(10.0), V(-2.0)
    e = a * b
    d = e + c
    return d * f + a * a, {"a": a, "b": b, "c": c, "f": f, "e (interior)": e, "d (interior)": d}


@passes(2)
def ch5_twice_leaf(V):
    x = V(5.0)
    return x, {"x": x}


def ch6_neuron(V):
    x1, x2, w1, w2 = V(2.0), V(0.0), V(-3.0), V(1.0)
    b = V(6.8813735870195432)
    return (x1 * w1 + x2 * w2 + b).tanh(), {"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b}


EXAMPLES = {
    "ch.1  d = a*b + c": ch1_d,
    "ch.2/3  L = (a*b + c)*f": ch3_L,
    "ch.4  x**3 + y**-1 + z**0.5": ch4_powers,
    "ch.4  a*a, a = 3": ch4_a_times_a,
    "ch.4  a**2, a = 3": ch4_a_squared,
    "ch.4  tanh(x), x = 0.5": ch4_tanh,
    "ch.4b  (e^2x - 1)/(e^2x + 1)": ch4_tanh_expanded,
    "ch.4  exp(x) * log(y)": ch4_exp_log,
    "ch.4  relu below, above and at 0": ch4_relu,
    "ch.4  -a + (a - b)/b": ch4_neg_sub_div,
    "ch.4  reflected: 2 + a, 2*a, 2 - a, 2/a": ch4_reflected,
    "ch.4  sum() of Values": ch4_sum,
    "ch.5  d = (a+1)*(3a), a = 2": ch5_diamond,
    "ch.5  b = a+a, c = b+b": ch5_reused_sum,
    "ch.5  c = a+b, L = c + 2c": ch5_chain,
    "ch.5b  a*a + 1, backward() twice": ch5_twice_square,
    "ch.5b  (a*b + c)*f + a*a, backward() twice": ch5_twice_L,
    "ch.5b  a leaf as the root, backward() twice": ch5_twice_leaf,
    "ch.6  neuron tanh(x1w1 + x2w2 + b)": ch6_neuron,
}

# the training chapter's four examples and targets
XS = [[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]]
YS = [1.0, -1.0, -1.0, 1.0]


def training_run(MLP, steps=10, lr=0.1, seed=0):
    """The chapter 8 loop on MLP(3, [4, 4, 1]) with tanh: (losses, parameters after)."""
    random.seed(seed)
    model = MLP(3, [4, 4, 1], activation="tanh")
    losses = []
    for _ in range(steps):
        loss = sum((model(x) - y) ** 2 for x, y in zip(XS, YS)) / len(YS)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= lr * p.grad
        losses.append(loss.data)
    return losses, [p.data for p in model.parameters()]


def moons(n: int, seed: int = 2, noise: float = 0.1) -> tuple[list[list[float]], list[int]]:
    """n points of two interleaved half-circles, labelled -1 and +1 (chapter 8's data)."""
    rng = random.Random(seed)
    points, labels = [], []
    for i in range(n):
        t = math.pi * rng.random()
        if i % 2 == 0:
            x, y, label = math.cos(t), math.sin(t), -1
        else:
            x, y, label = 1 - math.cos(t), 0.5 - math.sin(t), 1
        points.append([x + rng.gauss(0, noise), y + rng.gauss(0, noise)])
        labels.append(label)
    return points, labels


def moons_run(MLP, steps=3, n=60, seed=2, alpha=1e-4):
    """Chapter 8's moons network, MLP(2, [16, 16, 1]) with relu, trained `steps` steps on n
    points with the max-margin loss and L2: (losses, parameters after)."""
    X, Y = moons(n, seed)
    random.seed(seed)
    net = MLP(2, [16, 16, 1])
    losses = []
    for step in range(steps):
        scores = [net(p) for p in X]
        hinge = sum((1 - y * s).relu() for y, s in zip(Y, scores)) / len(Y)
        loss = hinge + alpha * sum(p * p for p in net.parameters())
        net.zero_grad()
        loss.backward()
        lr = 1.0 - 0.9 * step / steps
        for p in net.parameters():
            p.data -= lr * p.grad
        losses.append(loss.data)
    return losses, [p.data for p in net.parameters()]
