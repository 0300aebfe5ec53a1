"""Build-along step 1 (chapter 2): a Value holds a number and remembers how it was made."""


class Value:
    """One number in a computation graph, with the values it was made from."""

    def __init__(self, data, _children=(), _op="", label=""):
        self.data = float(data)
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
        return f"Value(data={self.data!r}, label={self.label!r})"
