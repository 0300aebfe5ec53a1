"""The capstone's grader (spelled_out/engine_grader.py), graded as the reader's attempts are:
on its page, by the execution core, with the exercise's refusals on. The package's engine
passes; the empty starter fails the first property; every engine with one mistake fails, and
the common mistakes fail at the property that names them."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from spelled_out.engine_grader import grade_engine
from spelled_out.engine_graphs import PROPERTIES
from tests.engine_mutants import ENGINE, MISTAKES, MUTANTS, ZERO_GRAD, broken
from tests.shortcut_grading import ROOT, grade_on_page

PAGE = "write-it-yourself.md"
NOT_ASKED = {"log uses x"}  # the capstone asks for no log()


@functools.cache
def graded(*attempts: str) -> list[dict]:
    return grade_on_page(PAGE, {"write-the-engine": list(attempts)})["write-the-engine"]


def starter() -> str:
    from literate.parse.markdown import parse_page

    page = parse_page(Path(ROOT / "docs" / PAGE).read_text(encoding="utf-8"), f"docs/{PAGE}")
    (exercise,) = [block.exercise for block in page.blocks if block.exercise]
    return exercise.starter.text


def test_the_packages_engine_pasted_holds_every_property():
    (verdict,) = graded(ENGINE + ZERO_GRAD)
    assert verdict == {"passed": True, "message": ""}


def test_the_starter_fails_the_first_property_with_its_sentence():
    (verdict,) = graded(starter())
    assert not verdict["passed"]
    first = PROPERTIES[0]
    assert verdict["message"].startswith(
        f"Property 1 of {len(PROPERTIES)}, {first.name}, does not hold."
    ), verdict["message"]
    assert first.advice in verdict["message"]
    assert verdict["message"].endswith(first.advice)


@pytest.mark.parametrize("name", sorted(set(MUTANTS) - NOT_ASKED))
def test_an_engine_with_a_broken_rule_fails_a_property(name):
    (verdict,) = graded(broken(*MUTANTS[name]))
    assert not verdict["passed"] and ", does not" in verdict["message"], verdict


@pytest.mark.parametrize("name", sorted(MISTAKES))
def test_a_common_mistake_fails_at_the_property_that_names_it(name):
    line, replacement, prop = MISTAKES[name]
    (verdict,) = graded(broken(line, replacement))
    assert f", {prop}, does not" in verdict["message"], verdict["message"]


def test_the_report_lists_every_property_held_failed_or_not_tried():
    line, replacement, prop = MISTAKES["a missing seed"]
    names: dict = {}
    exec(broken(line, replacement), names)
    lines = str(grade_engine(names)).splitlines()
    failing = [p.name for p in PROPERTIES].index(prop)
    held = [f"holds: {p.name}" for p in PROPERTIES[:failing]]
    tried = [f"not tried: {p.name}" for p in PROPERTIES[failing + 1 :]]
    graph = ["", "The smallest graph that shows it:", "out = Value(2.0)", "out.backward()"]
    assert lines == [*held, f"FAILS: {prop}", *tried, *graph]


def test_a_failing_gradient_names_the_operand_and_the_central_difference():
    (verdict,) = graded(broken(*MUTANTS["mul does not swap"]))
    assert (
        "__mul__: the gradient of the first operand, a.grad, is 1.5, where it should be -2 "
        "(central differences of your forward pass give -2)." in verdict["message"]
    ), verdict["message"]
