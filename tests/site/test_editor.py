"""The editor of runnable blocks and exercises (CodeMirror 6, runtime/editor, loaded when the
reader first reaches for a block's code), in Chromium on the built site, offline."""

from __future__ import annotations

import json
import re

import pytest

from .browsing import (
    DESKTOP,
    PHONE,
    SET_SCHEME,
    refuse_outside,
    reload,
    serious_violations,
    wait_for_text,
    within_reach,
)
from .editing import (
    LINES,
    block_containing,
    built_code,
    cm_content,
    code_of,
    open_editor,
    replace_code,
)
from .running import blocks_of

pytestmark = pytest.mark.site

PAGE = "chain-rule/index.html"


def first_runnable(page):
    """The toolbar marker of the page's first block the browser can run, and its block."""
    blocks = blocks_of(page)
    markers = page.locator(".lit-run")
    for i in range(markers.count()):
        block = blocks[int(markers.nth(i).get_attribute("data-lit-block"))]
        if block["browser"]:
            return markers.nth(i), block
    raise AssertionError("no runnable block")


def text_of(content) -> str:
    return content.evaluate(LINES)


def test_the_editor_is_fetched_on_first_reach_not_on_page_load(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    page.wait_for_load_state("networkidle")
    assert not [url for url in recorder.requests if "/runtime/" in url and "/katex/" not in url]
    assert page.locator(".cm-editor").count() == 0
    marker, block = first_runnable(page)
    content = open_editor(page, marker)
    assert any(url.endswith("/runtime/editor/editor.js") for url in recorder.requests)
    assert text_of(content) == block["code"].rstrip("\n")
    # numbered with the page's lines, as tracebacks are
    numbers = marker.locator("xpath=following-sibling::div[1]//div[contains(@class,'cm-gutter')]")
    assert str(block["line"]) in numbers.first.inner_text().split()
    assert not recorder.errors, recorder.errors
    assert not recorder.foreign_requests(), recorder.foreign_requests()


def test_typing_then_undo_restores_the_block_and_redo_brings_the_edit_back(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    marker, _ = first_runnable(page)
    content = open_editor(page, marker)
    built = text_of(content)
    page.keyboard.press("Control+End")
    page.keyboard.type("\nextra = 41 + 1")
    edited = text_of(content)
    assert edited.endswith("extra = 41 + 1") and edited != built
    # CodeMirror groups typing into undo steps by time: a slow machine's typing may take several.
    undos = 0
    while text_of(content) != built and undos < 5:
        page.keyboard.press("Control+z")
        undos += 1
    assert text_of(content) == built
    # Shift held makes the key "Z", as a real keyboard sends it: Playwright's "Control+Shift+z"
    # sends a lowercase "z" with Shift, which CodeMirror took as redo and undo by turns.
    for _ in range(undos):
        page.keyboard.press("Control+Shift+Z")
    redone = f"(el) => ({LINES})(el) === {json.dumps(edited)}"
    page.wait_for_function(redone, arg=content.element_handle())
    assert not recorder.errors, recorder.errors


def test_enter_after_a_colon_indents_and_brackets_match(open_page) -> None:
    page, _ = open_page(PAGE, DESKTOP)
    marker, _ = first_runnable(page)
    content = open_editor(page, marker)
    page.keyboard.press("Control+End")
    page.keyboard.type("\ndef g(x):")
    page.keyboard.press("Enter")
    page.keyboard.type("return x")
    assert text_of(content).endswith("def g(x):\n    return x")
    assert content.locator(".k").count() >= 2  # def, return: highlighted as the theme's keywords
    page.keyboard.press("ArrowLeft")  # after the "x" of "return x": no bracket here
    page.keyboard.press("Home")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("End")
    page.keyboard.press("ArrowLeft")  # just after "(x)": the bracket pair is marked
    assert content.locator(".cm-matchingBracket").count() == 2


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "390"])
@pytest.mark.parametrize("scheme", ["default", "slate"])
def test_the_built_code_is_not_visible_beside_an_open_editor(open_page, viewport, scheme) -> None:
    page, _ = open_page(PAGE, viewport)
    page.evaluate(SET_SCHEME, scheme)
    marker, block = first_runnable(page)
    first_line = block["code"].splitlines()[0].strip()
    container = marker.locator("xpath=following-sibling::div[1]")
    shown_before = _visible_lines_containing(container, first_line)
    assert shown_before == 1, f"before the editor opens, the code shows {shown_before} times"
    content = open_editor(page, marker)
    assert content.is_visible() and content.bounding_box()["height"] > 10
    assert built_code(marker).bounding_box() is None, "the built code is still laid out"
    assert not built_code(marker).is_visible()
    shown = _visible_lines_containing(container, first_line)
    assert shown == 1, f"with the editor open, the block's first line shows {shown} times"


def _visible_lines_containing(container, text: str) -> int:
    """How many elements that a person can see in container hold `text` as a line: the
    innermost ones with a box of their own (a hidden <pre> has none)."""
    return container.evaluate(
        """(root, text) => [...root.querySelectorAll('code, .cm-line')].filter((el) => {
            const box = el.getBoundingClientRect();
            const visible = box.width > 0 && box.height > 0
              && getComputedStyle(el).visibility !== 'hidden';
            return visible && el.textContent.split('\\n').some((l) => l.trim() === text);
        }).length""",
        text,
    )


def test_a_second_block_pressed_once_the_editor_is_loaded_gets_the_focus(open_page) -> None:
    """Once CodeMirror is loaded, a press on another block's code puts the editor there at
    once; the browser's own focusing of the pressed (now hidden) code must not then move the
    focus to the page's body."""
    page, _ = open_page(PAGE, DESKTOP)
    markers = [m for m in page.locator(".lit-run").all() if built_code(m).count()]
    first, second = markers[0], markers[1]
    open_editor(page, first)  # loads the editor
    within_reach(built_code(second)).click()
    cm_content(second).wait_for()
    focused = "document.activeElement.classList.contains('cm-content')"
    page.wait_for_function(f"{focused} || document.activeElement === document.body")
    assert page.evaluate(focused), page.evaluate("document.activeElement.outerHTML.slice(0, 80)")
    assert cm_content(second).evaluate("(el) => el === document.activeElement")


def test_tab_indents_with_spaces_to_the_next_stop(open_page) -> None:
    page, _ = open_page(PAGE, DESKTOP)
    marker, _ = first_runnable(page)
    content = open_editor(page, marker)
    page.keyboard.press("Control+End")
    page.keyboard.type("\nx = 0")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")  # at the start of the line: four spaces
    page.keyboard.press("End")
    page.keyboard.type("  # ab")
    page.keyboard.press("Tab")  # mid-line, at column 15: one space to the stop at 16
    text = text_of(content)
    assert "\t" not in text
    assert text.endswith("\n    x = 0  # ab "), repr(text[-30:])


def test_tab_passes_an_untouched_editor_and_the_way_out_is_shown(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    marker, block = first_runnable(page)
    marker.locator(".lit-reset-button").focus()
    for _ in range(3):  # past Material's copy button, into the code: it becomes the editor
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.lit-editor, .cm-content')"):
            break
    page.wait_for_function("document.activeElement.classList.contains('cm-content')")
    hint = marker.locator(".lit-hint")
    assert hint.bounding_box()["width"] > 50 and "Tab moves on" in hint.inner_text()
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.closest('.lit-cm')")
    hidden = "(el) => el.getBoundingClientRect().width <= 1"  # visually hidden again
    page.wait_for_function(hidden, arg=hint.element_handle())
    content = cm_content(marker)
    assert text_of(content) == block["code"].rstrip("\n")
    # once the reader types, Tab indents; Escape then Tab leaves
    within_reach(content).click()
    page.keyboard.press("Control+End")
    page.keyboard.type("\nif True:\npass")
    page.keyboard.press("Home")
    page.keyboard.press("Tab")
    assert "Esc then Tab" in hint.inner_text()
    assert page.evaluate("document.activeElement.classList.contains('cm-content')")
    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.closest('.lit-cm')")
    assert not recorder.errors, recorder.errors


def test_a_press_on_run_below_an_open_editor_runs_it_though_the_hint_goes(open_page) -> None:
    """The hint under the toolbar of a focused editor goes when a press elsewhere blurs it; were
    it to go as the pointer goes down, the blocks below would move up under the pointer, and a
    person's press (down, a moment, up) on a Run button below would end on something else."""
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    markers = page.locator(".lit-run:has(.lit-run-button)")
    edited, below = markers.nth(0), markers.nth(2)
    open_editor(page, edited)
    page.keyboard.press("Control+End")
    page.keyboard.type("\nx = 1")
    hint = edited.locator(".lit-hint")
    assert hint.bounding_box()["width"] > 50, "the hint is shown while the reader types"
    button = within_reach(below.locator(".lit-run-button")).bounding_box()
    page.mouse.move(button["x"] + button["width"] / 2, button["y"] + button["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(150)  # a person's press lasts about this long
    assert below.locator(".lit-run-button").bounding_box() == button, "moved under the pointer"
    page.mouse.up()
    assert below.locator(".lit-status").text_content(), "the press did not run the block"
    hidden = "(el) => el.getBoundingClientRect().width <= 1"  # and then the hint goes
    page.wait_for_function(hidden, arg=hint.element_handle())
    assert not recorder.errors, recorder.errors


def test_an_edit_survives_a_reload_marked_as_the_readers_until_reset(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    marker, block = first_runnable(page)
    open_editor(page, marker)
    page.keyboard.press("Control+End")
    page.keyboard.type("\nkept = 'mine'")
    assert marker.locator(".lit-yours").is_visible()
    reload(page)
    marker, _ = first_runnable(page)
    assert code_of(marker).endswith("kept = 'mine'")  # shown at once, before the editor loads
    assert marker.locator(".lit-yours").is_visible()
    builds = page.locator(".lit-output.lit-builds").first  # the outputs below say whose they are
    assert "the build's output" in builds.evaluate(
        "(el) => getComputedStyle(el, '::before').content"
    )
    open_editor(page, marker)
    assert code_of(marker).endswith("kept = 'mine'")
    within_reach(marker.locator(".lit-reset-button")).click()
    assert code_of(marker) == block["code"].rstrip("\n")
    assert marker.locator(".lit-yours").is_hidden()
    reload(page)
    marker, _ = first_runnable(page)
    assert code_of(marker) == block["code"].rstrip("\n")
    assert not recorder.errors, recorder.errors


def test_a_solved_exercise_and_an_answer_survive_a_reload_and_forget_clears_them(
    open_page,
) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    page.on("dialog", lambda dialog: dialog.accept())
    blocks = blocks_of(page)
    index, exercise = next((i, b["exercise"]) for i, b in enumerate(blocks) if "exercise" in b)
    marker = page.locator(f'.lit-exercise[data-lit-block="{index}"]')
    solution = marker.locator("xpath=following-sibling::details[contains(@class,'lit-solution')]")
    within_reach(solution.first.locator("summary")).click()
    within_reach(solution.first.locator(".lit-load-button")).click()
    within_reach(marker.locator(".lit-check-button")).click()
    feedback = marker.locator("xpath=following-sibling::div[contains(@class,'lit-feedback')][1]")
    wait_for_text(page, feedback, "Solved|Not yet|Could|An earlier|The check")
    assert feedback.text_content().startswith("Solved"), feedback.text_content()
    field = page.locator("form.lit-answer input[type=text]").first
    field.fill("0.25")
    reload(page)
    marker = page.locator(f'.lit-exercise[data-lit-block="{index}"]')
    assert code_of(marker) == exercise["solution"].rstrip("\n")
    assert marker.locator(".lit-yours").is_visible()
    assert "Solved before" in feedback.text_content()
    field = page.locator("form.lit-answer input[type=text]").first
    assert field.input_value() == "0.25"
    within_reach(page.locator(".lit-forget-button")).click()
    assert code_of(marker) == exercise["starter"].rstrip("\n")
    assert field.input_value() == ""
    reload(page)
    assert code_of(page.locator(f'.lit-exercise[data-lit-block="{index}"]')) == exercise[
        "starter"
    ].rstrip("\n")
    assert page.locator("form.lit-answer input[type=text]").first.input_value() == ""
    assert not recorder.errors, recorder.errors


def test_prose_numbers_follow_an_edit_of_a_and_reset_brings_the_builds_back(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    spans = page.locator(".lit-inline")
    built = spans.all_text_contents()
    marker = block_containing(page, 'a = Value(2.0, label="a")')
    replace_code(page, marker, code_of(marker).replace("Value(2.0", "Value(3.0"))
    # the build's outputs below the edit say they are the build's until re-run
    assert page.locator(".lit-output.lit-builds").count() >= 1
    within_reach(page.locator(".lit-run-all-button")).click()
    wait_for_text(page, page.locator(".lit-page-status"), "Ran every|Stopped|Could|An earlier")
    assert page.locator(".lit-page-status").text_content().startswith("Ran every")
    changed = page.locator(".lit-inline.lit-changed")
    assert changed.count() >= 1
    first = changed.first
    assert "before your run" in first.text_content()  # on screen, and read aloud
    assert first.locator(".lit-was").bounding_box()["width"] > 10  # no hover needed
    assert any(text.startswith("3.0 (was ") for text in spans.all_text_contents())
    # the reader's wide graphs scroll like the built ones: a tab stop, opened at the output
    scrolling = page.locator(".lit-live .lit-display[data-lit-scrolls]")
    assert scrolling.count() >= 1
    assert scrolling.first.evaluate("(box) => box.scrollLeft > 0")
    marker.locator(".lit-run-button").focus()
    open_editor(page, marker)  # the editor, its hint and "your version" on screen, too
    found = serious_violations(page)
    assert found == [], "\n".join(found)
    within_reach(marker.locator(".lit-reset-button")).click()
    assert changed.count() == 0
    assert spans.all_text_contents() == built
    assert not recorder.errors, recorder.errors


def test_the_first_run_says_its_download_in_mb_and_intent_starts_it(open_page) -> None:
    page, recorder = open_page(PAGE, DESKTOP)
    refuse_outside(page)
    marker, _ = first_runnable(page)
    page.wait_for_load_state("networkidle")
    assert not [url for url in recorder.requests if "/runtime/pyodide/" in url]
    status = marker.locator(".lit-status")
    status.evaluate(
        "(el) => { window.seen = []; new MutationObserver(() => window.seen.push(el.textContent))"
        ".observe(el, {childList: true, characterData: true, subtree: true}); }"
    )
    # intent, the pointer on Run: the download starts before the click
    with page.expect_request(lambda request: "/runtime/pyodide/" in request.url):
        marker.locator(".lit-run-button").hover()
    marker.locator(".lit-run-button").click()  # at once: the download is still under way
    wait_for_text(page, status, "Ran|Error|Could")
    seen = page.evaluate("window.seen")
    assert any(re.search(r"\d+\.\d of \d+\.\d MB", text) for text in seen), seen
    assert status.text_content().startswith("Ran"), seen
    assert not recorder.errors, recorder.errors


def test_a_graph_wider_than_the_column_opens_with_its_output_in_view(open_page) -> None:
    page, _ = open_page(PAGE, DESKTOP)
    wide = page.locator(".lit-output:not(.lit-live) .lit-display[data-lit-scrolls]")
    assert wide.count() >= 1
    for i in range(wide.count()):  # scrolled to the right end, where draw_dot puts the output,
        # once the reader reaches it (one far off is not drawn yet: scrollers.js)
        page.wait_for_function(
            "(box) => box.scrollLeft > 0"
            " && box.scrollLeft + box.clientWidth >= box.scrollWidth - 2",
            arg=within_reach(wide.nth(i)).element_handle(),
            timeout=5000,
        )


def test_an_edit_of_an_older_version_of_the_page_is_not_brought_back(open_page) -> None:
    """Kept work is keyed by a hash of the page's own code there: after a rebuild that changed
    the block, the reader's old edit is not silently put over the new code."""
    page, recorder = open_page(PAGE, DESKTOP)
    marker, block = first_runnable(page)
    index = marker.get_attribute("data-lit-block")
    page.evaluate(
        "([index]) => localStorage.setItem('literate-work:' + location.pathname,"
        " JSON.stringify({[`block:${index}:00000000`]: 'stale = 1\\n'}))",
        [index],
    )
    reload(page)
    marker, _ = first_runnable(page)
    assert code_of(marker) == block["code"].rstrip("\n")
    assert marker.locator(".lit-yours").is_hidden()
    assert not recorder.errors, recorder.errors
