"""What parsing yields: a page's lines and its executable items, located by file line.

A block is typed once, here: its `kind` says what it is, its properties what its options
mean, and an exercise carries its parts already split. Everything downstream (the worker,
the presenters, the browser's list of blocks) reads these, never the options dict.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from typing import Any, Literal

# code: shown and run; setup: run, its code hidden (a hidden build-time check, say);
# exercise: graded, never run into the page; answer: a self-check question's expected answer.
Kind = Literal["code", "setup", "exercise", "answer"]


class ParseError(Exception):
    """A page that cannot be read: `path:line: message` (`path: message` when line is 0)."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}" if line else f"{path}: {message}")
        self.path, self.line, self.message = path, line, message


@dataclass(frozen=True)
class Part:
    """One part of an exercise: its text, and the page line of its first line."""

    text: str
    line: int

    @property
    def text_lines(self) -> list[str]:
        return split_lines(self.text)


@dataclass(frozen=True)
class Exercise:
    """An exercise fence's parts (starter, solution and check are Python; hint and success
    are Markdown text; refuse is the optional `name: sentence` list)."""

    slug: str
    title: str
    starter: Part
    solution: Part
    check: Part
    hint: Part
    success: Part
    refuse: Part | None = None  # the names switched off while the reader's code runs

    @property
    def hints(self) -> list[str]:
        """The hint section's paragraphs: each a hint of its own, shown one after another."""
        return [part.strip() for part in re.split(r"\n[ \t]*\n", self.hint.text) if part.strip()]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Exercise:
        parts = {key: Part(**value) for key, value in data.items() if isinstance(value, dict)}
        return cls(slug=data["slug"], title=data["title"], **parts)


@dataclass
class Block:
    """An executable block. Lines are 1-based lines of the source file."""

    line: int  # the opening fence (or a notebook's `# %%` marker)
    end_line: int  # the closing fence (or the cell's last line)
    indent: str  # indentation of the fence (inside admonitions, tabs, lists)
    fence: str  # the fence characters, e.g. ``` or ~~~~ ("" for a notebook cell)
    code: str  # the code, indentation removed
    options: dict[str, Any] = field(default_factory=dict)
    code_line: int = 0  # the line of the first line of code (0: the line after `line`)
    exercise: Exercise | None = None  # an exercise's parts, split by the parser

    def __post_init__(self) -> None:
        self.code_line = self.code_line or self.line + 1

    @property
    def code_lines(self) -> list[str]:
        return split_lines(self.code)

    @property
    def kind(self) -> Kind:
        if self.exercise is not None:
            return "exercise"
        if self.options.get("answer"):
            return "answer"
        return "setup" if self.options.get("hide_code") else "code"

    @property
    def raises(self) -> str | None:
        """The exception the block is expected to raise (by class name)."""
        return self.options.get("raises")

    @property
    def quiet(self) -> bool:
        """Its output is not shown."""
        return bool(self.options.get("hide_output"))

    @property
    def timeout(self) -> float | None:
        return self.options.get("timeout")

    @property
    def expect(self) -> str | None:
        """What it must print."""
        return self.options.get("expect")

    @property
    def varies(self) -> str | None:
        """Why its output differs from run to run (it prints timings, say): the page says so
        under the output, and a notebook's run is not held to the build's output."""
        return self.options.get("varies")

    @property
    def build_only(self) -> str | None:
        """Why the reader's browser cannot run it (None: it can, unless it needs PyTorch)."""
        return self.options.get("build_only")

    @property
    def title(self) -> str | None:
        """The title shown above its code (an exercise's: from the heading above it)."""
        return self.exercise.title if self.exercise else self.options.get("title")

    def signature(self, with_line: bool = True) -> list[Any]:
        """What the block's result depends on (for the cache key): its line too, since
        tracebacks and warnings quote it."""
        line = self.code_line if with_line else None
        return ["block", line, self.code, sorted(self.options.items())]


@dataclass
class Inline:
    """An inline value `{python} expr`; `start`/`end` delimit the code span in its line."""

    line: int
    start: int
    end: int
    expr: str

    def signature(self, with_line: bool = True) -> list[Any]:
        return ["inline", self.line if with_line else None, self.expr]


Item = Block | Inline


@dataclass
class Page:
    """A source file split into lines, with its executable items in page order."""

    path: str  # the path shown in messages and tracebacks, e.g. docs/chain-rule.md
    lines: list[str]  # the file's lines, without line endings
    first_line: int  # the number of lines[0] in the file (1 unless front matter was cut)
    items: list[Item]
    kind: str = "markdown"  # or "notebook" (a percent-format .py file)
    markdown_cells: dict[int, str] = field(default_factory=dict)  # a notebook's prose, by line

    @property
    def blocks(self) -> list[Block]:
        return [item for item in self.items if isinstance(item, Block)]

    def line_text(self, line: int) -> str:
        return self.lines[line - self.first_line]

    @property
    def source(self) -> str:
        """The page text from first_line on, as the worker sees it (for tracebacks)."""
        return "\n".join(self.lines) + "\n"


def split_lines(text: str) -> list[str]:
    """The text's lines as Markdown and Python count them: only \\n, \\r\\n and \\r end a line
    (str.splitlines also breaks at form feeds, U+2028 and others)."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()  # the newline ending the last line does not start another
    return lines
