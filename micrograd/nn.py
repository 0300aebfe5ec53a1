"""A tiny neural-network library on top of Value: Neuron, Layer, MLP."""

import random

from micrograd.engine import Value

ACTIVATIONS = ("relu", "tanh")


class Module:
    """Anything with parameters: they can be listed and their gradients reset."""

    def zero_grad(self):
        for p in self.parameters():
            p.grad = 0.0

    def parameters(self):
        return []


class Neuron(Module):
    """w . x + b, then an activation (relu by default, as in micrograd 0.1.0) unless linear."""

    def __init__(self, nin, nonlin=True, activation="relu"):
        if activation not in ACTIVATIONS:
            raise ValueError(f"unknown activation {activation!r}; choose one of {ACTIVATIONS}")
        self.w = [Value(random.uniform(-1, 1)) for _ in range(nin)]
        self.b = Value(0)
        self.nonlin = nonlin
        self.activation = activation

    def __call__(self, x):
        if len(x) != len(self.w):
            raise ValueError(f"{self!r} takes {len(self.w)} inputs, got {len(x)}")
        act = sum((wi * xi for wi, xi in zip(self.w, x)), self.b)
        if not self.nonlin:
            return act
        return act.relu() if self.activation == "relu" else act.tanh()

    def parameters(self):
        return [*self.w, self.b]

    def __repr__(self):
        kind = {"relu": "ReLU", "tanh": "Tanh"}[self.activation] if self.nonlin else "Linear"
        return f"{kind}Neuron({len(self.w)})"


class Layer(Module):
    """nout neurons that each see the same nin inputs."""

    def __init__(self, nin, nout, **kwargs):
        self.neurons = [Neuron(nin, **kwargs) for _ in range(nout)]

    def __call__(self, x):
        out = [n(x) for n in self.neurons]
        return out[0] if len(out) == 1 else out

    def parameters(self):
        return [p for n in self.neurons for p in n.parameters()]

    def __repr__(self):
        return f"Layer of [{', '.join(str(n) for n in self.neurons)}]"


class MLP(Module):
    """Layers in sequence; every layer but the last has a nonlinearity."""

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

    def __repr__(self):
        return f"MLP of [{', '.join(str(layer) for layer in self.layers)}]"
