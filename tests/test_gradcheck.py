"""The finite-difference helpers the chapters use."""

import pytest

from micrograd.engine import Value
from micrograd.gradcheck import gradcheck, numerical_grad


def test_numerical_grad_of_a_product_and_restores_the_inputs():
    a, b, c = Value(2.0), Value(-3.0), Value(10.0)
    grads = numerical_grad(lambda: a * b + c, [a, b, c], h=1e-4)
    assert grads == pytest.approx([-3.0, 2.0, 1.0], abs=1e-9)
    assert (a.data, b.data, c.data) == (2.0, -3.0, 10.0)


def test_a_single_input_gives_a_single_number_and_h_matters():
    x = Value(3.0)
    f = lambda: 3 * x**2 - 4 * x + 5
    assert numerical_grad(f, x, h=1e-4) == pytest.approx(14.0, abs=1e-6)
    # central differences are exact up to round-off for a parabola, even with a large h
    assert numerical_grad(f, x, h=0.5) == pytest.approx(14.0, abs=1e-9)


def test_the_input_is_restored_when_f_raises():
    x = Value(1.0)
    with pytest.raises(ValueError):
        numerical_grad(lambda: (x - 1.0 - 1e-3).log(), x, h=1e-2)
    assert x.data == 1.0


def test_gradcheck_reports_agreement_and_disagreement():
    a, b = Value(2.0, label="a"), Value(-3.0, label="b")
    report = gradcheck(lambda: a * b, [a, b])
    assert report.ok
    assert report.analytic == (-3.0, 2.0)
    assert "yes" in str(report) and "NO" not in str(report)
    bad = type(report)(("a",), (1.0,), (2.0,), 1e-5)
    assert not bad.ok and "NO" in str(bad)


def test_bad_arguments():
    x = Value(1.0)
    with pytest.raises(ValueError, match="h must be positive"):
        numerical_grad(lambda: x, x, h=0)
    with pytest.raises(TypeError, match="must return a Value or a number, got str"):
        numerical_grad(lambda: "x", x)
