"""Check gradients by nudging: the central difference (f(x + h) - f(x - h)) / (2 * h).

`f` is a function of no arguments that builds an expression from the current `.data` of some
leaf Values and returns the result. Nudging a leaf means changing its `.data` and calling `f`
again; the leaf is always restored afterwards.
"""

import math
from dataclasses import dataclass

from micrograd.engine import Value


def numerical_grad(f, wrt, h=1e-6):
    """The central-difference estimate of d f() / d leaf, for each leaf in wrt.

    Returns one float per leaf, or a single float when wrt is a single Value.
    """
    if h <= 0:
        raise ValueError(f"the step h must be positive, got {h!r}")
    leaves = [wrt] if isinstance(wrt, Value) else list(wrt)
    grads = [_central_difference(f, leaf, h) for leaf in leaves]
    return grads[0] if isinstance(wrt, Value) else grads


@dataclass(frozen=True)
class GradCheck:
    """Analytic (backward) and numerical (nudge) gradients side by side, one row per leaf."""

    labels: tuple
    analytic: tuple
    numerical: tuple
    tolerance: float

    @property
    def ok(self):
        return all(
            math.isclose(a, n, rel_tol=self.tolerance, abs_tol=self.tolerance)
            for a, n in zip(self.analytic, self.numerical)
        )

    def __str__(self):
        rows = [f"{'input':>8} {'backward':>12} {'nudge':>12}  agree"]
        for label, a, n in zip(self.labels, self.analytic, self.numerical):
            agree = math.isclose(a, n, rel_tol=self.tolerance, abs_tol=self.tolerance)
            rows.append(f"{label:>8} {a:12.6f} {n:12.6f}  {'yes' if agree else 'NO'}")
        return "\n".join(rows)

    __repr__ = __str__


def gradcheck(f, wrt, h=1e-6, tolerance=1e-5):
    """Compare backward() with the central difference for each leaf in wrt.

    Leaves' grads are reset before the backward pass, so the result does not depend on what
    earlier passes left behind; they hold the analytic gradient afterwards.
    """
    leaves = [wrt] if isinstance(wrt, Value) else list(wrt)
    for leaf in leaves:
        leaf.grad = 0.0
    f().backward()
    analytic = tuple(leaf.grad for leaf in leaves)
    numerical = tuple(numerical_grad(f, leaves, h))
    labels = tuple(leaf.label or f"#{i}" for i, leaf in enumerate(leaves))
    return GradCheck(labels, analytic, numerical, tolerance)


def _central_difference(f, leaf, h):
    original = leaf.data
    try:
        leaf.data = original + h
        up = _scalar(f())
        leaf.data = original - h
        down = _scalar(f())
    finally:
        leaf.data = original
    return (up - down) / (2 * h)


def _scalar(result):
    if isinstance(result, Value):
        return result.data
    if isinstance(result, (int, float)):
        return float(result)
    raise TypeError(f"f() must return a Value or a number, got {type(result).__name__}")
