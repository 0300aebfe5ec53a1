"""Shortcuts a reader could try on each exercise, and the words that refuse each.

Each row is an attempt that would skip the exercise's work (or get it subtly wrong in a way a
check that compares results alone might miss); `says` is a piece of the sentence the grader
must answer with. The same rows are graded in CPython (tests/test_exercise_shortcuts.py) and
typed into the page in Chromium (tests/site/test_run_all_browser.py)."""

from __future__ import annotations

from dataclasses import dataclass

from tests.engine_mutants import ZERO_GRAD


@dataclass(frozen=True)
class Shortcut:
    exercise: str
    name: str
    code: str
    says: str


def _rows(exercise: str, *rows: tuple[str, str, str]) -> list[Shortcut]:
    return [Shortcut(exercise, name, code, says) for name, code, says in rows]


def _lines(*lines: str) -> str:
    return "\n".join(lines) + "\n"


SWEEP = "This exercise is the sort itself"
TOPO = _rows(
    "topo-write-sort",
    (
        "trace(root)[0]",
        _lines(
            "from micrograd import trace",
            "def my_topo(root):",
            "    return list(trace(root)[0])",
        ),
        f"Your code uses micrograd.viz.trace (line 3 of your code): {SWEEP}",
    ),
    (
        "the package's sort under another name",
        _lines(
            "from micrograd.engine import topological_order as t",
            "def my_topo(root):",
            "    return t(root)",
        ),
        f"Your code uses topological_order (line 3 of your code): {SWEEP}",
    ),
    ("the package's sort bound to the name", "my_topo = topological_order\n", SWEEP),
    (
        "the page's recursive sort",
        _lines(
            "def my_topo(root):",
            "    return topo_sort(root)",
        ),
        f"Your code uses topo_sort (line 2 of your code): {SWEEP}",
    ),
    (
        "reaching the package through gc",
        _lines(
            "import gc",
            "def my_topo(root):",
            "    return []",
        ),
        "Your code uses gc (line 1)",
    ),
    (
        "reaching the engine's globals",
        _lines(
            "def my_topo(root):",
            "    return Value.backward.__globals__['topological_order'](root)",
        ),
        "Your code uses __globals__ (line 2)",
    ),
    (
        "the sort from its stand-in's closure, by a name built as the code runs",
        _lines(
            "def my_topo(root):",
            "    cells = getattr(topological_order, '__clo' + 'sure__')",
            "    return [cell.cell_contents for cell in cells][0](root)",
        ),
        "Your code uses getattr with an attribute name that is not in quotes (line 2)",
    ),
    (
        "the closure through __getattribute__ and a built name",
        _lines(
            "def my_topo(root):",
            "    cells = object.__getattribute__(topological_order, '__clo' + 'sure__')",
            "    return [cell.cell_contents for cell in cells][0](root)",
        ),
        "Your code uses __getattribute__ (line 2)",
    ),
    (
        "the closure read by a class pattern",
        _lines(
            "def my_topo(root):",
            "    match topological_order:",
            "        case object(__closure__=cells):",
            "            return cells[0].cell_contents(root)",
        ),
        "Your code uses __closure__ (line 3)",
    ),
    (
        "source run under a tracer, which imports what it likes",
        _lines(
            "import trace",
            "def my_topo(root):",
            "    trace.Trace(count=0, trace=0).run('import micrograd.engine as e')",
            "    return []",
        ),
        "Your code uses trace (line 1)",
    ),
    (
        "the grader's locals read off its frames",
        _lines(
            "import traceback",
            "def my_topo(root):",
            "    frames = traceback.walk_stack(None)",
            "    stack = traceback.StackSummary.extract(frames, capture_locals=True)",
            "    return []",
        ),
        "Your code uses traceback (line 1)",
    ),
    (
        "the page's source read from a file",
        _lines(
            "import _io",
            "def my_topo(root):",
            "    return _io.open(__file__).read() and []",
        ),
        "Your code uses _io (line 1)",
    ),
    (
        "reloading the engine",
        _lines(
            "import importlib, micrograd.engine",
            "def my_topo(root):",
            "    return importlib.reload(micrograd.engine).topological_order(root)",
        ),
        "Your code uses importlib (line 1)",
    ),
    (
        "no visited set",
        _lines(
            "def my_topo(root):",
            "    order = []",
            "    def visit(node):",
            "        for child in node._prev:",
            "            visit(child)",
            "        order.append(node)",
            "    visit(root)",
            "    return order",
        ),
        "must be listed once (keep a set of visited nodes)",
    ),
)

CHAIN = _rows(
    "chain-by-hand",
    (
        "backward()",
        _lines(
            "def by_hand(out, m, w, s, z, x, y):",
            "    out.backward()",
        ),
        "Your code uses Value.backward (line 2 of your code): This one is by hand",
    ),
    (
        "the nodes' own rules",
        _lines(
            "def by_hand(out, m, w, s, z, x, y):",
            "    out.grad = 1.0",
            "    for node in (out, m, s):",
            "        node._backward()",
        ),
        "Your code uses Value._backward (line 4 of your code)",
    ),
    (
        "a loop over the stored local derivatives",
        _lines(
            "def by_hand(out, m, w, s, z, x, y):",
            "    out.grad = 1.0",
            "    for node in (out, m, s):",
            "        for child, local in zip(node._prev, node._local):",
            "            child.grad += local * node.grad",
        ),
        "Your code uses Value._prev (line 4 of your code): By hand means from the local rules",
    ),
    (
        "the stored local derivatives, by getattr",
        _lines(
            "def by_hand(out, m, w, s, z, x, y):",
            "    out.grad = 1.0",
            "    m.grad = w.grad = 1.0",
            "    s.grad, z.grad = getattr(m, '_local')",
        ),
        "Your code uses Value._local (line 4 of your code)",
    ),
    (
        "numbers typed in",
        _lines(
            "def by_hand(out, m, w, s, z, x, y):",
            "    out.grad = m.grad = w.grad = 1.0",
            "    s.grad, z.grad, x.grad, y.grad = -3.0, 2.0, -3.0, -3.0",
        ),
        "Does it use the nodes' data and grad, or numbers typed in?",
    ),
)

FORWARD = _rows(
    "why-forward-mode",
    (
        "a reverse-mode loop",
        _lines(
            "def my_forward(root, leaf):",
            "    grad = {root: 1.0}",
            "    for node in reversed(topological_order(root)):",
            "        for child, local in zip(node._prev, node._local):",
            "            grad[child] = grad.get(child, 0.0) + local * grad.get(node, 0.0)",
            "    return grad.get(leaf, 0.0)",
        ),
        "_local before that of its input, the * node. The exercise asks for one pass up",
    ),
    (
        "backward()",
        _lines(
            "def my_forward(root, leaf):",
            "    root.backward()",
            "    return leaf.grad",
        ),
        "Your code uses Value.backward (line 2 of your code): Forward mode runs no backward",
    ),
    (
        "a nudge",
        _lines(
            "from micrograd.gradcheck import numerical_grad",
            "def my_forward(root, leaf):",
            "    return numerical_grad(lambda: root, leaf)",
        ),
        "Your code uses micrograd.gradcheck.numerical_grad (line 3 of your code)",
    ),
)

LEAVES = _rows(
    "graph-count-leaves",
    (
        "trace under another name",
        _lines(
            "from micrograd.viz import trace as walk",
            "def count_leaves(root):",
            "    return sum(1 for node in walk(root)[0] if not node._prev)",
        ),
        "Your code uses micrograd.viz.trace (line 3 of your code): This exercise is the walk",
    ),
    (
        "the package's sort",
        _lines(
            "from micrograd.engine import topological_order",
            "def count_leaves(root):",
            "    return sum(1 for node in topological_order(root) if not node._prev)",
        ),
        "Your code uses micrograd.engine.topological_order (line 3 of your code)",
    ),
    (
        "a drawing of the graph",
        _lines(
            "from micrograd import draw_dot",
            "def count_leaves(root):",
            "    return draw_dot(root).source.count('label=') // 2",
        ),
        "Your code uses micrograd.viz.trace",
    ),
    (
        "one step down only",
        _lines(
            "def count_leaves(root):",
            "    return len({child for child in root._prev if not child._prev})",
        ),
        "follow _prev all the way",
    ),
)
OWN_NODE = _rows(
    "graph-own-node",
    ("micrograd's Value under the name", "Node = Value\n", "Node is micrograd's Value"),
    ("a subclass of Value", "class Node(Value):\n    pass\n", "Node is micrograd's Value"),
)
REFLECTED = _rows(
    "graph-reflected",
    ("micrograd's Value under the name", "Scalar = Value\n", "Scalar is micrograd's Value"),
    ("a subclass of Value", "class Scalar(Value):\n    pass\n", "Scalar is micrograd's Value"),
)

CENTRAL = _rows(
    "derivatives-central-estimate",
    (
        "the page's central_slope",
        "central_estimate = central_slope\n",
        "Your code uses central_slope: This exercise is the central difference itself",
    ),
    (
        "the page's central_slope, called",
        _lines(
            "def central_estimate(g, x, h=0.0001):",
            "    return central_slope(g, x, h)",
        ),
        "Your code uses central_slope (line 2 of your code)",
    ),
    (
        "backward() on a Value",
        _lines(
            "from micrograd import Value",
            "def central_estimate(g, x, h=0.0001):",
            "    v = Value(x)",
            "    g(v).backward()",
            "    return v.grad",
        ),
        "Your code uses Value.backward (line 4 of your code): This exercise measures the slope",
    ),
    (
        "the forward difference",
        _lines(
            "def central_estimate(g, x, h=0.0001):",
            "    return (g(x + h) - g(x)) / h",
        ),
        "that is the forward difference; nudge down as well as up",
    ),
)
PARTIALS = _rows(
    "derivatives-partials",
    (
        "backward() on Values",
        _lines(
            "from micrograd import Value",
            "def partials(g, inputs, h=0.0001):",
            "    leaves = [Value(x) for x in inputs]",
            "    g(*leaves).backward()",
            "    return [leaf.grad for leaf in leaves]",
        ),
        "Your code uses Value.backward (line 4 of your code): This exercise measures each",
    ),
    (
        "every input nudged at once",
        _lines(
            "def partials(g, inputs, h=0.0001):",
            "    moved = [x + h for x in inputs]",
            "    return [(g(*moved) - g(*inputs)) / h for _ in inputs]",
        ),
        "that is what nudging every input at once gives",
    ),
)

OPERATIONS = "Value's own operations are off while your code runs"
RULES = [
    *_rows(
        "rules-mul",
        (
            "Value's own *",
            "def mul(a, b):\n    return a * b\n",
            f"Your code uses Value.__mul__ (line 2 of your code): mul is written from scratch, "
            f"as one node: {OPERATIONS}",
        ),
        (
            "Value.__mul__ called",
            "def mul(a, b):\n    return Value.__mul__(a, b)\n",
            "Your code uses Value.__mul__",
        ),
        (
            "operator.mul",
            "import operator\ndef mul(a, b):\n    return operator.mul(a, b)\n",
            "Your code uses Value.__mul__ (line 3 of your code)",
        ),
        (
            "division by the inverse",
            "def mul(a, b):\n    return a / b**-1\n",
            "Your code uses Value.__pow__ (line 2 of your code)",
        ),
        (
            "a nudged local derivative",
            _lines(
                "from micrograd.gradcheck import numerical_grad",
                "def mul(a, b):",
                "    return Value(a.data * b.data, (a, b), '*', _local=(",
                "        numerical_grad(lambda: Value(a.data) * b.data, a), a.data))",
            ),
            "The local derivative is exact, from the rule: a nudged estimate would only "
            "approximate it.",
        ),
        (
            "the two local derivatives swapped",
            _lines(
                "def mul(a, b):",
                "    return Value(a.data * b.data, (a, b), '*', _local=(a.data, b.data))",
            ),
            "did you swap the two local derivatives?",
        ),
    ),
    *_rows(
        "rules-pow",
        (
            "Value's own **",
            "def power(x, n):\n    return x**n\n",
            "Your code uses Value.__pow__ (line 2 of your code): power is written from scratch",
        ),
        ("pow()", "def power(x, n):\n    return pow(x, n)\n", "Your code uses Value.__pow__"),
        (
            "through log and exp",
            "def power(x, n):\n    return (x.log() * n).exp()\n",
            "Your code uses Value.log (line 2 of your code)",
        ),
    ),
    *_rows(
        "rules-tanh",
        (
            "Value's own tanh",
            "def tanh(x):\n    return x.tanh()\n",
            "Your code uses Value.tanh (line 2 of your code): tanh is written from scratch",
        ),
        (
            "built from exp",
            _lines(
                "def tanh(x):",
                "    e = (2 * x).exp()",
                "    return (e - 1) / (e + 1)",
            ),
            "Your code uses Value.__rmul__ (line 2 of your code)",
        ),
        (
            "the slope from the input",
            _lines(
                "import math",
                "def tanh(x):",
                "    return Value(math.tanh(x.data), (x,), 'tanh', _local=(1 - x.data**2,))",
            ),
            "that is 1 - x**2, from the input",
        ),
    ),
    *_rows(
        "rules-exp",
        (
            "Value's own exp",
            "def exp(x):\n    return x.exp()\n",
            "Your code uses Value.exp (line 2 of your code): exp is written from scratch",
        ),
        (
            "a local derivative of x",
            _lines(
                "import math",
                "def exp(x):",
                "    return Value(math.exp(x.data), (x,), 'exp', _local=(x.data,))",
            ),
            "the local derivative of e^x is e^x",
        ),
    ),
]

ACCUMULATION = [
    *_rows(
        "topo-accumulate",
        (
            "backward()",
            "def my_backward(root):\n    root.backward()\n",
            "Your code uses Value.backward (line 2 of your code): This exercise writes the",
        ),
        (
            "the nodes' own rules",
            _lines(
                "def my_backward(root):",
                "    root.grad = 1.0",
                "    for node in reversed(topological_order(root)):",
                "        node._backward()",
            ),
            "Your code uses Value._backward (line 4 of your code)",
        ),
        (
            "the build-along step's own backward()",
            _lines("def my_backward(root):", "    step4.Value.backward(root)"),
            "Your code uses the build-along Value.backward (line 2 of your code)",
        ),
        (
            "a build-along step loaded afresh",
            _lines("def my_backward(root):", "    show_step(4).Value.backward(root)"),
            "Your code uses spelled_out.along.load_step (line 2 of your code)",
        ),
        (
            "the steps imported from the package",
            _lines("from spelled_out import steps", "def my_backward(root):", "    pass"),
            "Your code uses spelled_out.steps (line 1)",
        ),
        (
            "= instead of +=",
            _lines(
                "def my_backward(root):",
                "    root.grad = 1.0",
                "    for node in reversed(topological_order(root)):",
                "        for child, local in zip(node._prev, node._local):",
                "            child.grad = local * node.grad",
            ),
            "Some contributions are lost: does each one add to the input's gradient?",
        ),
    ),
    *_rows(
        "topo-zero-grad",
        (
            "Module's zero_grad over the leaves",
            _lines(
                "from micrograd.nn import Module",
                "def zero_grad(root):",
                "    module = Module()",
                "    leaves = [n for n in topological_order(root) if not n._prev]",
                "    module.parameters = lambda: leaves",
                "    module.zero_grad()",
            ),
            "Your code uses micrograd.nn.Module.zero_grad (line 6 of your code)",
        ),
        (
            "the root's inputs only",
            _lines(
                "def zero_grad(root):",
                "    for node in root._prev:",
                "        node.grad = 0.0",
            ),
            "deeper than L's direct inputs: walk the whole graph",
        ),
    ),
]

NEURON = [
    *_rows(
        "neuron-forward",
        (
            "micrograd's Neuron",
            _lines(
                "from micrograd.nn import Neuron",
                "def my_neuron(x1, x2, w1, w2, b):",
                "    neuron = Neuron(2)",
                "    neuron.w, neuron.b = [w1, w2], b",
                "    return neuron([x1, x2])",
            ),
            "Your code uses micrograd.nn.Neuron.__call__ (line 5 of your code)",
        ),
        (
            "plain numbers in a Value",
            _lines(
                "import math",
                "def my_neuron(x1, x2, w1, w2, b):",
                "    n = x1.data * w1.data + x2.data * w2.data + b.data",
                "    return Value(math.tanh(n))",
            ),
            "is every input part of the graph?",
        ),
    ),
    *_rows(
        "neuron-tanh-local",
        (
            "the slope a tanh node stores",
            _lines(
                "import math",
                "def tanh_local(o):",
                "    return Value(math.atanh(o)).tanh()._local[0]",
            ),
            "Your code uses Value.tanh (line 3 of your code): tanh_local is the rule itself",
        ),
        ("1 - o", "def tanh_local(o):\n    return 1 - o\n", "tanh_local(o) gives"),
    ),
    *_rows(
        "neuron-by-hand",
        (
            "backward()",
            _lines(
                "def neuron_grads(x1, x2, w1, w2, b):",
                "    v = [Value(t) for t in (x1, x2, w1, w2, b)]",
                "    (v[0] * v[2] + v[1] * v[3] + v[4]).tanh().backward()",
                "    return dict(zip(('x1', 'x2', 'w1', 'w2', 'b'), (t.grad for t in v)))",
            ),
            "Your code uses Value.backward (line 3 of your code): This exercise is by hand",
        ),
        (
            "gradcheck's nudges",
            _lines(
                "from micrograd.gradcheck import gradcheck",
                "def neuron_grads(x1, x2, w1, w2, b):",
                "    v = [Value(t) for t in (x1, x2, w1, w2, b)]",
                "    found = gradcheck(lambda: (v[0] * v[2] + v[1] * v[3] + v[4]).tanh(), v)",
                "    return dict(zip(('x1', 'x2', 'w1', 'w2', 'b'), found.numerical))",
            ),
            "Your code uses micrograd.gradcheck.gradcheck (line 4 of your code)",
        ),
    ),
]

PYTORCH = [
    *_rows(
        "pytorch-translate",
        (
            "the number, not the graph",
            _lines(
                "import math",
                "def translated(x):",
                "    t = x.data",
                "    return Value(math.exp(-t) * max(t - 1, 0.0) + t**2)",
            ),
            "backward() gives dy/dx = 0.000000",
        ),
    ),
    *_rows(
        "pytorch-bias-sum",
        (
            "backward()",
            _lines(
                "def bias_grad(rows, w1, w2, b):",
                "    w1, w2, b = Value(w1), Value(w2), Value(b)",
                "    sum((w1 * x1 + w2 * x2 + b).tanh() for x1, x2 in rows).backward()",
                "    return b.grad",
            ),
            "Your code uses Value.backward (line 3 of your code): This exercise is by hand",
        ),
        (
            "the first row alone",
            _lines(
                "import math",
                "def bias_grad(rows, w1, w2, b):",
                "    o = math.tanh(w1 * rows[0][0] + w2 * rows[0][1] + b)",
                "    return 1 - o**2",
            ),
            "That is the first row's contribution alone",
        ),
    ),
    *_rows(
        "pytorch-accumulate",
        (
            "one backward() over every batch",
            _lines(
                "def accumulated(w, b, batches):",
                "    w.grad, b.grad = 0.0, 0.0",
                "    rows = [row for batch in batches for row in batch]",
                "    sum(((w * x + b).tanh() - y) ** 2 for x, y in rows).backward()",
                "    return w.grad, b.grad",
            ),
            "accumulated ran backward() once for 3 batches",
        ),
        (
            "a reset in every batch",
            _lines(
                "def accumulated(w, b, batches):",
                "    for batch in batches:",
                "        w.grad, b.grad = 0.0, 0.0",
                "        sum(((w * x + b).tanh() - y) ** 2 for x, y in batch).backward()",
                "    return w.grad, b.grad",
            ),
            "That is the last batch's gradient alone",
        ),
    ),
]

SIGMOID = [
    *_rows(
        "practice-sigmoid-composite",
        (
            "one node",
            _lines(
                "import math",
                "def sigmoid_composite(x):",
                "    s = 1 / (1 + math.exp(-x.data))",
                "    return Value(s, (x,), 'sigmoid', _local=(s * (1 - s),))",
            ),
            "build the sigmoid from several operations",
        ),
        (
            "math on the number",
            _lines(
                "import math",
                "def sigmoid_composite(x):",
                "    return 1 / (1 + math.exp(-x.data))",
            ),
            "sigmoid_composite should return a Value",
        ),
        (
            "one node of its own, times 1",
            _lines(
                "import math",
                "def sigmoid_composite(x):",
                "    s = 1 / (1 + math.exp(-x.data))",
                "    return Value(s, (x,), 'sigmoid', _local=(s * (1 - s),)) * 1",
            ),
            "was not made by Value's own operations",
        ),
        (
            "its own derivative under an engine op's name",
            _lines(
                "import math",
                "def sigmoid_composite(x):",
                "    s = 1 / (1 + math.exp(-x.data))",
                "    return Value(s, (x,), 'exp', _local=(s * (1 - s),)) * 1",
            ),
            "no local derivative of your own",
        ),
    ),
    *_rows(
        "practice-sigmoid-node",
        (
            "the composite",
            "def sigmoid_node(x):\n    return 1 / (1 + (-x).exp())\n",
            "should be one node whose only input is x",
        ),
        (
            "the slope read off a composite",
            _lines(
                "def sigmoid_node(x):",
                "    twin = Value(x.data)",
                "    s = 1 / (1 + (-twin).exp())",
                "    s.backward()",
                "    return Value(s.data, (x,), 'sigmoid', _local=(twin.grad,))",
            ),
            "Your code uses Value.backward (line 4 of your code): This exercise is the sigmoid's",
        ),
    ),
]

MLP = [
    *_rows(
        "mlp-count-params",
        (
            "build the MLP and count",
            _lines(
                "def count_params(nin, nouts):",
                "    return len(MLP(nin, nouts).parameters())",
            ),
            "Your code uses MLP.__init__ (line 2 of your code): count_params counts from the sizes",
        ),
        (
            "build each Layer",
            _lines(
                "from micrograd.nn import Layer",
                "def count_params(nin, nouts):",
                "    sizes = [nin, *nouts]",
                "    return sum(len(Layer(a, b).parameters()) for a, b in zip(sizes, sizes[1:]))",
            ),
            "Your code uses Layer.__init__ (line 4 of your code)",
        ),
        (
            "no biases",
            _lines(
                "def count_params(nin, nouts):",
                "    sizes = [nin, *nouts]",
                "    return sum(a * b for a, b in zip(sizes, sizes[1:]))",
            ),
            "each neuron has a bias",
        ),
    ),
    *_rows(
        "mlp-mse",
        (
            "the sum, not the mean",
            _lines(
                "def my_mse(preds, targets):",
                "    return sum((p - y) ** 2 for p, y in zip(preds, targets))",
            ),
            "That is the sum: divide by the 4 examples.",
        ),
        (
            "numbers, not the graph",
            _lines(
                "def my_mse(preds, targets):",
                "    total = sum((p.data - y) ** 2 for p, y in zip(preds, targets))",
                "    return Value(total / len(preds))",
            ),
            "is every prediction part of the graph?",
        ),
    ),
    *_rows(
        "mlp-train-step",
        (
            "no zero_grad",
            _lines(
                "def train_step(model, lr):",
                "    loss = mse(model)",
                "    loss.backward()",
                "    for p in model.parameters():",
                "        p.data -= lr * p.grad",
                "    return loss",
            ),
            "zero the gradients before backward()",
        ),
        (
            "a step uphill",
            _lines(
                "def train_step(model, lr):",
                "    loss = mse(model)",
                "    model.zero_grad()",
                "    loss.backward()",
                "    for p in model.parameters():",
                "        p.data += lr * p.grad",
                "    return loss",
            ),
            "along its gradient: uphill. Subtract instead.",
        ),
        (
            "the loss after the update",
            _lines(
                "def train_step(model, lr):",
                "    loss = mse(model)",
                "    model.zero_grad()",
                "    loss.backward()",
                "    for p in model.parameters():",
                "        p.data -= lr * p.grad",
                "    return mse(model)",
            ),
            "Return the loss before the update",
        ),
    ),
]

DESCEND = _rows(
    "chain-descend",
    (
        "a step along the gradient",
        _lines(
            "def descend(leaves, step):",
            "    for leaf in leaves:",
            "        leaf.data += step * leaf.grad",
        ),
        "that is a step along the gradient, which raises L; subtract instead",
    ),
    (
        "a step scaled by the value",
        _lines(
            "def descend(leaves, step):",
            "    for leaf in leaves:",
            "        leaf.data -= step * leaf.data",
        ),
        "the step is scaled by the leaf's gradient, not by its value",
    ),
)

OWN = "The engine is the exercise"
CAPSTONE = _rows(
    "write-the-engine",
    (
        "the package's Value imported",
        "from micrograd.engine import Value\n" + ZERO_GRAD,
        "Your Value makes the package's own Values (micrograd.engine.Value)",
    ),
    (
        "the package's Value from the package's top",
        "from micrograd import Value\n" + ZERO_GRAD,
        "Your Value makes the package's own Values (micrograd.engine.Value)",
    ),
    (
        "a subclass of the package's Value",
        _lines("from micrograd.engine import Value as Package", "class Value(Package):", "    pass")
        + ZERO_GRAD,
        f"Your code uses micrograd.engine.Value (line 2 of your code): {OWN}",
    ),
    (
        "the package's Value inside the reader's",
        _lines(
            "from micrograd.engine import Value as Package",
            "class Value:",
            "    def __init__(self, data):",
            "        self.inner = Package(data)",
            "        self.data, self.grad = self.inner.data, 0.0",
        )
        + ZERO_GRAD,
        f"Your code uses micrograd.engine.Value (line 4 of your code): {OWN}",
    ),
    (
        "the engine through sys.modules",
        "import sys\nValue = sys.modules['micrograd.engine'].Value\n" + ZERO_GRAD,
        "Your code uses sys (line 1)",
    ),
    (
        "the engine through gc",
        "import gc\n" + ZERO_GRAD,
        "Your code uses gc (line 1)",
    ),
    (
        "the build-along step 6, loaded",
        "from spelled_out import show_step\nValue = show_step(6).Value\n" + ZERO_GRAD,
        "Your code uses spelled_out.along.load_step (line 2 of your code)",
    ),
    (
        "the package's source run through the code module",
        _lines(
            "import code, micrograd.engine as m",
            "ns = {}",
            'code.InteractiveInterpreter(ns).runsource(open(m.__file__).read(), "x", "exec")',
            'Value = ns["Value"]',
        )
        + ZERO_GRAD,
        "Your code uses code (line 1)",
    ),
    (
        "the package's source read, to write and import",
        "import micrograd.engine as m\nsource = open(m.__file__).read()\n" + ZERO_GRAD,
        "Your code uses open (line 2)",
    ),
    (
        "the grader patched to pass",
        _lines(
            "from spelled_out.engine_report import Report",
            "Report.assert_passed = lambda self: None",
            "class Value:",
            "    pass",
        )
        + ZERO_GRAD,
        "Your code uses spelled_out.engine_report (line 1)",
    ),
    (
        "the build-along step 6, imported",
        "from spelled_out.steps import step6_training\n" + ZERO_GRAD,
        "Your code uses spelled_out.steps (line 1)",
    ),
)

# page (under docs/) -> its shortcuts, in the order of its exercises
PAGES: dict[str, list[Shortcut]] = {
    "derivatives.md": CENTRAL + PARTIALS,
    "computation-graph.md": OWN_NODE + REFLECTED + LEAVES,
    "chain-rule.md": CHAIN + DESCEND,
    "backward-rules.md": RULES,
    "rules-in-practice.md": SIGMOID,
    "topological-sort.md": TOPO,
    "accumulation.md": ACCUMULATION,
    "neuron.md": NEURON,
    "pytorch.md": PYTORCH,
    "training-an-mlp.md": MLP,
    "why-backprop.md": FORWARD,
    "write-it-yourself.md": CAPSTONE,
}
