"""The reader's last build-along step next to the package, on the curriculum's worked examples.

    table = side_by_side(step.Value, micrograd.Value)
    table             # one row per example: output and every leaf's gradient, both engines
    table.all_equal   # True when every number is the same float

Each example is a function of a Value class that builds the expression, runs `backward()` and
returns (output, the leaves by name), so both engines run exactly the same code.
"""

from __future__ import annotations

import html
import math
import random


def ch1_d(V):
    a, b, c = V(2.0), V(-3.0), V(10.0)
    return a * b + c, {"a": a, "b": b, "c": c}


def ch3_L(V):
    a, b, c, f = V(2.0), V(-3.0), V(10.0), V(-2.0)
    return (a * b + c) * f, {"a": a, "b": b, "c": c, "f": f}


def ch4_cube(V):
    x = V(2.0)
    return x**3, {"x": x}


def ch4_inverse(V):
    x = V(2.0)
    return x**-1, {"x": x}


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


def ch6_neuron(V):
    x1, x2, w1, w2 = V(2.0), V(0.0), V(-3.0), V(1.0)
    b = V(6.8813735870195432)
    return (x1 * w1 + x2 * w2 + b).tanh(), {"x1": x1, "x2": x2, "w1": w1, "w2": w2, "b": b}


EXAMPLES = {
    "ch.1  d = a*b + c": ch1_d,
    "ch.2/3  L = (a*b + c)*f": ch3_L,
    "ch.4  x**3, x = 2": ch4_cube,
    "ch.4  x**-1, x = 2": ch4_inverse,
    "ch.4  a*a, a = 3": ch4_a_times_a,
    "ch.4  a**2, a = 3": ch4_a_squared,
    "ch.4  tanh(x), x = 0.5": ch4_tanh,
    "ch.4  (e^2x - 1)/(e^2x + 1)": ch4_tanh_expanded,
    "ch.5  d = (a+1)*(3a), a = 2": ch5_diamond,
    "ch.5  b = a+a, c = b+b": ch5_reused_sum,
    "ch.5  c = a+b, L = c + 2c": ch5_chain,
    "ch.6  neuron tanh(x1w1 + x2w2 + b)": ch6_neuron,
}


def run_example(build, V):
    """(output value, {leaf name: grad}) of one example, after backward()."""
    out, leaves = build(V)
    out.backward()
    return out.data, {name: leaf.grad for name, leaf in leaves.items()}


class Comparison:
    """Rows of (example, numbers from engine A, numbers from engine B)."""

    def __init__(self, rows: list[tuple[str, dict, dict]], names: tuple[str, str]) -> None:
        self.rows = rows
        self.names = names

    @property
    def mismatches(self) -> list[str]:
        return [name for name, a, b in self.rows if a != b]

    @property
    def all_equal(self) -> bool:
        return not self.mismatches

    def __repr__(self) -> str:
        return "\n".join(f"{name}: {'same' if a == b else f'{a} != {b}'}" for name, a, b in self)

    def __iter__(self):
        return iter(self.rows)

    def _repr_html_(self) -> str:
        first, second = (html.escape(n) for n in self.names)
        head = (
            f"<tr><th>example</th><th>number</th><th>{first}</th><th>{second}</th>"
            "<th>same?</th></tr>"
        )
        body = []
        for name, a, b in self.rows:
            keys = list(a)
            for i, key in enumerate(keys):
                cell = f'<td rowspan="{len(keys)}">{html.escape(name)}</td>' if i == 0 else ""
                same = "yes" if a[key] == b.get(key) else "NO"
                body.append(
                    f"<tr>{cell}<td><code>{html.escape(key)}</code></td>"
                    f"<td>{_fmt(a[key])}</td><td>{_fmt(b.get(key))}</td><td>{same}</td></tr>"
                )
        return (
            '<div class="mg-table" role="region" tabindex="0" aria-label="'
            f'{first} against {second}"><table><thead>{head}</thead>'
            f"<tbody>{''.join(body)}</tbody></table></div>"
        )


def _fmt(x) -> str:
    if x is None:
        return "missing"
    if isinstance(x, tuple):
        return f"{len(x)} numbers"
    if isinstance(x, float) and math.isfinite(x) and x == round(x, 4):
        return f"{x:g}"
    return f"{x:.10g}"


def numbers(build, V) -> dict:
    """The output and each leaf's gradient of one example, as one flat dict."""
    out, grads = run_example(build, V)
    return {"value": out, **{f"d/d{name}": g for name, g in grads.items()}}


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


def training_numbers(MLP, steps=10) -> dict:
    losses, params = training_run(MLP, steps)
    return {
        "loss, step 0": losses[0],
        f"loss, step {steps - 1}": losses[-1],
        "first weight after": params[0],
        f"all {len(params)} weights after": tuple(params),
    }


def side_by_side(mine, package, names=("your Value", "micrograd")) -> Comparison:
    """Every worked example, run with both Value classes; with their MLPs (mine.MLP and
    package.MLP, pass them as mlps), also ten steps of the training chapter's loop."""
    rows = [
        (name, numbers(build, mine), numbers(build, package)) for name, build in EXAMPLES.items()
    ]
    return Comparison(rows, names)


def with_training(table: Comparison, mine_mlp, package_mlp, steps=10) -> Comparison:
    """The table plus one row: `steps` steps of training MLP(3, [4, 4, 1]) with each MLP."""
    row = (
        f"ch.8  {steps} training steps, MLP(3, [4, 4, 1])",
        training_numbers(mine_mlp, steps),
        training_numbers(package_mlp, steps),
    )
    return Comparison([*table.rows, row], table.names)
