"""Shortcuts an exercise refuses: what would skip its work is switched off for the reader.

An exercise fence may list, in its `refuse` section, the names that would do the exercise for
the reader, each with the sentence that says what was skipped:

    # %% refuse
    topological_order, micrograd.viz.trace: The sort is the exercise: write it yourself.

A target is a dotted name found in the page's namespace (or an importable module). Before the
reader's code runs, each is switched off for that code only:

- a function or class is replaced, in the reader's copy of the namespace and in every loaded
  module that holds it, by a stand-in (stand_ins.py) that refuses a call made while the reader's
  code runs, or by the check itself (its names are the originals, so a stand-in it calls came
  from the reader's values); package code the check runs still works;
- a class attribute (`Value.backward`, `Value._local`) is wrapped: a method refuses a call with
  the reader's code on the stack, a data attribute a read made by the reader's code.

A refused use fails the grade with its sentence, even if caught; escape hatches (introspection,
source run or written, the graders, the build-along steps) fail before anything runs
(escape_hatches.py).

Pure standard library: the build's worker and the browser's Pyodide both grade with it.
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from types import CodeType, FrameType
from typing import Any

from literate.stand_ins import class_stand_in, function_stand_in

_ENTRY = re.compile(r"^(?P<targets>[\w.]+(?:\s*,\s*[\w.]+)*)\s*:\s*(?P<sentence>.+)$")


class Refused(Exception):
    """A switched-off name was used; its sentence says what was skipped."""


def parse_refusals(text: str) -> list[tuple[list[str], str]]:
    """The `refuse` section as (targets, sentence) pairs; ValueError names a malformed line."""
    entries: list[tuple[list[str], str]] = []
    pending = ""  # targets that go on to the next line (the line ends with a comma)
    for number, line in enumerate(text.split("\n"), 1):
        if not line.strip():
            continue
        if line[0].isspace() and entries and not pending:  # the sentence above goes on
            entries[-1] = (entries[-1][0], f"{entries[-1][1]} {line.strip()}")
            continue
        if line.rstrip().endswith(","):
            pending += line.strip() + " "
            continue
        line, pending = pending + line.strip(), ""
        entry = _ENTRY.match(line)
        if entry is None:
            raise ValueError(f"refuse line {number}: expected 'name, name: sentence', got {line!r}")
        targets = [t.strip() for t in entry["targets"].split(",")]
        entries.append((targets, entry["sentence"].strip()))
    return entries


class SwitchOff:
    """Stand-ins for the refused targets while the reader's code and the check run.

    `reader` and `check` are the code objects of the attempt and of the check, `reader_line`
    the page line of the attempt's first line. Inside `with switch:` the page's namespace, every
    loaded module and the classes hold the stand-ins; `check_scope(scope)` is the check's copy
    of the reader's scope with the page's own names back on the originals (a name the reader
    bound to a stand-in keeps it: the check calling it is refused)."""

    def __init__(self, entries, namespace: dict[str, Any], reader, check, reader_line: int):
        self.reader: frozenset[CodeType] = reader
        self.check: frozenset[CodeType] = check
        self.reader_line = reader_line
        self.namespace = namespace
        self.refused: list[str] = []
        self.stand_ins: dict[int, tuple[Any, Any]] = {}  # id(original) -> (original, stand-in)
        self.attributes: list[tuple[type, str, Any]] = []  # (class, name, original)
        self._said: dict[tuple[type, str], tuple[str, str]] = {}  # -> (target, sentence)
        self._undo: list[tuple[dict[str, Any], str, Any]] = []
        for targets, sentence in entries:
            for target in targets:
                self._switch_off(target, sentence, namespace)

    def switch_off_method(self, cls: type, name: str, target: str, sentence: str) -> None:
        """Switch off a class's method by reference, as a `Class.method` target is."""
        self.attributes.append((cls, name, cls.__dict__[name]))
        self._said[(cls, name)] = (target, sentence)

    def check_scope(self, scope: dict[str, Any]) -> dict[str, Any]:
        page = {name: value for found, name, value in self._undo if found is self.namespace}
        return {**scope, **page}

    def __enter__(self) -> SwitchOff:
        dicts = [getattr(module, "__dict__", None) for module in list(sys.modules.values())]
        for found in [self.namespace, *dicts]:
            if not isinstance(found, dict):
                continue
            for name, value, stand_in in list(self._originals(found)):
                self._undo.append((found, name, value))
                found[name] = stand_in
        for cls, name, original in self.attributes:
            setattr(cls, name, self._wrapped(cls, name, original))
        return self

    def __exit__(self, *exception: object) -> None:
        for found, name, value in reversed(self._undo):
            found[name] = value
        self._undo.clear()
        for cls, name, original in self.attributes:
            setattr(cls, name, original)

    def _originals(self, found: dict[str, Any]) -> Iterator[tuple[str, Any, Any]]:
        """(name, original, its stand-in) for each name of `found` holding an original."""
        for name, value in found.items():
            pair = self.stand_ins.get(id(value))
            if pair is not None and pair[0] is value:
                yield name, value, pair[1]

    def _switch_off(self, target: str, sentence: str, namespace: dict[str, Any]) -> None:
        owner, name = _resolve_owner(target, namespace)
        if isinstance(owner, type):
            self.attributes.append((owner, name, owner.__dict__[name]))
            self._said[(owner, name)] = (target, sentence)
            return
        original = namespace[name] if owner is None else getattr(owner, name)
        self.stand_ins[id(original)] = (original, self._refusing(original, target, sentence))

    def _refuse(self, target: str, sentence: str, frame: FrameType | None) -> Refused:
        where = ""
        for current in _frames(frame):
            if current.f_code in self.reader:
                where = f" (line {current.f_lineno - self.reader_line + 1} of your code)"
                break
        message = f"Your code uses {target}{where}: {sentence}"
        self.refused.append(message)
        return Refused(message)

    def _from_reader(self, frame: FrameType | None) -> bool:
        return any(current.f_code in self.reader for current in _frames(frame))

    def _refusing(self, original: Any, target: str, sentence: str) -> Any:
        def refuses(caller: FrameType) -> bool:
            return self._from_reader(caller) or caller.f_code in self.check

        def refusal(caller: FrameType) -> Refused:
            return self._refuse(target, sentence, caller)

        if isinstance(original, type):
            return class_stand_in(original, refuses, refusal, self._from_reader)
        key = id(original)

        def call(*args: Any, **kwargs: Any) -> Any:  # what the stand-in holds instead of it
            caller = sys._getframe(1)
            if self._from_reader(caller):  # the reader took it from the stand-in's closure
                raise self._refuse(target, sentence, caller)
            return self.stand_ins[key][0](*args, **kwargs)

        return function_stand_in(call, refuses, refusal)

    def _wrapped(self, cls: type, name: str, original: Any) -> Any:
        target, sentence = self._said[(cls, name)]
        if callable(original) and not hasattr(original, "__set__"):

            def method(*args: Any, **kwargs: Any) -> Any:
                caller = sys._getframe(1)
                if self._from_reader(caller):
                    raise self._refuse(target, sentence, caller)
                return original(*args, **kwargs)

            return method

        def read(instance: Any) -> Any:
            caller = sys._getframe(1)
            if caller.f_code in self.reader:
                raise self._refuse(target, sentence, caller)
            return original.__get__(instance, cls)

        return property(read, original.__set__, getattr(original, "__delete__", None))


def _frames(frame: FrameType | None) -> Iterator[FrameType]:
    while frame is not None:
        yield frame
        frame = frame.f_back


def _resolve_owner(target: str, namespace: dict[str, Any]) -> tuple[Any, str]:
    """(the object holding the target's last name, that name); owner None for a page name."""
    *path, name = target.split(".")
    if not path:
        if name not in namespace:
            raise ValueError(f"refuse: {target!r} is not a name on this page")
        return None, name
    owner = namespace[path[0]] if path[0] in namespace else importlib.import_module(path[0])
    for index, part in enumerate(path[1:], 1):
        try:
            owner = getattr(owner, part)
        except AttributeError:
            owner = importlib.import_module(".".join(path[: index + 1]))
    if isinstance(owner, type) and name not in owner.__dict__:
        raise ValueError(f"refuse: {target!r}: {owner.__name__} does not define {name}")
    if not isinstance(owner, type) and not hasattr(owner, name):
        raise ValueError(f"refuse: {target!r} is not found")
    return owner, name
