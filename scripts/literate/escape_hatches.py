"""Escape hatches: what every exercise refuses before the reader's code runs, whatever its
`refuse` section lists (shortcuts.py switches off the names listed there).

The reader's code is read, not run: an import of a module that reaches objects by
introspection or runs source, a name such as `exec`, or an introspective attribute
(`__closure__`, a frame) fails the grade with a sentence. So that every attribute the code
reads can be seen here, `getattr` and its kin must name the attribute in quotes: a name built
as the code runs (`'__clo' + 'sure__'`) could spell any of those attributes.

Pure standard library: the build's worker and the browser's Pyodide both grade with it.
"""

from __future__ import annotations

import ast

# Modules and names that reach objects by introspection, or run source (open writes a module)
ESCAPE_MODULES = ("gc", "sys", "importlib", "inspect", "ctypes", "builtins", "runpy", "pickle",
    "marshal", "literate", "spelled_out.steps", "_thread", "threading", "code", "codeop", "timeit",
    "pdb", "bdb", "doctest", "subprocess", "multiprocessing", "os", "io", "pathlib", "shutil",
    "tempfile", "zipimport", "spelled_out.engine_grader", "spelled_out.engine_report",
    "spelled_out.engine_graphs", "spelled_out.graph_code",
    # run source under a tracer or profiler, walk the frames, read files
    "trace", "cProfile", "profile", "traceback", "faulthandler", "_io", "_pyio", "codecs",
    "linecache", "fileinput", "tokenize", "zipfile", "glob", "mmap")  # fmt: skip
ESCAPE_NAMES = {"__import__", "exec", "eval", "compile", "globals", "vars", "breakpoint",
                "__builtins__", "open"}  # fmt: skip
# ... and attributes (those of the last line read any attribute by a name given as a string)
ESCAPE_ATTRIBUTES = {"__closure__", "__globals__", "__code__", "__wrapped__", "__builtins__",
                     "__subclasses__", "__dict__", "__loader__", "__spec__", "__func__",
                     "__defaults__", "__kwdefaults__", "__reduce__", "__reduce_ex__", "f_back",
                     "f_globals", "f_locals", "f_builtins", "tb_frame", "gi_frame", "cr_frame",
                     "ag_frame", "cell_contents",
                     "__getattribute__", "attrgetter", "methodcaller", "get_field"}  # fmt: skip
# The built-ins that take an attribute's name as a string: allowed with the name in quotes.
BY_NAME = ("getattr", "setattr", "delattr", "hasattr")


def escape_hatch(tree: ast.AST, first_line: int) -> str | None:
    """The sentence refusing the first escape hatch in the reader's code, or None."""
    quoted = _quoted_names(tree)
    for node in ast.walk(tree):
        used = None
        if isinstance(node, ast.Import):
            used = next((a.name for a in node.names if _escapes(a.name)), None)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
            used = next((name for name in names if _escapes(name)), None)
            used = used or next((a.name for a in node.names if a.name in ESCAPE_ATTRIBUTES), None)
        elif isinstance(node, ast.Name) and node.id in BY_NAME:
            name = quoted.get(id(node))
            if name is None:
                used = f"{node.id} with an attribute name that is not in quotes"
            elif name in ESCAPE_ATTRIBUTES:
                used = name
        elif isinstance(node, ast.Name) and node.id in ESCAPE_NAMES:
            used = node.id
        elif isinstance(node, ast.Attribute) and node.attr in ESCAPE_ATTRIBUTES:
            used = node.attr
        elif isinstance(node, ast.Attribute) and _escapes_by_name(ast.unparse(node)):
            used = _escapes_by_name(ast.unparse(node))
        elif isinstance(node, ast.MatchClass):  # `case object(__closure__=cells)` reads it
            used = next((name for name in node.kwd_attrs if name in ESCAPE_ATTRIBUTES), None)
        elif isinstance(node, ast.Constant) and str(node.value).startswith("__"):
            used = node.value if node.value in ESCAPE_ATTRIBUTES | ESCAPE_NAMES else None
        if used is not None:
            line = getattr(node, "lineno", first_line) - first_line + 1
            return (
                f"Your code uses {used} (line {line}), which can reach the package's own "
                "answer instead of computing it. Exercises are graded without it: write the "
                "code the exercise asks for."
            )
    return None


def _quoted_names(tree: ast.AST) -> dict[int, str]:
    """For each `getattr(x, "name")` (or its kin) called with the name in quotes: the id of
    its function's Name node -> that name. Any other use of them is refused."""
    quoted = {}
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        if node.func.id in BY_NAME and len(node.args) >= 2 and not node.keywords:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str):
                quoted[id(node.func)] = name.value
    return quoted


def _escapes_by_name(dotted: str) -> str | None:
    """A refused package module reached as an attribute (`spelled_out.steps`), or None."""
    return next((m for m in ESCAPE_MODULES if "." in m and dotted.endswith(m)), None)


def _escapes(module: str) -> bool:
    return any(module == m or module.startswith(m + ".") for m in ESCAPE_MODULES)
