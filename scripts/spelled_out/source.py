"""Quote the package's own source on a page: `show_source(Value.__mul__)`."""

import inspect
import textwrap


class SourceCode(str):
    """Python source taken from a live object; it shows itself as highlighted code."""

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        """Highlighted like the page's own fences (Pygments, the `highlight` class)."""
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer

        formatter = HtmlFormatter(cssclass="highlight", wrapcode=True)
        return highlight(str(self), PythonLexer(), formatter)


def show_source(obj) -> SourceCode:
    """The source of a function, method or class, as it is in the package on disk now."""
    try:
        source = inspect.getsource(obj)
    except (OSError, TypeError) as error:
        raise TypeError(f"show_source: no source for {obj!r} ({error})") from None
    return SourceCode(textwrap.dedent(source).rstrip("\n"))
