"""Neuron, Layer, MLP: the shapes, the defaults of micrograd 0.1.0, and that training works."""

import itertools
import random

import pytest

from micrograd.engine import Value
from micrograd.nn import MLP, Layer, Module, Neuron


def test_mlp_3_4_4_1_has_41_parameters():
    assert len(MLP(3, [4, 4, 1]).parameters()) == (3 * 4 + 4) + (4 * 4 + 4) + (4 + 1) == 41


def test_defaults_match_micrograd_0_1_0():
    neuron = Neuron(3)
    assert neuron.nonlin is True and neuron.activation == "relu"
    assert len(neuron.parameters()) == 4 and neuron.b.data == 0.0
    model = MLP(2, [3, 1])
    assert [n.nonlin for layer in model.layers for n in layer.neurons] == [True] * 3 + [False]
    assert repr(model) == (
        "MLP of [Layer of [ReLUNeuron(2), ReLUNeuron(2), ReLUNeuron(2)], "
        "Layer of [LinearNeuron(3)]]"
    )


def test_a_neuron_computes_its_activation_of_w_dot_x_plus_b():
    neuron = Neuron(2, activation="tanh")
    neuron.w[0].data, neuron.w[1].data, neuron.b.data = -3.0, 1.0, 6.8813735870195432
    out = neuron([2.0, 0.0])
    assert out.data == pytest.approx(0.7071067811865476)
    out.backward()
    assert [p.grad for p in neuron.parameters()] == pytest.approx([1.0, 0.0, 0.5])


def test_relu_and_linear_neurons():
    relu, linear = Neuron(1), Neuron(1, nonlin=False)
    relu.w[0].data = linear.w[0].data = -1.0
    assert relu([2.0]).data == 0.0
    assert linear([2.0]).data == -2.0


def test_a_layer_of_one_returns_a_value_and_of_many_a_list():
    assert isinstance(Layer(2, 1)([1.0, 2.0]), Value)
    assert len(Layer(2, 3)([1.0, 2.0])) == 3


def test_zero_grad_resets_every_parameter():
    model = MLP(2, [3, 1])
    model([1.0, -1.0]).backward()
    assert any(p.grad != 0 for p in model.parameters())
    model.zero_grad()
    assert all(p.grad == 0 for p in model.parameters())
    assert Module().parameters() == []


def test_bad_arguments_are_named():
    with pytest.raises(ValueError, match="unknown activation 'sigmoid'"):
        Neuron(2, activation="sigmoid")
    with pytest.raises(ValueError, match=r"ReLUNeuron\(2\) takes 2 inputs, got 3"):
        Neuron(2)([1.0, 2.0, 3.0])


def test_a_short_training_run_lowers_the_loss():
    random.seed(1337)
    xs = [[2.0, 3.0, -1.0], [3.0, -1.0, 0.5], [0.5, 1.0, 1.0], [1.0, 1.0, -1.0]]
    ys = [1.0, -1.0, -1.0, 1.0]
    model = MLP(3, [4, 4, 1], activation="tanh")
    losses = []
    for _ in range(30):
        loss = sum((model(x) - y) ** 2 for x, y in zip(xs, ys)) / len(xs)
        model.zero_grad()
        loss.backward()
        for p in model.parameters():
            p.data -= 0.1 * p.grad
        losses.append(loss.data)
    assert losses[-1] < 0.5 * losses[0]
    assert all(later <= earlier + 1e-12 for earlier, later in itertools.pairwise(losses))
