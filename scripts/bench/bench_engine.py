"""Time this repo's micrograd against micrograd 0.1.0 (from PyPI) and scalar PyTorch.

Each measurement runs in a fresh interpreter, and the engines take turns round after round, so
that a noisy, shared machine slows them alike; the table shows medians and their ratios.

    python scripts/bench_engine.py                   # the table
    python scripts/bench_engine.py --update-readme   # ... and write it into README.md

Workloads (the same seeded inputs on every engine):
  moons  the demo of micrograd's demo.ipynb: MLP(2, [16, 16, 1]) on 100 two-moons points,
         max-margin loss + 1e-4 L2, 20 SGD steps with learning rate 1.0 - 0.9*k/100
  chain  backward through a chain 100,000 operations deep
  wide   200,000 products summed, then backward
"""

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REFERENCE_DIR = ROOT / ".bench" / "micrograd-0.1.0"
README = ROOT / "README.md"
TABLE_START, TABLE_END = "<!-- bench_engine:start -->", "<!-- bench_engine:end -->"

ENGINES = {
    "this repo": [str(ROOT)],
    "micrograd 0.1.0": [str(REFERENCE_DIR)],
    "PyTorch (0-d float64)": [],
}
WORKLOADS = {  # workload -> engines that run it
    "moons": ["this repo", "micrograd 0.1.0", "PyTorch (0-d float64)"],
    "chain": ["this repo", "micrograd 0.1.0"],
    "wide": ["this repo", "micrograd 0.1.0"],
}
CHAIN_DEPTH, WIDE_TERMS, MOONS_POINTS, MOONS_STEPS = 100_000, 200_000, 100, 20


# -- the workloads, run inside a worker process ---------------------------------------------


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


# -- the driver ------------------------------------------------------------------------------


def ensure_reference():
    if not (REFERENCE_DIR / "micrograd" / "engine.py").exists():
        print("Installing micrograd==0.1.0 into .bench/ ...", file=sys.stderr)
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
                "--no-deps",
                "--target",
                str(REFERENCE_DIR),
                "micrograd==0.1.0",
            ],
            check=True,
        )


def spawn(engine, *args):
    """Run this file as a worker, with the engine's micrograd first on the import path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(ENGINES[engine])}
    command = [sys.executable, __file__, *args]
    proc = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{engine} {args} failed:\n{proc.stderr[-2000:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if out.get("module") and not out["module"].startswith(ENGINES[engine][0]):
        raise RuntimeError(f"{engine} imported micrograd from {out['module']}")
    return out


def measure(rounds):
    times = {(w, e): [] for w, engines in WORKLOADS.items() for e in engines}
    results = {}
    for r in range(rounds):
        for workload, engines in WORKLOADS.items():
            # rotate who goes first, so no engine always runs on a cold or a warm machine
            for engine in engines[r % len(engines) :] + engines[: r % len(engines)]:
                out = spawn(engine, "--worker", workload, engine)
                times[workload, engine].append(out["seconds"])
                results[workload, engine] = out["result"]
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    return times, results


def check_same_losses(results):
    ours = results["moons", "this repo"]
    for engine in ("micrograd 0.1.0", "PyTorch (0-d float64)"):
        theirs = results["moons", engine]
        worst = max(abs(a - b) for a, b in zip(ours, theirs))
        print(
            f"moons: final loss {ours[-1]:.12f} here, {theirs[-1]:.12f} on {engine}"
            f" (largest difference over {len(ours)} steps: {worst:.1e})"
        )
        if worst > 1e-9:
            raise SystemExit(f"the engines disagree on the moons losses by {worst:.3e} > 1e-9")


def table(times):
    lines = [
        "| workload | engine | median (s) | this repo / engine |",
        "|---|---|---:|---:|",
    ]
    for (workload, engine), samples in times.items():
        ours = statistics.median(times[workload, "this repo"])
        median = statistics.median(samples)
        lines.append(f"| {workload} | {engine} | {median:.3f} | {ours / median:.2f} |")
    return "\n".join(lines)


def update_readme(text):
    readme = README.read_text()
    if TABLE_START not in readme or TABLE_END not in readme:
        raise SystemExit(f"README.md has no {TABLE_START} ... {TABLE_END} markers")
    head, rest = readme.split(TABLE_START, 1)
    _, tail = rest.split(TABLE_END, 1)
    README.write_text(f"{head}{TABLE_START}\n{text}\n{TABLE_END}{tail}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=WORKLOADS, help="run one workload")
    parser.add_argument("--update-readme", action="store_true")
    parser.add_argument("--worker", nargs=2, metavar=("WORKLOAD", "ENGINE"), help=argparse.SUPPRESS)
    parser.add_argument("--depth-probe", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        return run_worker(*args.worker)
    if args.depth_probe:
        return recursion_limit_depth()

    ensure_reference()
    if args.only:
        for workload in set(WORKLOADS) - {args.only}:
            del WORKLOADS[workload]
    times, results = measure(args.rounds)
    if "moons" in WORKLOADS:
        check_same_losses(results)
    text = table(times)
    depth = spawn("micrograd 0.1.0", "--depth-probe")["depth"]
    deep = spawn("this repo", "--worker", "chain-1M", "this repo")
    notes = (
        f"\nmicrograd 0.1.0's recursive sort fails at the default recursion limit on a chain"
        f" {depth} operations deep (it needs a raised limit for chain and wide).\n"
        f"This repo's backward through a chain 1,000,000 deep: {deep['seconds']:.2f} s"
        f" (x.grad = {deep['result'][0]})."
    )
    print(text + "\n" + notes)
    if args.update_readme:
        update_readme(text + "\n" + notes)


if __name__ == "__main__":
    main()
