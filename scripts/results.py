"""What running a page produces: one ItemResult per item, and located BuildErrors."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass
class BuildError(Exception):
    """A failure located in a Markdown file: `path:line: message`, then the traceback."""

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

    stdout: str = ""
    stderr: str = ""
    displays: list[dict[str, Any]] = field(default_factory=list)
    raised: str | None = None  # last traceback line of an expected exception
    value: str | None = None  # str() of an inline value
    error: dict[str, Any] | None = None  # {"message", "traceback"} from the worker

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ItemResult:
        """Build from a dict, rejecting missing or unknown keys (ValueError)."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or set(data) != names:
            raise ValueError("not an item result")
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
