"""The reader's last build-along step next to the package, on every operation and example.

    table = side_by_side(step.Value, micrograd.Value)   # the cases of compare_cases.py
    table = with_training(table, step.MLP, MLP)          # and the chapter 8 networks
    table             # one row per case: output and each gradient, both engines
    table.all_equal   # True when every number is the same float
    behaviours(step.Value, micrograd.Value)   # where they differ: bad input and deep graphs

Each case is a function of a Value class that builds the expression and returns (output, the
nodes by name); `backward()` runs once, or as often as the case's `passes` says.
"""

from __future__ import annotations

import html
import math

from spelled_out.compare_cases import EXAMPLES, moons_run, training_run

__all__ = ["DEEP", "EXAMPLES", "Comparison", "behaviours", "side_by_side", "with_training"]


def run_example(build, V):
    """(output value, {name: grad}) of one case, after its backward() calls."""
    out, nodes = build(V)
    for _ in range(getattr(build, "passes", 1)):
        out.backward()
    return out.data, {name: node.grad for name, node in nodes.items()}


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
            f"<tr><th>case</th><th>number</th><th>{first}</th><th>{second}</th><th>same?</th></tr>"
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
            # data-lit-fits: the table scrolls inside it, a box of its own
            '<div class="mg-table" role="region" tabindex="0" data-lit-fits aria-label="'
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
    """The output of one case, `out`, and each named node's gradient, `∂out/∂name`, as one flat
    dict: the rows of the table, named as the site writes a gradient, output over input. After
    more than one pass a node's .grad is not that gradient (a leaf's holds their sum): it is
    named for what it is, `name.grad after 2 passes`."""
    out, grads = run_example(build, V)
    passes = getattr(build, "passes", 1)
    label = "∂out/∂{}" if passes == 1 else f"{{}}.grad after {passes} passes"
    return {"out": out, **{label.format(name): g for name, g in grads.items()}}


def run_numbers(losses: list[float], params: list[float]) -> dict:
    """A training run's numbers: `params` is model.parameters() after it, weights and biases in
    micrograd's order (the first neuron's weights first, so params[0] is a weight)."""
    return {
        "loss, first step": losses[0],
        "loss, last step": losses[-1],
        "first weight after": params[0],
        f"all {len(params)} parameters after": tuple(params),
    }


def training_numbers(MLP, steps=10) -> dict:
    return run_numbers(*training_run(MLP, steps))


def side_by_side(mine, package, names=("your Value", "the package")) -> Comparison:
    """Every case of compare_cases.EXAMPLES, run with both Value classes."""
    rows = [
        (name, numbers(build, mine), numbers(build, package)) for name, build in EXAMPLES.items()
    ]
    return Comparison(rows, names)


def with_training(
    table: Comparison, mine_mlp, package_mlp, steps=10, moon_steps=3, moon_points=60
) -> Comparison:
    """The table plus two rows: `steps` steps of training MLP(3, [4, 4, 1]) on chapter 8's four
    examples, and `moon_steps` steps of its moons network, MLP(2, [16, 16, 1]), with each MLP."""
    rows = [
        (
            f"ch.8  {steps} training steps, MLP(3, [4, 4, 1])",
            training_numbers(mine_mlp, steps),
            training_numbers(package_mlp, steps),
        ),
        (
            f"ch.8  moons: {moon_steps} steps of MLP(2, [16, 16, 1]), {moon_points} points",
            run_numbers(*moons_run(mine_mlp, moon_steps, moon_points)),
            run_numbers(*moons_run(package_mlp, moon_steps, moon_points)),
        ),
    ]
    return Comparison([*table.rows, *rows], table.names)


# -- where the two engines are allowed to differ: what each does with bad input or deep graphs --

DEEP = 5000  # additions in a chain: far deeper than Python's default recursion limit of 1000


def _deep_chain(V):
    x = root = V(1.0)
    for _ in range(DEEP):
        root = root + 1.0
    root.backward()
    return x.grad


BEHAVIOURS = {
    'Value("3")': lambda V: V("3"),
    "Value(True)": lambda V: V(True),
    "Value(-8.0) ** (1/3)": lambda V: V(-8.0) ** (1 / 3),
    "Value(2.0) ** Value(3.0)": lambda V: V(2.0) ** V(3.0),
    "Value(0.0).log()": lambda V: V(0.0).log(),
    "Value(1000.0).exp()": lambda V: V(1000.0).exp(),
    "Value(1.0) / 0": lambda V: V(1.0) / 0,
    f"backward() through a chain of {DEEP:,} additions": _deep_chain,
    "repr(Value(2.0))": lambda V: V(2.0),
}


def outcome(thunk, V) -> str:
    """What a case does with one engine: its result's repr, or the error it raises."""
    try:
        result = thunk(V)
    except Exception as error:  # the point is to show which error, and its message
        message = str(error).splitlines()[0] if str(error) else ""
        return f"{type(error).__name__}: {message[:90]}"
    return repr(result)


class Behaviours:
    """Rows of (case, what engine A does, what engine B does)."""

    def __init__(self, rows: list[tuple[str, str, str]], names: tuple[str, str]) -> None:
        self.rows = rows
        self.names = names

    def __getitem__(self, case: str) -> tuple[str, str]:
        for name, a, b in self.rows:
            if name == case:
                return a, b
        raise KeyError(case)

    @property
    def same(self) -> list[str]:
        return [name for name, a, b in self.rows if a == b]

    def __repr__(self) -> str:
        return "\n".join(f"{name}: {a}  |  {b}" for name, a, b in self.rows)

    def _repr_html_(self) -> str:
        first, second = (html.escape(n) for n in self.names)
        body = "".join(
            f"<tr><td><code>{html.escape(name)}</code></td><td><code>{html.escape(a)}</code>"
            f"</td><td><code>{html.escape(b)}</code></td></tr>"
            for name, a, b in self.rows
        )
        return (
            # data-lit-fits: the table scrolls inside it, a box of its own
            '<div class="mg-table" role="region" tabindex="0" data-lit-fits aria-label="'
            f'where {first} and {second} differ: bad input, a deep graph, repr">'
            f"<table><thead><tr><th>case</th><th>{first}</th><th>{second}</th></tr></thead>"
            f"<tbody>{body}</tbody></table></div>"
        )


def behaviours(mine, package, names=("your Value", "the package")) -> Behaviours:
    """Each case of BEHAVIOURS run with both Value classes."""
    rows = [(name, outcome(f, mine), outcome(f, package)) for name, f in BEHAVIOURS.items()]
    return Behaviours(rows, names)
