"""Build-along step 3 (chapter 4): +, * and ** store local derivatives; the others reuse them."""


class Value:
    """One number in a computation graph, with the values it was made from."""

    def __init__(self, data, _children=(), _op="", label="", _local=()):
        self.data = float(data)
        self.grad = 0.0  # ∂L/∂(this value), 0 until a backward pass fills it in
        self.label = label
        self._prev = tuple(_children)  # the inputs, in operand order
        self._op = _op  # the operation that made this value ('' for a leaf)
        self._local = _local  # ∂(this value)/∂(input), one per input

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        # ∂(a+b)/∂a = 1, ∂(a+b)/∂b = 1
        return Value(self.data + other.data, (self, other), "+", _local=(1.0, 1.0))

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        # ∂(a*b)/∂a = b, ∂(a*b)/∂b = a
        return Value(self.data * other.data, (self, other), "*", _local=(other.data, self.data))

    def __pow__(self, n):  # n is a plain int or float
        # d/dx x^n = n * x^(n-1)
        return Value(self.data**n, (self,), f"**{n}", _local=(n * self.data ** (n - 1),))

    def __neg__(self):  # -a
        return self * -1

    def __sub__(self, other):  # a - b
        return self + (-other)

    def __truediv__(self, other):  # a / b
        return self * other**-1

    def __radd__(self, other):  # 2 + a
        return self + other

    def __rmul__(self, other):  # 2 * a
        return self * other

    def __rsub__(self, other):  # 2 - a
        return Value(other) - self

    def __rtruediv__(self, other):  # 2 / a
        return Value(other) / self

    def _backward(self):
        """The chain rule at this node: each input receives local derivative * this grad."""
        for child, local in zip(self._prev, self._local):
            child.grad += local * self.grad

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r}, label={self.label!r})"
