"""Small helpers that pages import: things a chapter wants to show that micrograd does not do.

from scripts.pagetools import show_source
show_source(Value.__mul__)      # as a block's last expression: the method's real source
"""

import inspect
import textwrap


class SourceCode(str):
    """Python source taken from a live object; the build engine shows it as highlighted code."""

    def __repr__(self) -> str:
        return str(self)


def show_source(obj) -> SourceCode:
    """The source of a function, method or class, as it is in the package on disk now."""
    try:
        source = inspect.getsource(obj)
    except (OSError, TypeError) as error:
        raise TypeError(f"show_source: no source for {obj!r} ({error})") from None
    return SourceCode(textwrap.dedent(source).rstrip("\n"))
