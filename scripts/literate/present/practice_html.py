"""Exercises and self-check answers on a site page.

An exercise becomes its starter code (a fence the reader edits), a collapsed hint, a collapsed
solution and a feedback line; the marker before them names its block in the page's block list,
which carries what the browser needs to grade (present/browser.py, browser/assets/exercises.js,
exercise_entry below). Without JavaScript the reader still has the code, the hint and the
solution. An answer becomes a small form whose spec, computed at build, the browser checks
the reader's answer against (browser/assets/answers.js).
"""

from __future__ import annotations

import html
import json
from typing import Any

import markdown

from literate.contracts import ExerciseEntry
from literate.grading import EXERCISE_MIME
from literate.parse.markdown import CODE_SPAN
from literate.parse.page import Block, Part
from literate.results import ItemResult


def exercise_entry(block: Block, result: ItemResult) -> ExerciseEntry:
    """What the browser needs to grade an exercise (its check is not shown on the page), and
    what the build's grader said of the starter code (the browser's must say the same)."""
    exercise = block.exercise
    assert exercise is not None, "an exercise block"
    graded = next(
        (o["data"][EXERCISE_MIME] for o in result.outputs if EXERCISE_MIME in o.get("data", {})),
        None,
    )
    return {
        "id": exercise.slug,
        "title": exercise.title,
        "starter": exercise.starter.text,
        "starter_line": exercise.starter.line,
        "solution": exercise.solution.text,
        "check": exercise.check.text,
        "check_line": exercise.check.line,
        "refuse": exercise.refuse.text if exercise.refuse else "",
        **_success(exercise.success.text),
        "starter_feedback": graded["starter"]["message"] if graded else None,
    }


def _success(markdown: str) -> dict[str, Any]:
    """The success text (one paragraph of Markdown) as the browser shows it: `success` is the
    text a reader reads, `success_parts` the same text cut into plain text and inline code,
    alternately (even items text, odd ones code), which the browser puts in the page as text
    nodes and <code> elements, never as markup."""
    text = " ".join(markdown.split())
    parts, start = [], 0
    for span in CODE_SPAN.finditer(text):
        ticks = len(span.group(1))
        code = span.group()[ticks:-ticks]
        if code.strip() and code[0] == code[-1] == " ":  # `` `x` `` shows `x`
            code = code[1:-1]
        parts += [text[start : span.start()], code]
        start = span.end()
    parts.append(text[start:])
    return {"success": "".join(parts), "success_parts": parts}


def exercise_markdown(block: Block, index: int, token) -> list[str]:
    """The exercise's Markdown: `token(html)` stands for raw HTML in its own paragraph."""
    exercise = block.exercise
    assert exercise is not None, "an exercise block"
    indent, fence = block.indent, block.fence
    slug = html.escape(exercise.slug, quote=True)
    marker = f'<div class="lit-exercise" id="exercise-{slug}" data-lit-block="{index}"></div>'
    inner = indent + "    "
    lines = ["", indent + token(marker), "", f"{indent}{fence}python"]
    lines += _indented(exercise.starter, indent)
    lines += [f"{indent}{fence}", ""]
    hints = exercise.hints
    for number, hint in enumerate(hints, 1):  # several: the page opens them one at a time
        title = "Hint" if len(hints) == 1 else f"Hint {number} of {len(hints)}"
        lines += [f'{indent}??? tip lit-exercise-hint "{title}"', ""]
        lines += [f"{inner}{line}" if line else "" for line in hint.split("\n")] + [""]
    lines += [f'{indent}??? success lit-solution "Solution"', "", f"{inner}{fence}python"]
    lines += _indented(exercise.solution, inner)
    lines += [f"{inner}{fence}", ""]
    return lines


def _indented(part: Part, indent: str) -> list[str]:
    return [f"{indent}{line}" if line else "" for line in part.text_lines]


def answer_form_html(spec: dict[str, Any], prefix: str) -> str:
    """The form a self-check question is answered in; `prefix` keeps its ids unique. The
    explanations of wrong answers are Markdown, shown as HTML."""
    spec = {**spec}
    if spec["kind"] == "choice":
        spec["why"] = {option: _markdown_html(why) for option, why in spec["why"].items()}
    else:
        spec["mistakes"] = [{**m, "why": _markdown_html(m["why"])} for m in spec["mistakes"]]
    data = html.escape(json.dumps(spec), quote=True)
    field_id = f"{prefix}answer"
    if spec["kind"] == "choice":
        options = "".join(
            f'<label><input type="radio" name="{field_id}" value="{html.escape(o, quote=True)}"> '
            f"{html.escape(o)}</label>"
            for o in spec["options"]
        )
        field = f"<fieldset><legend>Your answer</legend>{options}</fieldset>"
    else:
        tolerance = f"{spec['tolerance']:.3g}"
        field = (
            f'<label for="{field_id}">Your answer (a number; within ±{tolerance} counts)</label> '
            f'<input id="{field_id}" type="text" inputmode="decimal" autocomplete="off" '
            'spellcheck="false">'
        )
    return (
        f'<form class="lit-answer" data-lit-answer="{data}">{field} '
        '<button type="submit" class="md-button">Check</button>'
        '<p class="lit-answer-feedback" role="status" aria-live="polite"></p></form>'
    )


def _markdown_html(text: str) -> str:
    """One explanation, written in Markdown (`code`, *emphasis*), as inline HTML."""
    converted = markdown.markdown(text).strip()
    if converted.startswith("<p>") and converted.endswith("</p>") and converted.count("<p>") == 1:
        converted = converted[3:-4]
    return converted
