"""Engines with one mistake each: lines of micrograd/engine.py and what they become.

MUTANTS break one backward rule each (tests/test_mutations.py: the engine's own tests must
catch every one). MISTAKES are the common ones a reader writing an engine makes, each with
the capstone property that must name it (tests/test_engine_grader.py grades each in CPython,
tests/site/test_capstone_browser.py in the page)."""

from pathlib import Path

ENGINE = (Path(__file__).resolve().parent.parent / "micrograd" / "engine.py").read_text("utf-8")
# The capstone asks for zero_grad(parameters) beside Value: what the package's Module.zero_grad
# does, for a list of parameters.
ZERO_GRAD = "\n\ndef zero_grad(parameters):\n    for p in parameters:\n        p.grad = 0.0\n"


def broken(line: str, replacement: str) -> str:
    """The package's engine with one line changed, and zero_grad: a reader's whole answer."""
    assert ENGINE.count(line) == 1, f"the line to break is not in engine.py once: {line!r}"
    return ENGINE.replace(line, replacement) + ZERO_GRAD


# name -> (a line of engine.py, what it becomes)
MUTANTS = {
    "add forgets one input": ('"+", _local=(1.0, 1.0)', '"+", _local=(1.0, 0.0)'),
    "mul does not swap": ("_local=(other.data, self.data)", "_local=(self.data, other.data)"),
    "pow drops the -1": ("local = n * x ** (n - 1)", "local = n * x**n"),
    "pow drops the factor n": ("local = n * x ** (n - 1)", "local = x ** (n - 1)"),
    "tanh forgets the square": ("_local=(1.0 - t * t,)", "_local=(1.0 - t,)"),
    "exp uses 1": ('"exp", _local=(e,)', '"exp", _local=(1.0,)'),
    "log uses x": ("_local=(1.0 / x,)", "_local=(x,)"),
    "relu always passes": ("_local=(1.0 if x > 0 else 0.0,)", "_local=(1.0,)"),
    "= instead of +=": ("child.grad += local * self.grad", "child.grad = local * self.grad"),
    "no chain rule": ("child.grad += local * self.grad", "child.grad += local"),
    "forward order": ("for node in reversed(order):", "for node in order:"),
    "seed of 2": ("self.grad += 1.0  # ∂(self)/∂(self)", "self.grad += 2.0"),
}

RECURSIVE_SORT = """\
    order, visited = [], set()

    def visit(node):
        if node not in visited:
            visited.add(node)
            for child in node._prev:
                visit(child)
            order.append(node)

    visit(root)
    return order"""

# name -> (line, what it becomes, the property of spelled_out/engine_graphs.py that names it)
MISTAKES = {
    "= instead of +=": (
        "child.grad += local * self.grad",
        "child.grad = local * self.grad",
        "a node used twice",
    ),
    "a missing seed": (
        "self.grad += 1.0  # ∂(self)/∂(self)",
        "pass",
        "backward() seeds the output",
    ),
    "a reversed order": (
        "for node in reversed(order):",
        "for node in order:",
        "a chain of operations",
    ),
    "tanh's derivative as 1 - x**2": (
        "_local=(1.0 - t * t,)",
        "_local=(1.0 - self.data**2,)",
        "each operation's gradients",
    ),
    "a set losing a * a": (
        "self._prev = _children if type(_children) is tuple else tuple(_children)",
        "self._prev = tuple(dict.fromkeys(_children))  # each input once, as a set keeps it",
        "a node used twice",
    ),
    "a recursive sort": (
        "    order, visited = [], {root}",
        RECURSIVE_SORT,
        "a deep graph",
    ),
    "a string taken as a number": (
        '    raise TypeError(f"Value data must be a real number',
        '    return data\n    raise TypeError(f"Value data must be a real number',
        "operands that are not numbers",
    ),
}
