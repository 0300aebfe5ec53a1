"""Build-along step 4 (chapter 5b): backward() runs every rule in reverse topological order."""


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

    def backward(self):
        """Fill in ∂(self)/∂(node) for every node below self; leaves add to their grad."""
        order, visited = [], set()

        def visit(node):  # depth first: a node goes into order after all of its inputs
            if node not in visited:
                visited.add(node)
                for child in node._prev:
                    visit(child)
                order.append(node)

        visit(self)
        for node in order:  # interior nodes start from 0: they hold this pass's gradient only
            if node._prev:
                node.grad = 0.0
        self.grad += 1.0  # ∂(self)/∂(self), added like every other contribution
        for node in reversed(order):
            node._backward()

    def __repr__(self):
        return f"Value(data={self.data!r}, grad={self.grad!r}, label={self.label!r})"
