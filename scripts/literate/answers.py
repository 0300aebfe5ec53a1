"""Self-check answers: what an answer fence evaluates to, and what the page checks against.

An answer fence (```` ```python exec="1" answer="1" ````) is Python whose last expression is the
expected answer, computed at build in a copy of the page's namespace where `Answer` and
`Choice` are defined. The page shows an input (or options) and checks the reader's answer in
the browser against that value, without running Python:

    b.data * -3                                   a number; the default tolerance
    Answer(b.data * -3, tolerance=1e-9,           a number, with the likely mistakes and
           mistakes={b.data * -2: "that is f = -2"})   what each one confused
    Choice(["c", "e", "both"], answer="both",     one of several options, and why each
           why={"c": "...", "e": "..."})           wrong one is tempting
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from numbers import Real

MIME = "application/vnd.literate.answer+json"
RELATIVE = 1e-3  # the default tolerance: 0.1 % of the answer ...
ABSOLUTE = 1e-6  # ... and never tighter than this


@dataclass
class Answer:
    value: float
    tolerance: float | None = None  # absolute; None: RELATIVE of the value, at least ABSOLUTE
    mistakes: dict[float, str] = field(default_factory=dict)

    def spec(self) -> dict:
        value = _number(self.value, "the answer")
        tolerance = self.tolerance
        if tolerance is None:
            tolerance = max(abs(value) * RELATIVE, ABSOLUTE)
        tolerance = _number(tolerance, "the tolerance")
        if tolerance < 0:
            raise ValueError(f"the tolerance must be positive, got {tolerance}")
        mistakes = []
        for wrong, why in self.mistakes.items():
            wrong = _number(wrong, "a mistake's value")
            if abs(wrong - value) <= tolerance:
                raise ValueError(f"the mistake {wrong} is within the tolerance of the answer")
            mistakes.append({"value": wrong, "why": str(why)})
        return {"kind": "number", "value": value, "tolerance": tolerance, "mistakes": mistakes}


@dataclass
class Choice:
    options: list[str]
    answer: str
    why: dict[str, str] = field(default_factory=dict)

    def spec(self) -> dict:
        options = [str(option) for option in self.options]
        if len(set(options)) != len(options) or len(options) < 2:
            raise ValueError(f"a choice needs two or more distinct options, got {options}")
        if str(self.answer) not in options:
            raise ValueError(f"the answer {self.answer!r} is not one of the options {options}")
        unknown = [key for key in self.why if key not in options]
        if unknown:
            raise ValueError(f"why= names {unknown[0]!r}, which is not an option")
        why = {str(key): str(text) for key, text in self.why.items()}
        return {"kind": "choice", "options": options, "answer": str(self.answer), "why": why}


def answer_spec(value: object) -> dict:
    """The spec of an answer fence's value; ValueError says what is wrong with it."""
    if isinstance(value, Answer | Choice):
        return value.spec()
    if isinstance(value, Real) and not isinstance(value, bool):
        return Answer(float(value)).spec()
    if hasattr(value, "data") and isinstance(value.data, Real):
        raise ValueError("the answer is a Value: give its number (.data or .grad)")
    raise ValueError(
        f"an answer is a number, Answer(...) or Choice(...), not {type(value).__name__}"
    )


def _number(value: object, what: str) -> float:
    if not isinstance(value, Real) or isinstance(value, bool):
        raise ValueError(f"{what} must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise ValueError(f"{what} must be finite, got {number}")
    return number
