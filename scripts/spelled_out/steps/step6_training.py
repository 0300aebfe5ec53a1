"""Build-along step 6 (chapter 9, the recap): relu, log, ** at 0, chapter 8's Neuron, Layer, MLP."""

import math
import random


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
        x = self.data
        try:
            local = n * x ** (n - 1)  # d/dx x^n = n * x^(n-1)
        except ZeroDivisionError:  # x = 0 and n < 1: a vertical slope (or flat, for n = 0)
            local = 0.0 if n == 0 else math.inf
        return Value(x**n, (self,), f"**{n}", _local=(local,))

    def tanh(self):
        t = math.tanh(self.data)
        # d/dx tanh(x) = 1 - tanh(x)^2
        return Value(t, (self,), "tanh", _local=(1.0 - t * t,))

    def exp(self):
        e = math.exp(self.data)
        # d/dx e^x = e^x
        return Value(e, (self,), "exp", _local=(e,))

    def relu(self):
        x = self.data
        # d/dx relu(x) = 1 where x > 0, else 0
        return Value(x if x > 0 else 0.0, (self,), "ReLU", _local=(1.0 if x > 0 else 0.0,))

    def log(self):
        # d/dx ln(x) = 1/x
        return Value(math.log(self.data), (self,), "log", _local=(1.0 / self.data,))

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


class Module:
    def zero_grad(self):  # gradients accumulate: reset them before each backward pass
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    def __init__(self, nin, nonlin=True, activation="relu"):
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
        self.activation = activation

    def __call__(self, x):
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        if not self.nonlin:
            return act
        return act.relu() if self.activation == "relu" else act.tanh()

    def parameters(self):
        return [*self.w, self.b]


class Layer(Module):
    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]


class MLP(Module):
    def __init__(self, nin, nouts, activation="relu"):
        sizes = [nin, *nouts]
        self.layers = [
            Layer(sizes[i], sizes[i + 1], nonlin=i != len(nouts) - 1, activation=activation)
            for i in range(len(nouts))
        ]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x

    def parameters(self):
        return [p for layer in self.layers for p in layer.parameters()]
