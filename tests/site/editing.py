"""Driving a block's editor in the browser tests: the built <pre><code> until the reader first
reaches for it, CodeMirror (runtime/editor) from then on. Typing goes through the keyboard, as a
reader's does."""

from __future__ import annotations

from .browsing import within_reach

LINES = "(el) => Array.from(el.querySelectorAll('.cm-line'), (l) => l.textContent).join('\\n')"


def built_code(marker):
    """The block's code as the page shows it before the editor loads (after a block's toolbar
    marker, or an exercise's)."""
    return marker.locator("xpath=following-sibling::div[1]//pre/code")


def cm_content(marker):
    return marker.locator("xpath=following-sibling::div[1]//div[contains(@class,'cm-content')]")


def open_editor(page, marker):
    """Press on the block's code, wait for CodeMirror to be there and focused; its content."""
    content = cm_content(marker)
    if content.count():
        within_reach(content).click()
    else:
        within_reach(built_code(marker)).click()
        content.wait_for()
    page.wait_for_function("document.activeElement.classList.contains('cm-content')")
    return content


def code_of(marker) -> str:
    """The code in the block's editor now (without a final newline)."""
    content = cm_content(marker)
    if content.count():
        return content.evaluate(LINES)
    return built_code(marker).text_content().rstrip("\n")


def replace_code(page, marker, code: str) -> None:
    """Select all of the block's code and put `code` in its place, as a paste would."""
    open_editor(page, marker)
    page.keyboard.press("Control+A")
    page.keyboard.insert_text(code)


def block_containing(page, text: str):
    """The toolbar marker of the page's first runnable block whose code holds text."""
    markers = page.locator(".lit-run:has(.lit-run-button)")
    return next(markers.nth(i) for i in range(markers.count()) if text in code_of(markers.nth(i)))
