"""The reader's own Value, built along the chapters: `show_step(2)` runs step 2 and shows it.

The steps are the files in `spelled_out/steps/` (the site links them as `build-along/`), one
complete, runnable file per step. `show_step(n)` executes step n in a fresh module and shows it
as a diff against step n-1: added and removed lines marked with + and - (and, for screen
readers, the words "added" and "removed"), unchanged stretches folded, the whole file one click
away. Its attributes are the step's names: `show_step(2).Value` is the class of step 2.
"""

from __future__ import annotations

import difflib
import html
import types
from pathlib import Path

STEPS_DIR = Path(__file__).resolve().parent / "steps"
CONTEXT = 2  # unchanged lines shown around each change
HIDDEN = (  # visually hidden, still read aloud (inline: notebooks do not load the site's CSS)
    'style="position:absolute;width:1px;height:1px;overflow:hidden;'
    'clip:rect(0 0 0 0);white-space:nowrap"'
)


def step_files() -> list[Path]:
    """The step files in order: step1_*.py, step2_*.py, ..."""
    files = sorted(STEPS_DIR.glob("step*_*.py"), key=lambda p: int(p.name[4:].split("_")[0]))
    if not files:
        raise FileNotFoundError(f"no build-along steps in {STEPS_DIR}")
    return files


def step_file(n: int) -> Path:
    files = step_files()
    if not 1 <= n <= len(files):
        raise ValueError(f"there are steps 1 to {len(files)}, not {n}")
    return files[n - 1]


def load_step(n: int) -> types.ModuleType:
    """Run step n's file in a new module of its own and return that module."""
    path = step_file(n)
    module = types.ModuleType(f"build_along_{path.stem}")
    module.__file__ = str(path)
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"), module.__dict__)
    return module


class Step:
    """One build-along step, run: its names as attributes, its diff as HTML."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.path = step_file(n)
        self.source = self.path.read_text(encoding="utf-8")
        self.previous = step_file(n - 1) if n > 1 else None
        before = self.previous.read_text(encoding="utf-8") if self.previous else ""
        self.lines = diff_lines(before.splitlines(), self.source.splitlines())
        self.module = load_step(n)

    def __getattr__(self, name: str):
        if name == "module":  # not set yet: __init__ failed before loading
            raise AttributeError(name)
        try:
            return getattr(self.module, name)
        except AttributeError:
            raise AttributeError(f"step {self.n} ({self.path.name}) has no {name!r}") from None

    @property
    def added(self) -> int:
        return sum(1 for kind, _ in self.lines if kind == "+")

    @property
    def removed(self) -> int:
        return sum(1 for kind, _ in self.lines if kind == "-")

    def __repr__(self) -> str:
        against = f"against {self.previous.name}" if self.previous else "new"
        return f"<step {self.n}: {self.path.name}, +{self.added} -{self.removed} {against}>"

    def _repr_html_(self) -> str:
        name = html.escape(self.path.name)
        if self.previous:
            what = f"changes from {html.escape(self.previous.name)} to {name}"
            summary = (
                f"{name}: {self.added} lines added, {self.removed} removed, "
                f"against step {self.n - 1}"
            )
        else:
            what = f"{name}, every line new"
            summary = f"{name}: the first step, {self.added} lines"
        return (
            # data-lit-fits: within its box's width, each listing scrolling in a box of its own
            f'<div class="mg-diff" data-lit-fits data-step="{self.n}">'
            f'<p class="mg-diff-summary">{summary}</p>'
            f'<div class="mg-diff-box" role="region" tabindex="0" aria-label="{what}">'
            f"<pre><code>{render_lines(self.lines)}</code></pre></div>"
            f"<details><summary>The whole file, {name}</summary>"
            f'<div class="mg-diff-box" role="region" tabindex="0" aria-label="{name} in full">'
            f"{highlighted(self.source)}</div></details></div>"
        )


def show_step(n: int) -> Step:
    """Run build-along step n and show it as a diff against step n - 1."""
    return Step(n)


def diff_lines(before: list[str], after: list[str]) -> list[tuple[str, str]]:
    """(kind, line) pairs: '+' added, '-' removed, ' ' unchanged, '~' a fold of n unchanged
    lines (the line is the count); CONTEXT unchanged lines are kept around each change."""
    out: list[tuple[str, str]] = []
    matcher = difflib.SequenceMatcher(a=before, b=after, autojunk=False)
    opcodes = matcher.get_opcodes()
    for index, (tag, i1, i2, j1, j2) in enumerate(opcodes):
        if tag == "equal":
            same = before[i1:i2]
            head = CONTEXT if index > 0 else 0
            tail = CONTEXT if index < len(opcodes) - 1 else 0
            if len(same) > head + tail + 1:
                out += [(" ", line) for line in same[:head]]
                out.append(("~", str(len(same) - head - tail)))
                out += [(" ", line) for line in same[len(same) - tail :]]
            else:
                out += [(" ", line) for line in same]
            continue
        out += [("-", line) for line in before[i1:i2]]
        out += [("+", line) for line in after[j1:j2]]
    return out


MARKS = {
    "+": ("mg-add", "+", "added: "),
    "-": ("mg-del", "-", "removed: "),
    " ": ("mg-same", " ", ""),
}


def render_lines(lines: list[tuple[str, str]]) -> str:
    """The diff as lines of a <pre>: a visible +/- mark and hidden words for screen readers."""
    rows = []
    for kind, line in lines:
        if kind == "~":
            count = int(line)
            rows.append(
                f'<span class="mg-diff-line mg-fold">  \u22ef {count} unchanged '
                f"line{'s' if count != 1 else ''}</span>"
            )
            continue
        css, mark, words = MARKS[kind]
        spoken = f"<span {HIDDEN}>{words}</span>" if words else ""
        rows.append(
            f'<span class="mg-diff-line {css}"><span class="mg-diff-mark" aria-hidden="true">'
            f"{mark} </span>{spoken}{html.escape(line)}</span>"
        )
    return "\n".join(rows)


def highlighted(source: str) -> str:
    """A whole step file, highlighted like the page's own fences when Pygments is there."""
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer
    except ImportError:  # pragma: no cover - the browser may lack Pygments
        return f"<pre><code>{html.escape(source)}</code></pre>"
    return highlight(source, PythonLexer(), HtmlFormatter(cssclass="highlight", wrapcode=True))
