"""Value: a scalar that remembers how it was made, and can send gradients back along that path.

Every operation builds a new Value from its inputs and records, next to the forward result, the
local derivative of the result with respect to each input. `backward()` then applies the chain
rule in reverse topological order: each node hands `local * node.grad` to each of its inputs.

A node keeps numbers, not a closure: nothing points back from a child to its parent, so a graph
that is no longer referenced is freed at once by reference counting.
"""

import math
from numbers import Real


class Value:
    """A scalar in a computation graph, with its data, its gradient and where it came from."""

    __slots__ = ("_local", "_op", "_prev", "data", "grad", "label")

    def __init__(self, data, _children=(), _op="", label="", _local=()):
        if type(data) is not float:
            data = _as_float(data)
        self.data = data
        self.grad = 0.0
        self.label = label
        # the inputs in operand order (a*a keeps both), the operation that made this node ('' for
        # a leaf), and the local derivative ∂(self)/∂(input) of each input, in the same order
        self._prev = _children if type(_children) is tuple else tuple(_children)
        self._op = _op
        self._local = _local

    # -- the operations: forward value and local derivative(s) side by side ---------------------

    def __add__(self, other):
        if not isinstance(other, Value):
            other = _as_value(other)
            if other is None:
                return NotImplemented
        # ∂(a+b)/∂a = 1, ∂(a+b)/∂b = 1
        return Value(self.data + other.data, (self, other), "+", _local=(1.0, 1.0))

    def __mul__(self, other):
        if not isinstance(other, Value):
            other = _as_value(other)
            if other is None:
                return NotImplemented
        # ∂(a*b)/∂a = b, ∂(a*b)/∂b = a
        return Value(self.data * other.data, (self, other), "*", _local=(other.data, self.data))

    def __pow__(self, n):
        if isinstance(n, Value):
            raise TypeError("Value ** Value is not supported: the exponent must be an int or float")
        if not isinstance(n, Real) or isinstance(n, bool):
            return NotImplemented
        x = self.data
        out = _power(x, n)
        try:
            local = n * x ** (n - 1)  # d/dx x^n = n * x^(n-1)
        except ZeroDivisionError:  # x = 0 and n < 1: a vertical slope (or flat, for n = 0)
            local = 0.0 if n == 0 else math.inf
        return Value(out, (self,), f"**{n}", _local=(local,))

    def tanh(self):
        t = math.tanh(self.data)  # math.tanh is exact at the extremes: tanh(1000) = 1.0, not nan
        # d/dx tanh(x) = 1 - tanh(x)^2
        return Value(t, (self,), "tanh", _local=(1.0 - t * t,))

    def exp(self):
        try:
            e = math.exp(self.data)
        except OverflowError:
            raise OverflowError(
                f"exp overflows: exp({self.data!r}) is too large for a float"
            ) from None
        # d/dx e^x = e^x
        return Value(e, (self,), "exp", _local=(e,))

    def log(self):
        x = self.data
        if x <= 0:
            raise ValueError(f"log is defined only for positive numbers, got log({x!r})")
        # d/dx ln(x) = 1/x
        return Value(math.log(x), (self,), "log", _local=(1.0 / x,))

    def relu(self):
        x = self.data
        # d/dx relu(x) = 1 where x > 0, else 0 (we take 0 at exactly x = 0)
        return Value(x if x > 0 else 0.0, (self,), "ReLU", _local=(1.0 if x > 0 else 0.0,))

    # -- derived operations: built from the ones above, so they need no backward of their own ---

    def __neg__(self):  # -a
        return self * -1

    def __sub__(self, other):  # a - b
        other = _as_value(other)
        if other is None:
            return NotImplemented
        return self + (-other)

    def __truediv__(self, other):  # a / b
        other = _as_value(other)
        if other is None:
            return NotImplemented
        if other.data == 0:
            raise ZeroDivisionError(f"division by zero: {self!r} / {other!r}")
        return self * other**-1

    # the reflected forms, for a plain number on the left: 2 + a, 2 * a, 2 - a, 2 / a, sum()

    def __radd__(self, other):
        return self + other

    def __rmul__(self, other):
        return self * other

    def __rsub__(self, other):
        other = _as_value(other)
        if other is None:
            return NotImplemented
        return other - self

    def __rtruediv__(self, other):
        other = _as_value(other)
        if other is None:
            return NotImplemented
        return other / self

    # -- the backward pass ----------------------------------------------------------------------

    def _backward(self):
        """Apply this node's local rule: each input receives local derivative * this grad."""
        for child, local in zip(self._prev, self._local):
            child.grad += local * self.grad

    def backward(self):
        """Fill in ∂(self)/∂(node) for every node of the graph below self.

        Gradients accumulate: each call adds this pass's gradient to every leaf's `grad`, as
        PyTorch does, so call `zero_grad()` (or set `grad = 0`) between passes. Interior nodes
        are reset first and hold the gradient of the latest pass.
        """
        order = topological_order(self)
        for node in order:
            if node._prev:
                node.grad = 0.0
        self.grad += 1.0  # ∂(self)/∂(self)
        for node in reversed(order):
            node._backward()

    def __repr__(self):
        label = f", label={self.label!r}" if self.label else ""
        return f"Value(data={self.data!r}, grad={self.grad!r}{label})"


def topological_order(root):
    """Every node below root, each after all of its inputs (depth first, inputs in order).

    Iterative, with an explicit stack of (node, its inputs still to visit), so that a chain a
    million nodes deep does not hit Python's recursion limit (in CPython; the browser's Pyodide
    has a far smaller stack, which freeing such a chain overflows). The order is the one the
    recursive version gives.
    """
    order, visited = [], {root}
    stack = [(root, iter(root._prev))]
    while stack:
        node, inputs = stack[-1]
        for child in inputs:
            if child not in visited:
                visited.add(child)
                stack.append((child, iter(child._prev)))
                break
        else:  # every input of node is in order already
            stack.pop()
            order.append(node)
    return order


def _as_float(data):
    """The float a Value holds, or a TypeError that names what was given instead."""
    if isinstance(data, Real) and not isinstance(data, bool):
        return float(data)
    raise TypeError(f"Value data must be a real number (int or float), got {type(data).__name__}")


def _as_value(x):
    """x if it is a Value, a new leaf if it is a plain real number, else None: the operator
    then returns NotImplemented and Python names the unsupported operand in its TypeError."""
    if isinstance(x, Value):
        return x
    if isinstance(x, Real) and not isinstance(x, bool):
        return Value(x)
    return None


def _power(x, n):
    """x ** n as a real float, with an error that names the operation when there is none."""
    if x < 0 and not float(n).is_integer():
        raise ValueError(f"pow: {x!r} ** {n!r} is not a real number (negative base)")
    try:
        return float(x**n)
    except ZeroDivisionError:
        raise ZeroDivisionError(f"pow: {x!r} ** {n!r} divides by zero") from None
    except OverflowError:
        raise OverflowError(f"pow: {x!r} ** {n!r} is too large for a float") from None
