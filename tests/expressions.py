"""Random expressions over every operation, evaluated on micrograd Values or torch tensors.

An expression is a small tree of tuples; `evaluate` walks it with Python's operators and the
methods .tanh(), .exp(), .relu(), .log(), which micrograd's Value and torch's tensor share, so
the very same tree runs on both engines.
"""

import math
import operator

from hypothesis import strategies as st

UNARY = ("neg", "tanh", "exp", "relu", "log")
BINARY = {"add": operator.add, "sub": operator.sub, "mul": operator.mul, "div": operator.truediv}
# a plain number on the left: Python calls Value.__radd__ and friends
REFLECTED = {
    "radd": lambda c, x: c + x,
    "rsub": lambda c, x: c - x,
    "rmul": lambda c, x: c * x,
    "rdiv": lambda c, x: c / x,
}
EXPONENTS = (2, 3, -1, 0.5, 1.5, -2)
ALL_OPERATIONS = (*UNARY, *BINARY, *REFLECTED, "pow")

N_LEAVES = 3
leaf_values = st.floats(-2.0, 2.0, allow_nan=False).filter(lambda x: abs(x) > 0.05)
constants = st.sampled_from((-1.5, -0.5, 0.75, 2.0, 3.0))


def _extend(children):
    return st.one_of(
        st.tuples(st.sampled_from(UNARY), children),
        st.tuples(st.sampled_from(sorted(BINARY)), children, children),
        st.tuples(st.sampled_from(sorted(REFLECTED)), constants, children),
        st.tuples(st.just("pow"), children, st.sampled_from(EXPONENTS)),
    )


expressions = st.recursive(
    st.tuples(st.just("leaf"), st.integers(0, N_LEAVES - 1)), _extend, max_leaves=8
)


class Hazard(Exception):
    """The expression comes too close to a point where a gradient check means nothing."""


def evaluate(tree, leaves, guard=None):
    """The value of tree over leaves; guard(kind, x) may raise Hazard to reject a point."""
    kind = tree[0]
    if kind == "leaf":
        return leaves[tree[1]]
    if kind in UNARY:
        x = evaluate(tree[1], leaves, guard)
        if guard:
            guard(kind, x)
        return -x if kind == "neg" else getattr(x, kind)()
    if kind in BINARY:
        a, b = evaluate(tree[1], leaves, guard), evaluate(tree[2], leaves, guard)
        if guard and kind == "div":
            guard("div", b)
        return BINARY[kind](a, b)
    if kind in REFLECTED:
        c, x = tree[1], evaluate(tree[2], leaves, guard)
        if guard and kind == "rdiv":
            guard("div", x)
        return REFLECTED[kind](c, x)
    if kind == "pow":
        x, n = evaluate(tree[1], leaves, guard), tree[2]
        if guard:
            guard("pow", x)
        return x**n
    raise AssertionError(f"unknown node {kind!r}")


def operations_in(tree):
    """The set of operation names used in tree."""
    if tree[0] == "leaf":
        return set()
    return {tree[0]}.union(*(operations_in(t) for t in tree[1:] if isinstance(t, tuple)))


def keep_away_from_kinks(kind, x):
    """A guard for Values: no relu near 0, no tiny denominator, pow base or log input, nothing
    huge. Near those points a finite difference, or round-off, decides the answer."""
    v = x.data
    if not math.isfinite(v) or abs(v) > 1e4:
        raise Hazard(f"{kind} input {v}")
    if kind in ("relu", "div", "pow", "log") and abs(v) < 1e-2:
        raise Hazard(f"{kind} input {v} too close to 0")
    if kind == "exp" and v > 20:
        raise Hazard(f"exp input {v} too large")
