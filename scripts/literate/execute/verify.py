"""The build's side of exercises and self-check answers (run in the page's worker).

An exercise is verified, not shown: its solution must pass its check and its starter code must
fail it, each graded in its own copy of the page's namespace, so that no exercise can be
unsolvable or pass untouched. An answer fence is evaluated in a copy of the namespace too and
becomes the spec the page checks the reader against. The copies are shallow: a name rebound
there stays there, but an object changed in place is the page's own object (authoring.md
tells authors not to change page objects in answers, solutions and checks).
"""

from __future__ import annotations

import ast
import io
from typing import Any

from literate.answers import MIME, Answer, Choice, answer_spec
from literate.grading import EXERCISE_MIME, grade
from literate.parse.page import Exercise


def verify_exercise(exercise: Exercise, namespace: dict[str, Any], path: str) -> dict[str, Any]:
    """{"outputs": [...], "error": None or {"message"}}: what the starter's grade says."""
    check, slug = exercise.check, exercise.slug
    graded = {}
    for name, attempt in (("solution", exercise.solution), ("starter", exercise.starter)):
        lines = (attempt.line, check.line)
        refuse = exercise.refuse.text if exercise.refuse else ""
        printed = io.StringIO()  # what an untouched notebook's check cell prints first
        graded[name] = grade(attempt.text, check.text, namespace, path, lines, refuse, printed)
        if printed.getvalue():
            graded[name]["printed"] = printed.getvalue()
    error = None
    if not graded["solution"]["passed"]:
        message = graded["solution"]["message"]
        error = {"message": f"exercise '{slug}': its solution fails its check: {message}"}
    elif graded["starter"]["passed"]:
        error = {"message": f"exercise '{slug}': its starter code passes its check untouched"}
    summary = f"starter: {graded['starter']['message']}\nsolution: passes\n"
    data = {"text/plain": summary, EXERCISE_MIME: graded}
    outputs = [{"output_type": "display_data", "data": data, "metadata": {}}]
    return {"outputs": outputs, "error": error}


def evaluate_answer(code: str, line: int, namespace: dict[str, Any], path: str) -> dict[str, Any]:
    """The answer's spec as an output, or an error naming what is wrong with the fence."""
    scope = {**namespace, "Answer": Answer, "Choice": Choice}
    tree = ast.parse("\n" * (line - 1) + code, path, "exec")
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return _error("an answer fence must end with an expression: the expected answer")
    last = ast.Expression(tree.body.pop().value)
    exec(compile(tree, path, "exec"), scope)
    value = eval(compile(last, path, "eval"), scope)
    try:
        spec = answer_spec(value)
    except ValueError as problem:
        return _error(f"bad answer: {problem}")
    data = {MIME: spec, "text/plain": _describe(spec)}
    return {
        "outputs": [{"output_type": "display_data", "data": data, "metadata": {}}],
        "error": None,
    }


def _describe(spec: dict[str, Any]) -> str:
    if spec["kind"] == "choice":
        return f"answer: {spec['answer']} (of {', '.join(spec['options'])})"
    return f"answer: {spec['value']!r} ± {spec['tolerance']:.3g}"


def _error(message: str) -> dict[str, Any]:
    return {"outputs": [], "error": {"message": message}}
