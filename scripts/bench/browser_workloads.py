"""The programs bench_browser.py runs in the page's Python and in CPython, and their CPython
side: 100,000 printed lines, and 20 training steps of MLP(2, [16, 16, 1]) on 50 points."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FLOOD = "for i in range(100_000):\n    print(i)"
TRAINING = """
import random, time
from micrograd.nn import MLP
rng = random.Random(0)
points = [((rng.uniform(-2, 2), rng.uniform(-2, 2))) for _ in range(50)]
labels = [1.0 if x * y > 0 else -1.0 for x, y in points]
model = MLP(2, [16, 16, 1])
start = time.perf_counter()
for step in range(20):
    scores = [model(list(p)) for p in points]
    loss = sum((1 + -y * s).relu() for y, s in zip(labels, scores)) * (1.0 / len(points))
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data -= 0.05 * p.grad
seconds = time.perf_counter() - start
print(f"TRAINING {seconds}")
"""


def cpython_flood_seconds() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", FLOOD], capture_output=True, check=True)
    return time.perf_counter() - start


def cpython_training_seconds() -> float:
    done = subprocess.run(
        [sys.executable, "-c", TRAINING], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return float(done.stdout.split()[1])
