"""Visiting order: run the backward pass in an order the reader picks, with the engine's own
rules, and say which gradients come out wrong, by how much, and why.

    verdict = run_order(["b", "d", "c", "a"])    # on the diamond a = 2, b = a + 1, c = 3a, d = bc
    verdict.ok, verdict.wrong, verdict.messages()

The root is seeded with 1, then each node's real `_backward()` runs in the reader's order; the
result is compared with `backward()` on a fresh copy of the same graph. A node that runs its
rule before its own gradient is complete (before every node that uses it has run) passes on too
little, and every path through it loses the difference.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from micrograd.engine import Value, topological_order
from spelled_out.passes import num


def diamond(a: float = 2.0) -> Value:
    """d = b * c with b = a + 1 and c = 3 * a: two paths from a to d (dd/da = 6a + 3)."""
    a_ = Value(a, label="a")
    b = a_ + 1
    b.label = "b"
    c = 3 * a_
    c.label = "c"
    d = b * c
    d.label = "d"
    return d


@dataclass
class Early:
    """A node whose rule ran before its gradient was complete."""

    label: str
    had: float  # its grad when its rule ran
    needed: float  # its grad once complete (as backward() gives it)
    waiting: list[str]  # the nodes that use it and had not run yet
    passed: list[tuple[str, float, float]]  # (input, what it received, what it should have)


@dataclass
class Verdict:
    order: list[str]
    grads: dict[str, float]  # every labelled node's grad after the reader's order
    expected: dict[str, float]  # the same, from backward()
    early: list[Early] = field(default_factory=list)

    @property
    def wrong(self) -> list[str]:
        return [label for label in self.order if self.grads[label] != self.expected[label]]

    @property
    def ok(self) -> bool:
        return not self.wrong

    def messages(self) -> list[str]:
        """What went wrong and why, or a confirmation against backward()."""
        if self.ok:
            grads = ", ".join(f"{x}.grad = {num(self.grads[x])}" for x in sorted(self.grads))
            lines = [f"Right: every gradient matches backward(): {grads}."]
            lines += [self._harmless(e) for e in self.early if not e.passed]
            return lines
        lines = []
        for x in self.wrong:
            got, want = self.grads[x], self.expected[x]
            lines.append(
                f"{x}.grad comes out {num(got)}, but backward() gives {num(want)}: "
                f"{'short' if got < want else 'over'} by {num(abs(want - got))}."
            )
        return lines + [self._why(e) for e in self.early if e.passed]

    def _why(self, e: Early) -> str:
        users = " and ".join(e.waiting)
        shares = "; ".join(
            f"{name} received {num(got)} instead of {num(should)}" for name, got, should in e.passed
        )
        return (
            f"{e.label} ran its rule before {users} (which use{'s' if len(e.waiting) == 1 else ''} "
            f"{e.label}) had run, while {e.label}.grad was {num(e.had)}, not {num(e.needed)}: "
            f"along the path through {e.label}, {shares}."
        )

    def _harmless(self, e: Early) -> str:
        return (
            f"{e.label} ran before its gradient was complete, but {e.label} is a leaf: its rule "
            "passes nothing on, so no harm done (backward() runs it last)."
        )

    def as_dict(self) -> dict:
        return {
            "order": self.order,
            "ok": self.ok,
            "wrong": self.wrong,
            "grads": {x: f"grad {g:.4f}" for x, g in self.grads.items()},
            "messages": self.messages(),
        }


def choices(build=diamond) -> list[str]:
    """The labelled nodes of the graph: the ones a reader orders."""
    return [node.label for node in topological_order(build()) if node.label]


def run_order(order: list[str], build=diamond) -> Verdict:
    """Seed the root, run each labelled node's `_backward()` in `order`, compare with backward()."""
    root = build()
    nodes = {node.label: node for node in topological_order(root) if node.label}
    if sorted(order) != sorted(nodes):
        raise ValueError(f"the order must name each of {sorted(nodes)} once, got {order}")
    reference = build()
    reference.backward()
    expected = {node.label: node.grad for node in topological_order(reference) if node.label}

    users = {x: [y for y in nodes if nodes[x] in nodes[y]._prev] for x in nodes}
    verdict = Verdict(list(order), {}, expected)
    root.grad = 1.0  # ∂(root)/∂(root)
    ran: set[str] = set()
    for x in order:
        node = nodes[x]
        if node.grad != expected[x]:
            passed = [
                (child.label, local * node.grad, local * expected[x])
                for child, local in zip(node._prev, node._local)
                if child.label
            ]
            waiting = [y for y in users[x] if y not in ran]
            verdict.early.append(Early(x, node.grad, expected[x], waiting, passed))
        node._backward()  # the engine's own rule
        ran.add(x)
    verdict.grads = {x: nodes[x].grad for x in nodes}
    return verdict


def check_order(order: str) -> dict:
    """For the browser: run the order (a JSON list of labels); answer the verdict."""
    return run_order(json.loads(order)).as_dict()
