"""What running a page produces: one ItemResult per item, and located BuildErrors.

An item's outputs are nbformat v4 output dicts, from the worker through the cache to every
presenter: `stream` (stdout, stderr), `execute_result` and `display_data` (a mimebundle in
`data`), and `error` (an exception the block was expected to raise). An inline value is one
`execute_result` whose text/plain is the `str()` of the expression.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

Output = dict[str, Any]


@dataclass
class BuildError(Exception):
    """A failure located in a source file: `path:line: message`, then the traceback."""

    path: str
    line: int
    message: str
    detail: str = ""
    index: int | None = None  # the item of page.items it belongs to, when there is one

    def __str__(self) -> str:
        return self.location_line() + (f"\n{self.detail}" if self.detail else "")

    def location_line(self) -> str:
        """`path:line: message`, or `path: message` for the whole file (line 0)."""
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: {self.message}"


@dataclass
class ItemResult:
    """The outcome of one block or inline value (JSON-friendly, cached as is)."""

    outputs: list[Output] = field(default_factory=list)
    error: dict[str, Any] | None = None  # {"message", "traceback"}: the item failed

    @property
    def value(self) -> str | None:
        """The text of an inline value."""
        for output in self.outputs:
            if output["output_type"] == "execute_result":
                return output["data"].get("text/plain")
        return None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ItemResult:
        """Build from a dict, rejecting missing or unknown keys (ValueError)."""
        if not isinstance(data, dict) or set(data) != {"outputs", "error"}:
            raise ValueError("not an item result")
        if not all(isinstance(o, dict) and "output_type" in o for o in data["outputs"]):
            raise ValueError("not an item result: malformed outputs")
        return cls(**data)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class PageRun:
    """A page's results (aligned with page.items; shorter when it stopped early) and errors."""

    path: str
    results: list[ItemResult]
    errors: list[BuildError]
    from_cache: bool = False
    seconds: float = 0.0  # wall time of the run (0 when from the cache)

    @property
    def ok(self) -> bool:
        return not self.errors


def stream(name: str, text: str) -> Output:
    return {"output_type": "stream", "name": name, "text": text}
