"""The shapes that cross from the build to the browser, defined once, here: a page's block list
(the part in the page and its file), the block, exercise and inline-value entries in it, the
messages between the runner and its worker, and what the execution core answers.

The build makes these entries (present/html.py, present/practice_html.py, present/browser.py) and
the core its results (execute/core.py, grading.py); the browser modules read them through the
JSDoc typedefs of browser/assets/contracts.js, which typedefs.py writes from these classes
(`python -m literate.typedefs > scripts/literate/browser/assets/contracts.js`) and which
`tsc --checkJs` holds the modules to (`make lint`). tests/literate/test_contracts.py checks
that the file is what typedefs.py writes, and that what the engine makes has these shapes.
"""

# No `from __future__ import annotations`: a TypedDict sees NotRequired only unpostponed.
import typing
from typing import Any, Literal, NotRequired, TypedDict

BlockKind = Literal["code", "setup", "exercise", "answer"]


class ExerciseEntry(TypedDict):
    """What the browser needs to grade an exercise, and what the build's grader said of the
    starter code (the browser's must say the same)."""

    id: str
    title: str
    starter: str
    starter_line: int
    solution: str
    check: str
    check_line: int
    refuse: str
    success: str  # the success text as a reader reads it
    success_parts: list[str]  # the same, cut into text and inline code, alternately
    starter_feedback: str | None


class BlockEntry(TypedDict):
    """One executable block of a page, in page order (an exercise's or answer's code is "")."""

    kind: BlockKind
    code: str
    line: int  # of its first line of code in the page
    quiet: bool
    raises: str | None
    browser: bool  # whether the browser runs it (else build_only says why)
    runs: bool  # a code or setup block the browser runs in the page's namespace, in order
    build_only: NotRequired[str]
    varies: NotRequired[str]  # what differs from run to run, in words
    exercise: NotRequired[ExerciseEntry]


class InlineValueEntry(TypedDict):
    """An inline value of the prose, recomputed once the blocks before it ran."""

    line: int
    expr: str
    after: int  # the index of the first block after it


class BlockListFile(TypedDict):
    """assets/blocks/<page>.json: fetched by the runner on the reader's intent."""

    path: str
    blocks: list[BlockEntry]
    values: list[InlineValueEntry]


class ExerciseInPage(TypedDict):
    id: str
    title: str
    starter_line: int


class BlockInPage(TypedDict):
    """A block's entry without its code: what setting the page up needs."""

    kind: BlockKind
    line: int
    quiet: bool
    raises: str | None
    browser: bool
    runs: bool
    build_only: NotRequired[str]
    varies: NotRequired[str]
    exercise: NotRequired[ExerciseInPage]


class BlocksInPage(TypedDict):
    """The page's `.lit-blocks` data: its blocks, and where its BlockListFile is (under
    assets/, with a version)."""

    path: str
    blocks: list[BlockInPage]
    source: str


class ErrorInfo(TypedDict):
    message: str
    traceback: NotRequired[str]


class RunResult(TypedDict):
    """A block's or an inline value's run: its outputs (nbformat's shapes) and its error."""

    outputs: list[dict[str, Any]]
    error: ErrorInfo | None


class Grade(TypedDict):
    passed: bool
    message: str
    # [held, total]: how far an attempt got, when its check counts (an AssertionError with a
    # `progress` attribute); the page keeps it with the reader's progress
    progress: NotRequired[list[int]]
    # what the check printed, kept by the build's grading (a notebook's check cell shows it
    # before the verdict); the browser has the run's streams instead
    printed: NotRequired[str]


class CallResult(TypedDict):
    value: Any
    error: ErrorInfo | None


class RunJob(TypedDict):
    op: Literal["run"]
    code: str
    path: str
    line: int
    raises: str | None


class GradeJob(TypedDict):
    op: Literal["grade"]
    code: str
    path: str
    line: int
    check: str
    check_line: int
    refuse: str


class CallJob(TypedDict):
    op: Literal["call"]
    module: str
    name: str
    args: list[Any]


class InlineJob(TypedDict):
    op: Literal["inline"]
    expr: str
    line: int


class StreamMessage(TypedDict):
    id: int
    type: Literal["stream"]
    name: Literal["stdout", "stderr"]
    text: str


class DoneMessage(TypedDict):
    id: int
    type: Literal["done"]
    result: RunResult | Grade | CallResult
    ms: float


class ProgressMessage(TypedDict):
    type: Literal["progress"]
    loaded: int
    total: int


class ReadyMessage(TypedDict):
    type: Literal["ready"]
    ms: float


class FailedMessage(TypedDict):
    type: Literal["failed"]
    error: str


# What the runner asks of its worker (runner-worker.js): a job, sent with the request's id
# (WorkerRequest, below); and what the worker says back.
WorkerJob = RunJob | GradeJob | CallJob | InlineJob
WorkerMessage = StreamMessage | DoneMessage | ProgressMessage | ReadyMessage | FailedMessage
SHAPES = [value for value in dict(globals()).values() if typing.is_typeddict(value)]
UNIONS = {"BlockKind": BlockKind, "WorkerJob": WorkerJob, "WorkerMessage": WorkerMessage}
COMBINED = {"WorkerRequest": "WorkerJob & {id: number}"}  # JSDoc only: a job and its id
