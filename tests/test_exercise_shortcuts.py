"""The by-hand exercise of the chain-rule chapter rejects its shortcuts: backward(), the nodes'
own _backward(), and gradients typed in as numbers (the check re-runs on other inputs)."""

from pathlib import Path

import pytest

from micrograd import Value

PAGE = Path(__file__).resolve().parent.parent / "docs" / "chain-rule.md"

SHORTCUTS = {
    "backward()": "def by_hand(out, m, w, s, z, x, y):\n    out.backward()\n",
    "_backward()": (
        "from micrograd.engine import topological_order\n"
        "def by_hand(out, m, w, s, z, x, y):\n"
        "    out.grad = 1.0\n"
        "    for node in reversed(topological_order(out)):\n"
        "        node._backward()\n"
    ),
    "typed-in numbers": (
        "def by_hand(out, m, w, s, z, x, y):\n"
        "    out.grad = m.grad = w.grad = 1.0\n"
        "    s.grad, z.grad, x.grad, y.grad = -3.0, 2.0, -3.0, -3.0\n"
    ),
}


def exercise_part(name: str) -> str:
    text = PAGE.read_text(encoding="utf-8")
    block = text[text.index('exercise="chain-by-hand"') :]
    block = block[: block.index("\n```\n")]
    start = block.index(f"# %% {name}\n") + len(f"# %% {name}\n")
    end = block.find("# %% ", start)
    return block[start:end]


@pytest.mark.parametrize("shortcut", SHORTCUTS)
def test_the_by_hand_check_rejects(shortcut):
    namespace = {"Value": Value}
    exec(SHORTCUTS[shortcut], namespace)
    with pytest.raises(AssertionError):
        exec(exercise_part("check"), namespace)
    assert Value.backward.__name__ == "backward" and Value._backward.__name__ == "_backward"


def test_the_by_hand_check_accepts_the_solution():
    namespace = {"Value": Value}
    exec(exercise_part("solution"), namespace)
    exec(exercise_part("check"), namespace)
