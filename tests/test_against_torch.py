"""The same random expressions on micrograd and on PyTorch (float64): same value, same grads."""

import math

import pytest
import torch
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from micrograd.engine import Value
from tests.expressions import (
    N_LEAVES,
    Hazard,
    evaluate,
    expressions,
    keep_away_from_kinks,
    leaf_values,
)


def _on_micrograd(tree, xs):
    leaves = [Value(x) for x in xs]
    # the guard skips ill-conditioned points (1 / (x - x), say) where round-off decides the answer
    out = evaluate(tree, leaves, guard=keep_away_from_kinks)
    out.backward()
    return out.data, [leaf.grad for leaf in leaves]


def _on_torch(tree, xs):
    leaves = [torch.tensor(x, dtype=torch.float64, requires_grad=True) for x in xs]
    out = evaluate(tree, leaves)
    out.backward()
    return out.item(), [0.0 if leaf.grad is None else leaf.grad.item() for leaf in leaves]


@settings(max_examples=300, deadline=None)
@given(expressions, st.lists(leaf_values, min_size=N_LEAVES, max_size=N_LEAVES))
def test_micrograd_matches_torch(tree, xs):
    try:
        value, grads = _on_micrograd(tree, xs)
    except (Hazard, ValueError, ZeroDivisionError, OverflowError):
        assume(False)  # outside the domain (log of a negative, ...) or too close to its edge
    assume(math.isfinite(value) and all(math.isfinite(g) for g in grads))
    torch_value, torch_grads = _on_torch(tree, xs)
    assert value == pytest.approx(torch_value, rel=1e-9, abs=1e-12)
    assert grads == pytest.approx(torch_grads, rel=1e-7, abs=1e-9), tree


def test_the_chapter_three_expression_matches_torch():
    tree = ("mul", ("add", ("mul", ("leaf", 0), ("leaf", 1)), ("leaf", 2)), ("leaf", 3))
    xs = [2.0, -3.0, 10.0, -2.0]
    assert _on_micrograd(tree, xs) == _on_torch(tree, xs) == (-8.0, [6.0, -4.0, -2.0, 4.0])
