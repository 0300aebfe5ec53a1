"""The engine: every operation's forward value and local derivative, the backward pass, and
clear errors for bad input."""

import gc
import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from micrograd.engine import Value, topological_order
from micrograd.gradcheck import numerical_grad
from tests.expressions import (
    ALL_OPERATIONS,
    N_LEAVES,
    Hazard,
    evaluate,
    expressions,
    keep_away_from_kinks,
    leaf_values,
    operations_in,
)

# One row per operation: how to build it from inputs, the inputs, the expected forward value
# and the expected gradient of each input, worked out by hand.
OPERATIONS = {
    "add": (lambda a, b: a + b, (2.0, -3.0), -1.0, (1.0, 1.0)),
    "mul": (lambda a, b: a * b, (2.0, -3.0), -6.0, (-3.0, 2.0)),
    "pow3": (lambda a: a**3, (2.0,), 8.0, (12.0,)),
    "pow-1": (lambda a: a**-1, (2.0,), 0.5, (-0.25,)),
    "pow0.5": (lambda a: a**0.5, (4.0,), 2.0, (0.25,)),
    "tanh": (lambda a: a.tanh(), (0.5,), math.tanh(0.5), (1 - math.tanh(0.5) ** 2,)),
    "exp": (lambda a: a.exp(), (1.5,), math.exp(1.5), (math.exp(1.5),)),
    "log": (lambda a: a.log(), (4.0,), math.log(4.0), (0.25,)),
    "relu+": (lambda a: a.relu(), (1.5,), 1.5, (1.0,)),
    "relu-": (lambda a: a.relu(), (-1.5,), 0.0, (0.0,)),
    "relu0": (lambda a: a.relu(), (0.0,), 0.0, (0.0,)),
    "neg": (lambda a: -a, (2.0,), -2.0, (-1.0,)),
    "sub": (lambda a, b: a - b, (2.0, -3.0), 5.0, (1.0, -1.0)),
    "div": (lambda a, b: a / b, (3.0, 2.0), 1.5, (0.5, -0.75)),
    "radd": (lambda a: 2 + a, (3.0,), 5.0, (1.0,)),
    "rsub": (lambda a: 2 - a, (3.0,), -1.0, (-1.0,)),
    "rmul": (lambda a: 2 * a, (3.0,), 6.0, (2.0,)),
    "rdiv": (lambda a: 3 / a, (2.0,), 1.5, (-0.75,)),
    "sum": (lambda a, b: sum([a, b, a]), (2.0, 5.0), 9.0, (2.0, 1.0)),
}


@pytest.mark.parametrize("name", OPERATIONS)
def test_each_operation_forward_and_gradient(name):
    build, inputs, expected_value, expected_grads = OPERATIONS[name]
    leaves = [Value(x) for x in inputs]
    out = build(*leaves)
    out.backward()
    assert out.data == pytest.approx(expected_value, rel=1e-12)
    assert [leaf.grad for leaf in leaves] == pytest.approx(expected_grads, rel=1e-12)


@pytest.mark.parametrize("name", [n for n in OPERATIONS if n != "relu0"])
def test_each_operation_agrees_with_finite_differences(name):
    build, inputs, _, _ = OPERATIONS[name]
    leaves = [Value(x) for x in inputs]
    build(*leaves).backward()
    nudged = numerical_grad(lambda: build(*leaves), leaves)
    assert [leaf.grad for leaf in leaves] == pytest.approx(nudged, rel=1e-6, abs=1e-8)


def test_the_lecture_expression():
    a, b, c, f = Value(2.0, label="a"), Value(-3.0, label="b"), Value(10.0, label="c"), Value(-2.0)
    e = a * b
    d = e + c
    L = d * f
    L.backward()
    assert (e.data, d.data, L.data) == (-6.0, 4.0, -8.0)
    assert (a.grad, b.grad, c.grad, f.grad, d.grad, e.grad) == (6.0, -4.0, -2.0, 4.0, -2.0, -2.0)


def test_a_node_used_twice_collects_both_contributions():
    a = Value(3.0)
    b = a * a
    b.backward()
    assert a.grad == 6.0
    assert b._prev == (a, a)


def test_a_diamond():
    a = Value(2.0)
    b = a + 1
    c = 3 * a
    d = b * c
    d.backward()
    assert d.data == 18.0
    assert a.grad == 6 * 2.0 + 3


def test_a_reused_interior_node():
    a = Value(1.0)
    b = a + a
    c = b + b
    c.backward()
    assert a.grad == 4.0


def test_gradients_accumulate_across_backward_calls_until_zeroed():
    a, b = Value(2.0), Value(-3.0)
    e = a * b
    d = e + 10.0
    d.backward()
    d.backward()
    assert (a.grad, b.grad) == (-6.0, 4.0)
    assert e.grad == 1.0  # an interior node holds the latest pass only
    a.grad = b.grad = 0.0
    d.backward()
    assert (a.grad, b.grad) == (-3.0, 2.0)


def test_backward_of_a_leaf_seeds_it_with_one():
    a = Value(5.0)
    a.backward()
    assert a.grad == 1.0


def test_children_keep_operand_order():
    a, b = Value(1.0), Value(2.0)
    assert (a * b)._prev == (a, b)
    assert (b * a)._prev == (b, a)
    assert (a - b)._prev[0] is a


def test_topological_order_puts_inputs_first_in_operand_order():
    a, b = Value(1.0, label="a"), Value(2.0, label="b")
    c = a + b
    c.label = "c"
    d = 2 * c
    d.label = "d"
    L = c + d
    order = topological_order(L)
    assert order[-1] is L
    assert [n.label for n in order if n.label] == ["a", "b", "c", "d"]
    position = {node: i for i, node in enumerate(order)}
    assert all(position[child] < position[node] for node in order for child in node._prev)


def test_topological_order_matches_the_recursive_definition():
    def recursive(node, visited, order):
        if node not in visited:
            visited.add(node)
            for child in node._prev:
                recursive(child, visited, order)
            order.append(node)
        return order

    x = [Value(float(i)) for i in range(4)]
    y = (x[0] * x[1] + x[1].tanh()) * (x[2] - x[0]) + (x[3] ** 2).exp() * x[1]
    assert topological_order(y) == recursive(y, set(), [])


@pytest.mark.slow
def test_a_chain_a_million_deep():
    x = Value(0.5)
    y = x
    for i in range(1_000_000):
        y = y * 1.0 if i % 2 else y + 1.0
    y.backward()
    assert x.grad == 1.0
    del y  # freeing a chain this deep must not overflow the C stack either


def test_a_finished_graph_leaves_no_cyclic_garbage():
    gc.collect()
    gc.disable()
    try:
        x = [Value(float(i)) for i in range(3)]
        y = (x[0] * x[1] + x[2]).tanh() / (x[1] ** 2 + 1) - x[0].exp().log().relu()
        y.backward()
        del x, y
        assert gc.collect() == 0
    finally:
        gc.enable()


# -- numerical safety and clear errors for bad input ---------------------------------------


def test_tanh_saturates_instead_of_nan():
    for x, expected in ((1000.0, 1.0), (-1000.0, -1.0)):
        a = Value(x)
        t = a.tanh()
        t.backward()
        assert t.data == expected
        assert a.grad == 0.0


@pytest.mark.parametrize(
    "data, type_name",
    [("3", "str"), (None, "NoneType"), (True, "bool"), ([1.0], "list"), (1j, "complex")],
)
def test_value_data_must_be_a_real_number(data, type_name):
    with pytest.raises(TypeError, match=rf"real number.*got {type_name}"):
        Value(data)


def test_ints_are_stored_as_floats():
    assert Value(2).data == 2.0
    assert type(Value(2).data) is float


@pytest.mark.parametrize(
    "expression, symbol",
    [
        (lambda a: a + "x", r"\+"),
        (lambda a: "x" - a, "-"),
        (lambda a: a * None, r"\*"),
        (lambda a: [1] / a, "/"),
        (lambda a: a ** "2", r"\*\*"),
    ],
)
def test_an_operand_that_is_not_a_number_is_named(expression, symbol):
    with pytest.raises(TypeError, match=rf"unsupported operand type\(s\) for {symbol}.*Value"):
        expression(Value(2.0))


def test_a_value_exponent_is_refused_with_a_reason():
    with pytest.raises(TypeError, match="exponent must be an int or float"):
        Value(2.0) ** Value(3.0)


@pytest.mark.parametrize(
    "expression, error, message",
    [
        (lambda: Value(1000.0).exp(), OverflowError, r"exp overflows: exp\(1000.0\)"),
        (lambda: Value(0.0).log(), ValueError, r"log .*positive.*log\(0.0\)"),
        (lambda: Value(-2.0).log(), ValueError, r"log\(-2.0\)"),
        (lambda: Value(-8.0) ** 0.5, ValueError, r"pow: -8.0 \*\* 0.5 is not a real number"),
        (lambda: Value(0.0) ** -1, ZeroDivisionError, r"pow: 0.0 \*\* -1"),
        (lambda: Value(10.0) ** 400, OverflowError, r"pow: 10.0 \*\* 400"),
        (lambda: Value(1.0) / 0, ZeroDivisionError, r"division by zero: Value\(data=1.0"),
        (lambda: 1 / Value(0.0), ZeroDivisionError, r"division by zero"),
    ],
)
def test_numerical_errors_name_the_operation_and_input(expression, error, message):
    with pytest.raises(error, match=message):
        expression()


def test_pow_of_zero_below_one_has_an_infinite_slope():
    a = Value(0.0)
    b = a**0.5
    b.backward()
    assert (b.data, a.grad) == (0.0, math.inf)


def test_repr_shows_data_grad_and_label():
    assert repr(Value(2.0)) == "Value(data=2.0, grad=0.0)"
    assert repr(Value(2.0, label="a")) == "Value(data=2.0, grad=0.0, label='a')"


# -- property tests: random expressions over every operation -------------------------------


def _build(tree, xs, guard=None):
    leaves = [Value(x, label=f"x{i}") for i, x in enumerate(xs)]
    return leaves, evaluate(tree, leaves, guard)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(expressions, st.lists(leaf_values, min_size=N_LEAVES, max_size=N_LEAVES))
def test_backward_agrees_with_central_differences(tree, xs):
    try:
        leaves, out = _build(tree, xs, guard=keep_away_from_kinks)
    except (Hazard, ValueError, ZeroDivisionError, OverflowError):
        assume(False)
    assume(abs(out.data) < 1e4)
    out.backward()
    for leaf in leaves:
        nudged = numerical_grad(lambda: evaluate(tree, leaves), leaf)
        assert leaf.grad == pytest.approx(nudged, rel=1e-4, abs=1e-5), (tree, leaf.label)


def test_the_random_expressions_cover_every_operation():
    seen = set()

    @settings(max_examples=300, deadline=None)
    @given(expressions)
    def collect(tree):
        seen.update(operations_in(tree))

    collect()
    assert seen == set(ALL_OPERATIONS)
