"""Time this repo's micrograd against micrograd 0.1.0 (from PyPI) and scalar PyTorch.

Each measurement runs in a fresh interpreter, and the engines take turns round after round, so
that a noisy, shared machine slows them alike; the table shows medians and their ratios.

    python scripts/bench/bench_engine.py                   # the table
    python scripts/bench/bench_engine.py --update-readme   # ... and write it into README.md

Workloads (the same seeded inputs on every engine):
  moons  the demo of micrograd's demo.ipynb: MLP(2, [16, 16, 1]) on 100 two-moons points,
         max-margin loss + 1e-4 L2, 20 SGD steps with learning rate 1.0 - 0.9*k/100
  chain  backward through a chain 100,000 operations deep
  wide   200,000 products summed, then backward
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

from readme_table import update_readme

ROOT = Path(__file__).resolve().parents[2]
REFERENCE_DIR = ROOT / ".bench" / "micrograd-0.1.0"
TABLE = ("<!-- bench_engine:start -->", "<!-- bench_engine:end -->")

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
WORKLOADS_FILE = Path(__file__).resolve().parent / "engine_workloads.py"


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
    """Run a workload in a fresh interpreter, with the engine's micrograd first on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(ENGINES[engine])}
    command = [sys.executable, str(WORKLOADS_FILE), *args]
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", choices=WORKLOADS, help="run one workload")
    parser.add_argument("--update-readme", action="store_true")
    args = parser.parse_args()

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
        update_readme(TABLE, text + "\n" + notes)


if __name__ == "__main__":
    main()
