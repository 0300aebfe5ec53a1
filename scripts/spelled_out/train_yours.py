"""Train a small network on two moons with any engine: the reader's `Value` or the package's.

The network is written here on bare Values (a list of layers, each a list of neurons, each a
list of weights and a bias), so that it needs nothing of an engine but what the capstone asks
for: `+`, `*` (a number on either side), `1 - x`, `relu`, `backward()`, `data` and `grad`. The
same seed gives the same points and the same starting weights whatever the engine, so two
engines that compute the same floats train to the same numbers.

    run = train_moons(Value)
    run.accuracy, run.losses[-1], run.seconds_per_step
    run.frames        # the decision boundary and the loss curve, step by step (frames.py)
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from spelled_out.frames import TrainingFrames, grid_scores

SIZES = (2, 8, 8, 1)  # inputs, two hidden layers of ReLU neurons, one linear output
GRID = [i / 5 - 1.4 for i in range(20)], [i / 5 - 1.0 for i in range(13)]


def make_moons(n: int, rng: random.Random, noise: float = 0.1) -> tuple[list, list]:
    """n points on two interleaved half-circles, labels -1 and +1 in turn."""
    points, labels = [], []
    for i in range(n):
        t = math.pi * rng.random()
        x, y = (math.cos(t), math.sin(t)) if i % 2 == 0 else (1 - math.cos(t), 0.5 - math.sin(t))
        points.append([x + rng.gauss(0, noise), y + rng.gauss(0, noise)])
        labels.append(-1 if i % 2 == 0 else 1)
    return points, labels


class Network:
    """Layers of neurons on bare Values of the given engine."""

    def __init__(self, Value: Any, rng: random.Random) -> None:
        self.layers = [
            [([Value(rng.uniform(-1, 1)) for _ in range(n_in)], Value(0.0)) for _ in range(n_out)]
            for n_in, n_out in itertools.pairwise(SIZES)
        ]

    def __call__(self, x: list) -> Any:
        for index, layer in enumerate(self.layers):
            last = index == len(self.layers) - 1
            sums = [sum((w * xi for w, xi in zip(ws, x)), b) for ws, b in layer]
            x = sums if last else [s.relu() for s in sums]
        return x[0]

    def parameters(self) -> list:
        return [p for layer in self.layers for ws, b in layer for p in (*ws, b)]


@dataclass
class TrainingRun:
    losses: list[float] = field(default_factory=list)
    accuracy: float = 0.0
    seconds_per_step: float = 0.0
    frames: TrainingFrames | None = None


def train_moons(Value: Any, steps: int = 100, points: int = 60, frames: int = 5) -> TrainingRun:
    """Train on `points` moons for `steps` full-batch steps of gradient descent on the hinge
    loss; keep the boundary at `frames` steps, drawn before the step's update, so that it is the
    boundary of the network its loss and accuracy are of. Times only the steps, not the drawing."""
    rng = random.Random(7)
    xs, ys = make_moons(points, rng)
    net = Network(Value, rng)
    run = TrainingRun(frames=TrainingFrames(xs, ys, *GRID))
    keep = {round(k * (steps - 1) / (frames - 1)) for k in range(frames)}
    spent = 0.0
    for step in range(steps):
        started = time.perf_counter()
        scores = [net([Value(a), Value(b)]) for a, b in xs]
        loss = sum(((1 - y * s).relu() for y, s in zip(ys, scores)), Value(0.0)) * (1 / points)
        for p in net.parameters():
            p.grad = 0.0
        loss.backward()
        spent += time.perf_counter() - started
        run.losses.append(loss.data)
        run.accuracy = sum((s.data > 0) == (y > 0) for s, y in zip(scores, ys)) / points
        if step in keep:  # before the update: the network the loss and accuracy are of
            run.frames.add(step, grid_scores(net, *GRID), loss.data, run.accuracy)
        started = time.perf_counter()
        rate = 1.0 - 0.9 * step / steps
        for p in net.parameters():
            p.data -= rate * p.grad
        spent += time.perf_counter() - started
    run.frames.losses = run.losses
    run.seconds_per_step = spent / steps
    return run
