"""Exercises and self-check answers in Chromium, on the built site with every outside request
refused: every page with exercises is checked (each solution passing and each starter failing,
in test_run_all_browser.py, on the page Run all left), progress survives a reload and reaches
the home page, answers are checked against the build."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .browsing import (
    DESKTOP,
    PHONE,
    per_page,
    refuse_outside,
    reload,
    settled,
    source_pages,
    within_reach,
)
from .running import (
    catalogue,
    check,
    exercises_of,
    load_solution,
    module_url,
    pages_that_run,
    pages_with_exercises,
)

pytestmark = pytest.mark.site


def test_the_site_has_exercises_in_every_chapter(built_site: Path) -> None:
    """At least two per chapter, a chapter and its "b" part (5 and 5b, say) counted together,
    and one at least on every page of a chapter; the capstone has its one."""
    pages = [page for page in catalogue(built_site) if page["url"] != "authoring/"]
    assert sum(len(page["exercises"]) for page in pages) >= 16, pages
    by_chapter: dict[str, int] = {}
    for page in pages:
        number = re.match(r"(\d+)b?\. ", page["title"])
        assert number, f"{page['url']}: its title does not start with its chapter's number"
        by_chapter[number.group(1)] = by_chapter.get(number.group(1), 0) + len(page["exercises"])
        assert page["exercises"], f"{page['url']} has no exercise"
    # the capstone (the last chapter) is one exercise on purpose: the whole engine
    capstone = max(by_chapter, key=int)
    assert by_chapter[capstone] == 1 and pages[-1]["url"] == "write-it-yourself/", by_chapter
    del by_chapter[capstone]
    assert all(count >= 2 for count in by_chapter.values()), by_chapter


def test_every_page_with_exercises_is_checked(built_site: Path) -> None:
    """The site lists the pages whose source has exercises, and the browser test that checks
    every exercise (test_run_all_browser.py) visits each of them."""
    listed = sorted(e["url"] + "index.html" for e in catalogue(built_site) if e["exercises"])
    assert listed == sorted(pages_with_exercises())
    assert set(listed) <= set(pages_that_run())


def test_progress_survives_a_reload_and_shows_on_the_home_page(
    built_site: Path,
    open_page,
) -> None:
    entry = catalogue(built_site)[0]
    page, _ = open_page(entry["url"] + "index.html", DESKTOP)
    refuse_outside(page)
    progress = page.locator("aside.lit-progress .admonition-title")
    total = len(entry["exercises"])
    assert progress.text_content() == f"Exercises on this page: 0 of {total} solved"
    index, _ = exercises_of(page)[0]
    load_solution(page, index)
    assert check(page, index).startswith("Solved.")
    assert progress.text_content() == f"Exercises on this page: 1 of {total} solved"
    reload(page)
    assert progress.text_content() == f"Exercises on this page: 1 of {total} solved"
    feedback = page.locator(f'.lit-exercise[data-lit-block="{index}"] ~ .lit-feedback').first
    assert feedback.text_content() == "Solved before on this device."
    page.goto(page.url.split(entry["url"])[0], wait_until="load")
    settled(page)
    home = page.locator(".lit-progress-all")
    home.locator("table").wait_for()
    row = home.locator("tr", has_text=entry["title"])
    assert row.locator("td").nth(1).text_content() == f"1 of {total}"


def test_a_success_message_shows_the_authors_code_as_code(open_page) -> None:
    """The success text's `code` is a <code> element, in the code font, with no backtick left;
    and the text is put in the page as text: what looks like markup in it stays words."""
    page, recorder = open_page("chain-rule/index.html", PHONE)
    refuse_outside(page)
    index, exercise = next((i, e) for i, e in exercises_of(page) if e["success_parts"][1:])
    load_solution(page, index)
    assert check(page, index) == f"Solved. {exercise['success']}"
    feedback = page.locator(f'.lit-exercise[data-lit-block="{index}"] ~ .lit-feedback').first
    verdict = feedback.locator("span").first
    assert verdict.locator("code").all_inner_texts() == exercise["success_parts"][1::2]
    assert "`" not in feedback.inner_text()
    fonts = verdict.evaluate(
        "(el) => [el, el.querySelector('code')].map((e) => getComputedStyle(e).fontFamily)"
    )
    assert "mono" in fonts[1].lower() and fonts[0] != fonts[1], fonts
    made = page.evaluate(
        """async (src) => {
          const {withCode} = await import(src);
          const box = document.createElement("div");
          box.append(...withCode(["<img src=x onerror=alert(1)> ", "<b>x</b>", " & ok"]));
          return [box.querySelectorAll("img, b").length, box.querySelectorAll("code").length,
                  box.textContent];
        }""",
        module_url(page, "exercises.js"),
    )
    assert made == [0, 1, "<img src=x onerror=alert(1)> <b>x</b> & ok"]
    assert recorder.errors == []


def answer_forms(page) -> list[tuple[object, dict]]:
    forms = page.locator("form.lit-answer")
    return [
        (forms.nth(i), json.loads(forms.nth(i).get_attribute("data-lit-answer")))
        for i in range(forms.count())
    ]


def worked_answer(form):
    """The question's worked answer (a <details>) and its body, what shows once it is open."""
    worked = form.locator(
        "xpath=ancestor::div[contains(@class,'lit-output')]/following-sibling::details[1]"
    )
    return worked, worked.locator(":scope > :not(summary)").first


@pytest.mark.parametrize("path", ["authoring/index.html"])
def test_a_number_answer_names_the_mistake_and_then_offers_the_worked_answer(
    path: str,
    open_page,
) -> None:
    page, recorder = open_page(path, DESKTOP)
    refuse_outside(page)
    numbers = [(form, spec) for form, spec in answer_forms(page) if spec["kind"] == "number"]
    assert numbers, "no numeric self-check on the page"
    form, spec = next((f, s) for f, s in numbers if s["mistakes"])
    worked, body = worked_answer(form)
    assert worked.is_hidden()
    field = form.locator("input")
    feedback = form.locator(".lit-answer-feedback")
    mistake = spec["mistakes"][0]
    field.fill(str(mistake["value"]))
    field.press("Enter")
    assert feedback.text_content().startswith(f"Not quite: {mistake['value']:g} is what you get")
    assert feedback.locator("span").inner_html() == mistake["why"]  # the build's HTML
    assert worked.is_hidden(), "one slip should not open the worked answer"
    field.fill("not a number")
    field.press("Enter")
    assert "is not a number" in feedback.text_content()
    assert worked.is_hidden(), "an input that is not a number is not a try"
    field.fill(repr(spec["value"] + 10 * spec["tolerance"] + 1))
    field.press("Enter")
    assert worked.is_visible(), "the second wrong answer shows the worked answer"
    assert body.is_visible(), "and opens it, not just its summary"
    assert form.locator(".lit-show-worked").count() == 0
    field.fill(repr(spec["value"] + spec["tolerance"] / 2))
    within_reach(form.locator("button[type=submit]")).click()
    assert feedback.text_content().startswith("Right:")
    assert recorder.errors == []


def test_a_right_answer_opens_the_worked_answer(open_page) -> None:
    page, recorder = open_page("authoring/index.html", DESKTOP)
    form, spec = next((f, s) for f, s in answer_forms(page) if s["kind"] == "number")
    worked, body = worked_answer(form)
    worked.wait_for(state="hidden")  # answers.js hides it once it has set the page up
    form.locator("input").fill(repr(spec["value"]))
    within_reach(form.locator("button[type=submit]")).click()
    assert form.locator(".lit-answer-feedback").text_content().startswith("Right:")
    assert body.is_visible(), "a right answer opens the worked answer at once"
    assert recorder.errors == []


def test_the_worked_answer_opens_on_request_by_keyboard(open_page) -> None:
    page, recorder = open_page("authoring/index.html", DESKTOP)
    form, _ = answer_forms(page)[0]
    worked, body = worked_answer(form)
    assert worked.is_hidden()
    form.locator(".lit-show-worked").focus()
    page.keyboard.press("Enter")
    assert body.is_visible()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    assert recorder.errors == []


@pytest.mark.parametrize("path", per_page([p for p in source_pages() if "notebooks/" not in p]))
def test_every_self_check_takes_an_answer_and_checks_it_against_the_build(
    path: str,
    visit,
) -> None:
    """(On the page the other tests of it looked at: its answers are the last change made.)"""
    page, recorder = visit(path, DESKTOP)
    for form, spec in answer_forms(page):
        feedback = form.locator(".lit-answer-feedback")
        if spec["kind"] == "choice":
            wrong = next(option for option in spec["options"] if option != spec["answer"])
            within_reach(form.locator(f'input[value="{wrong}"]')).check()
            within_reach(form.locator("button[type=submit]")).click()
            assert feedback.text_content().startswith("Not quite:"), (path, spec)
            within_reach(form.locator(f'input[value="{spec["answer"]}"]')).check()
        else:
            field = form.locator("input")
            field.fill(repr(spec["value"] + 10 * spec["tolerance"] + 1))
            field.press("Enter")
            assert feedback.text_content().startswith("Not quite:"), (path, spec)
            field.fill(repr(spec["value"]))
        within_reach(form.locator("button[type=submit]")).click()
        assert feedback.text_content().startswith("Right:"), (path, spec, feedback.text_content())
    assert recorder.errors == []


def test_the_chapters_hold_every_self_check_question(built_site: Path) -> None:
    """Each chapter's questions are answerable: none is left as a reveal-only question."""
    for page in sorted(built_site.rglob("index.html")):
        html = page.read_text(encoding="utf-8")
        questions = html.count('<details class="question') + html.count(
            'class="admonition question'
        )
        forms = html.count('class="lit-answer"')
        assert forms == questions, (
            f"{page.relative_to(built_site)}: {questions} questions, {forms} answer forms"
        )
