"""What a refused function or class is replaced by while the reader's code runs (shortcuts.py).

A stand-in passes every use through to the original, except a use that `refuses(caller)`
says comes from the reader: that raises `refusal(caller)`, whose sentence says what was
skipped. A class's stand-in is a class too, so that code holding the class's name, as the
package's own module does (`isinstance(x, Value)`), keeps working while it is switched off;
only making an instance, or subclassing it, from the reader's code is refused.

Pure standard library: the browser's Pyodide grades with it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

Refuses = Callable[[FrameType], bool]
Refusal = Callable[[FrameType], BaseException]


def function_stand_in(call: Callable[..., Any], refuses: Refuses, refusal: Refusal) -> Any:
    """A function standing for a refused one. It holds `call`, which calls the original and
    refuses the reader's calls itself, not the original: its closure hands the reader's code
    nothing it can use."""

    def stand_in(*args: Any, **kwargs: Any) -> Any:
        caller = sys._getframe(1)
        if refuses(caller):
            raise refusal(caller)
        return call(*args, **kwargs)

    return stand_in


def class_stand_in(original: type, refuses: Refuses, refusal: Refusal, subclass: Refuses) -> type:
    """A class standing for `original`: calling it makes an original instance, unless
    `refuses`; isinstance, issubclass and its attributes are the original's; subclassing it
    is refused when `subclass(caller)` says so."""

    class Refusing(type(original)):  # type: ignore[misc]
        def __call__(cls, *args: Any, **kwargs: Any) -> Any:
            caller = sys._getframe(1)
            if refuses(caller):
                raise refusal(caller)
            return original(*args, **kwargs)

        def __instancecheck__(cls, instance: Any) -> bool:
            return isinstance(instance, original)

        def __subclasscheck__(cls, other: type) -> bool:
            return issubclass(other, original)

        def __getattr__(cls, name: str) -> Any:
            return getattr(original, name)

    def __init_subclass__(cls: type, **kwargs: Any) -> None:  # `class Mine(Value)`
        caller = sys._getframe(1)
        if subclass(caller):
            raise refusal(caller)

    body = {"__init_subclass__": classmethod(__init_subclass__), "__doc__": original.__doc__}
    return Refusing(original.__name__, (), body)
