"""The workloads of bench_engine.py, each run once in a fresh interpreter whose import path
starts with the engine under test:

    python engine_workloads.py --worker WORKLOAD ENGINE   # prints {"seconds", "result", ...}
    python engine_workloads.py --depth-probe              # micrograd 0.1.0's recursion limit
"""

import argparse
import json
import math
import random
import sys
import time

CHAIN_DEPTH, WIDE_TERMS, MOONS_POINTS, MOONS_STEPS = 100_000, 200_000, 100, 20


def make_moons(n, noise=0.1, seed=0):
    """Two interleaving half circles, labels -1 and 1, in plain Python."""
    rng = random.Random(seed)
    points, labels = [], []
    for i in range(n):
        upper = i < n // 2
        t = math.pi * (i % (n // 2)) / (n // 2 - 1)
        x, y = (math.cos(t), math.sin(t)) if upper else (1 - math.cos(t), 0.5 - math.sin(t))
        points.append([x + rng.gauss(0, noise), y + rng.gauss(0, noise)])
        labels.append(-1.0 if upper else 1.0)
    return points, labels


def moons_on_micrograd():
    from micrograd.engine import Value
    from micrograd.nn import MLP

    random.seed(1337)
    model = MLP(2, [16, 16, 1])
    params = model.parameters()

    def update(learning_rate):
        for p in params:
            p.data -= learning_rate * p.grad

    return train_moons(model, params, Value, lambda p: p.data, model.zero_grad, update)


def moons_on_torch():
    import torch

    torch.set_num_threads(1)
    random.seed(1337)
    scalar = lambda x: torch.tensor(float(x), dtype=torch.float64)
    layers = []  # the same initial weights as micrograd's MLP, drawn in the same order
    for nin, nout, nonlin in ((2, 16, True), (16, 16, True), (16, 1, False)):
        neurons = []
        for _ in range(nout):
            w = [scalar(random.uniform(-1, 1)).requires_grad_() for _ in range(nin)]
            neurons.append((w, scalar(0).requires_grad_()))
        layers.append((neurons, nonlin))

    def model(x):
        for neurons, nonlin in layers:
            out = [sum((wi * xi for wi, xi in zip(w, x)), b) for w, b in neurons]
            x = [o.relu() for o in out] if nonlin else out
        return x[0]

    params = [p for neurons, _ in layers for w, b in neurons for p in (*w, b)]

    def zero_grad():
        for p in params:
            p.grad = None

    def update(learning_rate):
        with torch.no_grad():
            for p in params:
                p -= learning_rate * p.grad

    return train_moons(model, params, scalar, lambda p: p.item(), zero_grad, update)


def train_moons(model, params, scalar, item, zero_grad, update):
    """The training loop of demo.ipynb; returns the loss of every step."""
    points, labels = make_moons(MOONS_POINTS)
    losses = []
    for k in range(MOONS_STEPS):
        inputs = [[scalar(v) for v in row] for row in points]
        scores = [model(x) for x in inputs]
        data_loss = sum((1 + -y * s).relu() for y, s in zip(labels, scores)) * (1.0 / len(scores))
        reg_loss = 1e-4 * sum(p * p for p in params)
        loss = data_loss + reg_loss
        zero_grad()
        loss.backward()
        update(1.0 - 0.9 * k / 100)
        losses.append(item(loss))
    return losses


def chain_on_micrograd(depth=CHAIN_DEPTH):
    from micrograd.engine import Value

    x = y = Value(0.5)
    for i in range(depth):
        y = y * 1.0 if i % 2 else y + 1.0
    y.backward()
    return [x.grad]


def wide_on_micrograd():
    from micrograd.engine import Value

    rng = random.Random(0)
    ws = [Value(rng.uniform(-1, 1)) for _ in range(WIDE_TERMS)]
    xs = [Value(rng.uniform(-1, 1)) for _ in range(WIDE_TERMS)]
    total = sum(w * x for w, x in zip(ws, xs))
    total.backward()
    return [total.data, ws[0].grad]


def run_worker(workload, engine):
    """Run one workload once in this process; print its time and result as JSON."""
    sys.setrecursionlimit(10_000_000)  # micrograd 0.1.0 sorts recursively
    if engine.startswith("PyTorch"):
        import torch  # noqa: F401  (imported before the clock starts)

        job, module = moons_on_torch, None
    else:
        import micrograd.engine

        jobs = {"moons": moons_on_micrograd, "chain": chain_on_micrograd, "wide": wide_on_micrograd}
        jobs["chain-1M"] = lambda: chain_on_micrograd(1_000_000)
        job, module = jobs[workload], micrograd.engine.__file__
    start = time.perf_counter()
    result = job()
    seconds = time.perf_counter() - start
    print(json.dumps({"seconds": seconds, "result": result, "module": module}))


def recursion_limit_depth():
    """The shortest chain on which micrograd 0.1.0's backward fails at the default limit."""
    from micrograd.engine import Value

    low, high = 1, 2000  # backward works at low, fails at high
    while high - low > 1:
        mid = (low + high) // 2
        y = Value(0.5)
        for _ in range(mid):
            y = y + 1.0
        try:
            y.backward()
            low = mid
        except RecursionError:
            high = mid
    print(json.dumps({"depth": high}))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--worker", nargs=2, metavar=("WORKLOAD", "ENGINE"))
    parser.add_argument("--depth-probe", action="store_true")
    args = parser.parse_args()
    if args.worker:
        run_worker(*args.worker)
    elif args.depth_probe:
        recursion_limit_depth()


if __name__ == "__main__":
    main()
