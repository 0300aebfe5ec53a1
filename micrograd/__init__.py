"""micrograd: a scalar reverse-mode autodiff engine and a tiny neural-network library."""

from micrograd.engine import Value
from micrograd.nn import MLP, Layer, Module, Neuron
from micrograd.viz import draw_dot, trace

__all__ = ["MLP", "Layer", "Module", "Neuron", "Value", "draw_dot", "trace"]
__version__ = "0.1.0"
