"""Build-along step 2 (chapter 3): every Value gets a gradient, filled in by hand."""


class Value:
    """One number in a computation graph, with the values it was made from."""

    def __init__(self, data, _children=(), _op="", label=""):
        self.data = float(data)
        self.grad = 0.0  # ∂L/∂(this value), 0 until a backward pass fills it in
        self.label = label
        self._prev = tuple(_children)  # the inputs, in operand order
        self._op = _op  # the operation that made this value ('' for a leaf)

    def __add__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data + other.data, (self, other), "+")

    def __mul__(self, other):
        other = other if isinstance(other, Value) else Value(other)
        return Value(self.data * other.data, (self, other), "*")

    def __radd__(self, other):  # 2 + a
        return self + other

    def __rmul__(self, other):  # 2 * a
        return self * other

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r}, label={self.label!r})"
