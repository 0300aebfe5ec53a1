"""Exercises and self-check answers: parsing, grading, verification at build, rendering."""

import json
import textwrap

import pytest

from literate.answers import Answer, Choice, answer_spec
from literate.grading import grade
from literate.parse.exercise_sections import SectionError, split_sections
from literate.parse.page import ParseError
from literate.present.html import render_markdown
from literate.present.notebook import build_notebook

from .helpers import EXERCISE, fence, page_of, run_markdown


def exercise_page(code: str = EXERCISE, heading: str = "## Double it\n\n") -> str:
    return fence("base = 3") + "\n" + heading + fence(code, 'exercise="double-it"')


def test_sections_are_split_with_their_lines():
    sections = split_sections(EXERCISE)
    assert sections["solution"].text == "def double(x):\n    return 2 * x\n"
    assert sections["solution"].offset == 4  # the line after its marker, from the fence's top
    assert sections["hint"].text == "Multiply by *two*.\n"


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda code: code.replace("# %% hint\nMultiply by *two*.\n", ""), "without its hint"),
        (lambda code: code.replace("# %% success", "# %% sucess"), "unknown exercise section"),
        (lambda code: "x = 1\n" + code, "before its first"),
        (lambda code: code + "# %% check\npass\n", "given twice"),
        (lambda code: code.replace("Multiply by *two*.", ""), "'hint' is empty"),
    ],
)
def test_malformed_exercises_are_refused(change, message):
    with pytest.raises(SectionError, match=message):
        split_sections(change(EXERCISE))


def test_a_malformed_exercise_fails_at_its_page_line():
    text = exercise_page(EXERCISE.replace("# %% success", "# %% done"))
    with pytest.raises(ParseError, match=r"docs/t.md:19: unknown exercise section 'done'"):
        page_of(text)


def test_an_exercise_takes_the_heading_above_as_its_title_or_needs_one():
    [_, block] = page_of(exercise_page()).blocks
    assert block.exercise.title == "Double it" and block.options["title"] is None  # not keyed
    with pytest.raises(ParseError, match="needs a heading above it"):
        page_of(exercise_page(heading=""))


@pytest.mark.parametrize("option", ['hide_code="1"', 'raises="ValueError"', 'answer="1"'])
def test_an_exercise_takes_no_option_that_decides_what_is_shown(option):
    with pytest.raises(ParseError, match="does not take option"):
        page_of("## T\n\n" + fence(EXERCISE, f'exercise="x" {option}'))


def test_grading_passes_a_solution_and_names_what_a_wrong_attempt_got():
    check = 'assert double(3) == 6, f"double(3) should be 6, got {double(3)}"\n'
    namespace = {"__name__": "__main__"}
    passed = grade("def double(x):\n    return 2 * x\n", check, namespace, "t.md", (1, 5))
    assert passed == {"passed": True, "message": ""}
    failed = grade("def double(x):\n    return x\n", check, namespace, "t.md", (1, 5))
    assert failed == {"passed": False, "message": "double(3) should be 6, got 3"}
    assert "double" not in namespace  # attempts run in a copy of the page's namespace


def test_grading_explains_errors_in_the_readers_code_and_bare_asserts():
    namespace: dict = {}
    broken = grade("def f(:\n", "pass\n", namespace, "t.md", (10, 20))
    assert broken["message"].startswith("Your code does not parse (line 1)")
    raising = grade("x = 1\ny = 1 / 0\n", "pass\n", namespace, "t.md", (10, 20))
    assert (
        raising["message"]
        == "Your code raised ZeroDivisionError: division by zero at line 2 of your code."
    )
    missing = grade("x = 1\n", "assert f(2) == 4\n", namespace, "t.md", (1, 5))
    assert missing["message"].startswith("Checking your code raised NameError: name 'f'")
    bare = grade("x = 1\n", "assert x == 2\n", namespace, "t.md", (1, 5))
    assert bare["message"] == "This check failed: assert x == 2"


def test_an_attribute_named_as_the_code_runs_is_refused_before_it_runs():
    namespace = {"double": lambda x: 2 * x}
    refuse = "double: Write it yourself."
    for attempt in (
        "cells = getattr(double, '__clo' + 'sure__')\n",
        "name = 'data'\nfound = hasattr(double, name)\n",
        "read = getattr\n",
        "from operator import attrgetter\n",
    ):
        verdict = grade(attempt, "pass\n", dict(namespace), "t.md", (1, 5), refuse)
        assert not verdict["passed"] and verdict["message"].startswith("Your code uses "), attempt
    quoted = grade("n = getattr(double, '__name__')\n", "pass\n", namespace, "t.md", (1, 5), refuse)
    assert quoted["passed"], quoted


def test_a_refused_functions_stand_in_does_not_hold_it(monkeypatch):
    # even with the scan of the reader's code off, its closure hands over nothing usable
    import literate.grading

    monkeypatch.setattr(literate.grading, "escape_hatch", lambda tree, line: None)
    namespace = {"double": lambda x: 2 * x}
    refuse = "double: Write it yourself."
    held = "held = [cell.cell_contents for cell in double.__closure__]\n"
    check = "assert not any(h is double for h in held), held\n"  # the check's double: the page's
    assert grade(held, check, dict(namespace), "t.md", (1, 5), refuse)["passed"]
    each = "for h in held:\n    try:\n        got = h(3)\n    except Exception:\n        pass\n"
    used = grade(held + each, "pass\n", dict(namespace), "t.md", (1, 5), refuse)
    assert used["message"].startswith("Your code uses double (line 4 of your code)"), used


def test_the_build_verifies_that_the_solution_passes_and_the_starter_fails():
    _, run = run_markdown(exercise_page())
    assert run.ok, run.errors
    graded = run.results[1].outputs[0]["data"]["application/vnd.literate.exercise+json"]
    assert graded["starter"] == {"passed": False, "message": "double(3) should be 6, got 3"}
    assert graded["solution"]["passed"]


def test_an_unsolvable_exercise_or_one_that_passes_untouched_fails_the_build():
    unsolvable = EXERCISE.replace("return 2 * x", "return 3 * x")
    _, run = run_markdown(exercise_page(unsolvable))
    assert [e.message for e in run.errors] == [
        "exercise 'double-it': its solution fails its check: double(3) should be 6, got 9"
    ]
    assert run.errors[0].line == 7  # the exercise fence
    untouched = EXERCISE.replace("    return x\n", "    return x + x\n")
    _, run = run_markdown(exercise_page(untouched))
    assert [e.message for e in run.errors] == [
        "exercise 'double-it': its starter code passes its check untouched"
    ]


def test_answers_are_specs_computed_at_build():
    assert answer_spec(6) == {"kind": "number", "value": 6.0, "tolerance": 0.006, "mistakes": []}
    spec = Answer(-4.0, tolerance=0.01, mistakes={4.0: "with the sign flipped."}).spec()
    assert spec["mistakes"] == [{"value": 4.0, "why": "with the sign flipped."}]
    choice = Choice(["c", "e"], answer="e", why={"c": "c is a leaf."}).spec()
    assert choice == {
        "kind": "choice",
        "options": ["c", "e"],
        "answer": "e",
        "why": {"c": "c is a leaf."},
    }
    for bad, message in [
        ("six", "not str"),
        (Answer(1.0, mistakes={1.0005: "x"}), "within the tolerance"),
        (Choice(["a", "b"], answer="c"), "not one of the options"),
        (Answer(float("nan")), "must be finite"),
    ]:
        with pytest.raises(ValueError, match=message):
            answer_spec(bad)


def test_an_answer_fence_runs_in_a_copy_of_the_namespace_and_becomes_a_form():
    text = (
        fence("a = 2.0") + "\n" + fence("a = 5.0\nAnswer(a * 4)", 'answer="1"') + "\n" + fence("a")
    )
    page, run = run_markdown(text)
    assert run.ok, run.errors
    assert run.results[2].outputs[0]["data"]["text/plain"] == "2.0"  # the answer changed nothing
    rendered = render_markdown(page, run.results, runnable=True)
    form = next(f for f in rendered.fragments.values() if "lit-answer" in f)
    assert "Answer(" not in rendered.markdown  # the answer's code is never shown
    spec = json.loads(form.split('data-lit-answer="')[1].split('"')[0].replace("&quot;", '"'))
    assert spec["value"] == 20.0
    assert 'for="lit1-answer"' in form and "within ±0.02 counts" in form
    assert rendered.blocks[1]["kind"] == "answer" and rendered.blocks[1]["code"] == ""


def test_a_bad_answer_fails_at_its_line():
    _, run = run_markdown(fence("1", 'answer="1"') + fence("'one'", 'answer="1"'))
    assert [(e.line, e.message) for e in run.errors] == [
        (4, "bad answer: an answer is a number, Answer(...) or Choice(...), not str")
    ]


def test_an_exercise_renders_as_starter_hint_and_solution_with_its_data_for_the_browser():
    page, run = run_markdown(exercise_page())
    rendered = render_markdown(page, run.results, runnable=True)
    markdown = rendered.markdown
    assert "def double(x):\n    return x\n```" in markdown
    assert '??? tip lit-exercise-hint "Hint"\n\n    Multiply by *two*.' in markdown
    assert '??? success lit-solution "Solution"\n\n    ```python\n    def double(x):' in markdown
    assert "got = double(base)" not in markdown  # the check is not shown
    entry = rendered.blocks[1]["exercise"]
    assert entry["id"] == "double-it" and entry["title"] == "Double it"
    assert (entry["starter_line"], entry["check_line"]) == (9, 15)
    assert entry["check"].startswith("got = double(base)")


def test_each_paragraph_of_a_hint_is_a_hint_of_its_own_in_the_page_and_the_notebook():
    two = EXERCISE.replace("Multiply by *two*.", "Multiply by *two*.\n\nOr add x to itself.")
    page, run = run_markdown(exercise_page(two))
    markdown = render_markdown(page, run.results, runnable=True).markdown
    assert (
        '??? tip lit-exercise-hint "Hint 1 of 2"\n\n    Multiply by *two*.\n\n'
        '??? tip lit-exercise-hint "Hint 2 of 2"\n\n    Or add x to itself.\n\n'
    ) in markdown
    sources = [cell.source for cell in build_notebook(page, run.results).cells]
    assert any(
        source.startswith("**Hint 1 of 2.** Multiply by *two*.\n\n**Hint 2 of 2.** Or add x")
        for source in sources
    ), sources


def test_an_exercise_in_a_notebook_is_starter_hint_and_check_cells():
    page, run = run_markdown(exercise_page())
    cells = build_notebook(page, run.results).cells
    sources = [cell.source for cell in cells]
    starter = sources.index(textwrap.dedent("def double(x):\n    return x"))
    assert "**Hint.** Multiply by *two*." in sources[starter + 1]
    assert sources[starter + 2].startswith("# Run this cell to check your code above.")


def test_explanations_of_wrong_answers_are_markdown_shown_as_html():
    import html as html_module
    import json

    from literate.present.practice_html import answer_form_html

    spec = Answer(2.0, mistakes={-2.0: "by reading `x * y` as *x minus y*."}).spec()
    form = answer_form_html(spec, "p-")
    shown = json.loads(html_module.unescape(form.split('data-lit-answer="')[1].split('"')[0]))
    assert shown["mistakes"][0]["why"] == "by reading <code>x * y</code> as <em>x minus y</em>."
    choice = Choice(["a", "b"], answer="b", why={"a": "`a` is a *leaf*."}).spec()
    form = answer_form_html(choice, "p-")
    assert "&lt;code&gt;a&lt;/code&gt; is a &lt;em&gt;leaf&lt;/em&gt;." in form
    assert spec["mistakes"][0]["why"].startswith("by reading `x")  # the spec keeps the source
