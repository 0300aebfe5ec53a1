"""What every presenter needs from an output: its kind, its best MIME type, cut text."""

from __future__ import annotations

from literate.results import Output

TEXT_LIMIT = 100_000  # characters of one output shown before it is cut


def cut(text: str, limit: int = TEXT_LIMIT) -> str:
    """The text, cut at `limit` characters with a visible note when it is longer."""
    if len(text) <= limit:
        return text
    return text[:limit] + f"\n[output cut: {len(text):,} characters, showing the first {limit:,}]\n"


def pick(output: Output, priority: tuple[str, ...]) -> str:
    """The first MIME type of priority the output's bundle has (text/plain at worst)."""
    data = output["data"]
    return next((mime for mime in priority if mime in data), "text/plain")


def raised_line(output: Output) -> str:
    """`ZeroDivisionError: division by zero`: how an expected exception is shown."""
    return output["traceback"][-1].rstrip("\n") if output["traceback"] else output["ename"]


def kind(output: Output) -> str:
    """What the engine's formatter drew ("graph", "figure"), or "" for any other value."""
    return output.get("metadata", {}).get("literate", {}).get("kind", "")
