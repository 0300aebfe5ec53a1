"""The options an executable fence accepts: a registry of option name -> validator."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from literate.parse.exercise_sections import check_slug

Validator = Callable[[str], Any]


def _flag(value: str) -> bool:
    if value not in ("0", "1"):
        raise ValueError(f'expected "0" or "1", got "{value}"')
    return value == "1"


def _exec(value: str) -> bool:
    if value != "1":
        raise ValueError(f'expected "1", got "{value}"')
    return True


def _exception_name(value: str) -> str:
    if not re.fullmatch(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*", value):
        raise ValueError(f'expected an exception class name such as "ValueError", got "{value}"')
    return value


def _timeout(value: str) -> float:
    try:
        seconds = float(value)
    except ValueError:
        raise ValueError(f'expected a number of seconds, got "{value}"') from None
    if not 0 < seconds <= 3600:
        raise ValueError(f"expected between 0 and 3600 seconds, got {value}")
    return seconds


def _text(value: str) -> str:
    """Free text; `\\n` stands for a newline (attribute values are one line)."""
    return value.replace("\\n", "\n")


def _title(value: str) -> str:
    """One line of text: it goes back into the fence's info string."""
    if "\\n" in value:
        raise ValueError(f'a title is one line, got "{value}"')
    return value


def _reason(value: str) -> str:
    """Why, in words: the page shows it, so it is one line and cannot be empty."""
    if not value.strip():
        raise ValueError(f'expected the reason in words, got "{value}"')
    if "\\n" in value:
        raise ValueError(f'the reason is one line, got "{value}"')
    return value


OPTIONS: dict[str, Validator] = {
    "exec": _exec,
    "hide_code": _flag,
    "hide_output": _flag,
    "raises": _exception_name,
    "timeout": _timeout,
    "expect": _text,
    "title": _title,
    "exercise": check_slug,
    "answer": _exec,
    "varies": _reason,
    "build_only": _reason,
}

DEFAULTS: dict[str, Any] = {
    "hide_code": False,
    "hide_output": False,
    "raises": None,
    "timeout": None,  # the build's default (Settings.timeout)
    "expect": None,
    "title": None,
    "exercise": None,
    "answer": False,
    "varies": None,  # what makes its output differ from run to run (timings, say), in words
    "build_only": None,  # why the reader's browser cannot run it, in words
}
# What an exercise or an answer fence cannot take: they decide what is shown themselves.
_NOT_WITH = {
    "exercise": ("hide_code", "hide_output", "raises", "expect", "answer", "varies", "build_only"),
    "answer": ("hide_code", "hide_output", "raises", "expect", "title", "varies", "build_only"),
}

_ATTRIBUTE = re.compile(r'\s*([A-Za-z_][\w-]*)="([^"]*)"')


class OptionError(ValueError):
    """An info string that cannot be read; the message says what is wrong."""


def parse_attributes(text: str) -> dict[str, str]:
    """Split `key="value" key2="value2"` into a dict; anything else is an OptionError."""
    attributes: dict[str, str] = {}
    position = 0
    text = text.rstrip()
    while position < len(text):
        match = _ATTRIBUTE.match(text, position)
        if not match:
            rest = text[position:].strip()
            raise OptionError(f"malformed option '{rest}' (expected key=\"value\")")
        key, value = match.groups()
        if key in attributes:
            raise OptionError(f"option '{key}' given twice")
        attributes[key] = value
        position = match.end()
    return attributes


def validate(attributes: dict[str, str]) -> dict[str, Any]:
    """Check every attribute against the registry; return all options with defaults filled in."""
    options = dict(DEFAULTS)
    for key, raw in attributes.items():
        validator = OPTIONS.get(key)
        if validator is None:
            known = ", ".join(sorted(OPTIONS))
            raise OptionError(f"unknown option '{key}' (known: {known})")
        try:
            options[key] = validator(raw)
        except ValueError as error:
            raise OptionError(f"bad value for option '{key}': {error}") from None
    for kind, excluded in _NOT_WITH.items():
        clash = [key for key in excluded if key in attributes]
        if kind in attributes and clash:
            raise OptionError(f"an {kind} fence does not take option '{clash[0]}'")
    options.pop("exec", None)
    return options
