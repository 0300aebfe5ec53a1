"""Exercises and self-check answers as notebook cells that "Run all" goes through.

An exercise becomes the starter code to edit, the hint and the solution folded away in
Markdown, and its check under `literate.notebook_check.exercise_check`, which prints `Solved.`
or `Not yet.` and what is wrong instead of raising. The check cell carries the build's verdict
on the starter code as its output: what running the untouched notebook prints.

A self-check answer becomes Markdown: what kind of answer is asked (the options of a choice),
then, folded away, the answer the build computed and why each tempting wrong answer is wrong.
The answer fence itself is not a cell: the build evaluates it in a copy of the page's
namespace, and as a cell it would define its scratch names in the reader's namespace, show
the answer on "Run all", and need the build engine's Answer and Choice.
"""

from __future__ import annotations

import html
from typing import Any

from literate.answers import MIME as ANSWER_MIME
from literate.grading import EXERCISE_MIME
from literate.parse.page import Block, Part
from literate.present.notebook_cells import code_cell, indent_block, markdown_cell
from literate.results import ItemResult, stream

CHECK_IMPORT = "from literate.notebook_check import exercise_check"


def exercise_cells(block: Block, result: ItemResult) -> list[dict[str, Any]]:
    """The starter to edit, the hint and solution folded away, and the check to run after."""
    assert block.exercise is not None, "an exercise block carries its parts"
    parts = block.exercise
    solution = html.escape(parts.solution.text.rstrip("\n"))
    hints = parts.hints
    said = [
        f"**Hint{'' if len(hints) == 1 else f' {number} of {len(hints)}'}.** {hint}\n\n"
        for number, hint in enumerate(hints, 1)
    ]
    prose = (
        "".join(said)
        + f"<details><summary>Solution</summary>\n\n<pre><code>{solution}</code></pre>\n</details>"
    )
    success = " ".join(parts.success.text.split())
    check = (
        "# Run this cell to check your code above. It says what is still wrong, or 'Solved.'\n"
        f"{CHECK_IMPORT}\n\n"
        f"with exercise_check({_arguments(success, parts.refuse)}):\n"
        + indent_block(parts.check.text.rstrip("\n"))
    )
    verdict = _found(result, EXERCISE_MIME)
    starter = verdict["starter"] if verdict else None
    told = f"{starter.get('printed', '')}Not yet. {starter['message']}\n" if starter else ""
    outputs = [stream("stdout", told)] if starter else []
    return [
        code_cell(parts.starter.text.rstrip("\n"), metadata={"tags": ["exercise"]}),
        markdown_cell(prose),
        code_cell(check, outputs, {"tags": ["exercise-check"]}),
    ]


def _arguments(success: str, refuse: Part | None) -> str:
    if refuse is None:
        return f"success={success!r}"
    return f"success={success!r}, refuse={refuse.text.rstrip()!r}"


def answer_cell(result: ItemResult) -> dict[str, Any]:
    """The question's answer as Markdown, from the spec the build computed."""
    spec = _found(result, ANSWER_MIME)
    if spec is None:  # the build ran without results (disabled): nothing to tell
        return markdown_cell("*The answer is computed when the site is built.*", ["answer"])
    if spec["kind"] == "choice":
        asked = "Choose one of:\n\n" + "\n".join(f"- {_text(o)}" for o in spec["options"])
        answer = _text(spec["answer"])
        wrong = [(_text(option), why) for option, why in spec["why"].items()]
    else:
        asked = f"Answer with a number (within ±{spec['tolerance']:.3g} counts)."
        answer = _number(spec["value"])
        wrong = [(_number(mistake["value"]), mistake["why"]) for mistake in spec["mistakes"]]
    lines = [asked, "", "<details><summary>Answer</summary>", "", f"**{answer}**"]
    if wrong:
        lines += ["", "Tempting, but wrong:", ""]
        lines += [f"- {value}: {_text(why)}" for value, why in wrong]
    lines += ["", "</details>"]
    return markdown_cell("\n".join(lines), ["answer"])


def _found(result: ItemResult, mime: str) -> Any:
    """The data of that MIME type among the result's outputs, or None."""
    for output in result.outputs:
        data = output.get("data", {})
        if mime in data:
            return data[mime]
    return None


def _number(value: float) -> str:
    return f"{value:.6g}"


def _text(text: str) -> str:
    """Author's text in Markdown: HTML escaped, Markdown (code spans, emphasis) kept."""
    return html.escape(" ".join(str(text).split()), quote=False)
