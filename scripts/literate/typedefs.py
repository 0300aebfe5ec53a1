"""The shapes of contracts.py put to work: written as JSDoc typedefs for the browser modules
(`python -m literate.typedefs > scripts/literate/browser/assets/contracts.js`), and a value
checked against one, naming where it differs (the tests check what the engine makes)."""

import sys
import types
import typing
from typing import Any, Literal, Union

from literate.contracts import COMBINED, SHAPES, UNIONS


def mismatches(value: Any, shape: Any, where: str = "") -> list[str]:
    """How value differs from shape (a TypedDict, or an annotation of one), each named by
    where it is ("blocks[3].exercise.title: ..."); [] when it conforms."""
    origin, args = typing.get_origin(shape), typing.get_args(shape)
    if typing.is_typeddict(shape):
        if not isinstance(value, dict):
            return [f"{where or shape.__name__}: not an object ({shape.__name__})"]
        hints = typing.get_type_hints(shape)
        found = [f"{where}.{key}: missing" for key in shape.__required_keys__ - value.keys()]
        found += [f"{where}.{key}: not in {shape.__name__}" for key in value.keys() - hints.keys()]
        for key in hints.keys() & value.keys():
            found += mismatches(value[key], hints[key], f"{where}.{key}")
        return found
    if origin in (Union, types.UnionType):
        if any(not mismatches(value, option, where) for option in args):
            return []
        return [f"{where}: {value!r:.60} is none of {_js(shape)}"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r:.60} is not {_js(shape)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{where}: not a list"]
        return [
            miss
            for i, item in enumerate(value)
            for miss in mismatches(item, args[0], f"{where}[{i}]")
        ]
    if shape is Any:
        return []
    expected = {str: str, int: int, float: (int, float), bool: bool, type(None): type(None)}
    if origin is dict:
        expected[shape] = dict
    if isinstance(value, bool) and shape in (int, float):
        return [f"{where}: {value!r} is not a number"]
    return (
        []
        if isinstance(value, expected[shape])
        else [f"{where}: {value!r:.60} is not {_js(shape)}"]
    )


def _js(annotation: Any, by_name: bool = True) -> str:
    """The JSDoc type of a Python annotation (a shape or a union of UNIONS by its name)."""
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if typing.is_typeddict(annotation):
        return annotation.__name__
    named = [name for name, union in UNIONS.items() if union == annotation]
    if by_name and named:
        return named[0]
    if origin in (Union, types.UnionType):
        return "|".join(_js(option) for option in args)
    if origin is Literal:
        return "|".join(f'"{arg}"' for arg in args)
    if origin is list:
        return f"Array<{_js(args[0])}>"
    if origin is dict:
        return "Object<string, any>"
    simple = {str: "string", int: "number", float: "number", bool: "boolean", type(None): "null"}
    return simple.get(annotation, "any")


def jsdoc() -> str:
    """browser/assets/contracts.js: every shape as a JSDoc typedef."""
    lines = [
        "// The shapes that cross from the build to the browser, as JSDoc typedefs for the browser",
        "// modules and `tsc --checkJs` (make lint), written from scripts/literate/contracts.py:",
        "//   python -m literate.typedefs > scripts/literate/browser/assets/contracts.js",
        "// Do not edit by hand: tests/literate/test_contracts.py fails when they differ.",
    ]
    for name, union in UNIONS.items():
        lines += ["", f"/** @typedef {{{_js(union, by_name=False)}}} {name} */"]
    for name, combined in COMBINED.items():
        lines += ["", f"/** @typedef {{{combined}}} {name} */"]
    for shape in SHAPES:
        hints = typing.get_type_hints(shape)
        lines += ["", "/**", f" * @typedef {{object}} {shape.__name__}"]
        for key, annotation in hints.items():
            field = key if key in shape.__required_keys__ else f"[{key}]"
            lines.append(f" * @property {{{_js(annotation)}}} {field}")
        lines.append(" */")
    return "\n".join([*lines, "", "export {};", ""])


if __name__ == "__main__":
    sys.stdout.write(jsdoc())
