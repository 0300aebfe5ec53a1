"""The build-along steps, switched off for every exercise: each step is a finished engine.

A page that builds the reader's own `Value` a step at a time holds that step's classes (`step4 =
show_step(4)`, `my_a = step4.Value(...)`). An exercise's work is the code those classes
contain, so while the reader's code runs their methods refuse it, as a refused name does
(shortcuts.py), wherever the reader reaches them from: the page's names, `type(my_a)`, a step's
module. Loading a step afresh (`spelled_out.along.load_step`, which `show_step` calls) is
refused too. Pure standard library.
"""

from __future__ import annotations

import importlib
import types
from typing import Any

STEP_MODULE_PREFIX = "build_along_"  # the modules spelled_out.along.load_step makes
SENTENCE = (
    "The build-along steps are finished engines of your own making: this exercise is the code "
    "they contain, so write it here."
)
_KEEP = {"__repr__", "__str__"}  # printing a page's value is not a shortcut


def step_methods(namespace: dict[str, Any]) -> list[tuple[type, str]]:
    """(class, method name) for every method of a build-along step's class that the page's
    names reach: a class itself, a value's class, or the classes of a step's module."""
    classes: dict[int, type] = {}
    for value in list(namespace.values()):
        candidates = [value, type(value)]
        module = _own(value, "module")
        if isinstance(module, types.ModuleType):
            candidates += list(vars(module).values())
        for candidate in candidates:
            if isinstance(candidate, type) and _from_a_step(candidate):
                classes[id(candidate)] = candidate
    return [
        (cls, name)
        for cls in classes.values()
        for name, member in vars(cls).items()
        if isinstance(member, types.FunctionType) and name not in _KEEP
    ]


def step_loader() -> list[tuple[list[str], str]]:
    """The loader of the steps, as a refuse entry, where the page can import it."""
    try:
        importlib.import_module("spelled_out.along")
    except ImportError:
        return []
    return [(["spelled_out.along.load_step"], SENTENCE)]


def _from_a_step(cls: type) -> bool:
    return str(getattr(cls, "__module__", "")).startswith(STEP_MODULE_PREFIX)


def _own(value: Any, name: str) -> Any:
    """An attribute set on the object itself (never a class's or a __getattr__'s)."""
    try:
        return vars(value).get(name)
    except TypeError:
        return None
