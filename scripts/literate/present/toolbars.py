"""The toolbars of a page's runnable blocks, put in the page by the build: "Run all" and its
companions before the first block that runs in the browser, and in each code block's marker its
Run, Stop, Reset, state and status, or, for a block that runs at build only, why. The browser's
runner.js wires them up and enables their buttons (disabled until then: a click before
would go unanswered). Added by the script instead, they arrived after the page's first paint
and pushed the text under them down as the reader began to read (a layout shift of about 0.03 on
the chapters whose first block is on the first screen). Where scripts do not run, they are not
shown (runner.css).
"""

from __future__ import annotations

from html import escape

from literate.contracts import BlockEntry

PAGE_BAR = (
    '<div class="lit-toolbar lit-page-bar" role="group" aria-label="Python of this page">'
    '<button type="button" class="lit-run-all-button" disabled>Run all</button>'
    '<button type="button" class="lit-stop-button" hidden>Stop</button>'
    '<button type="button" class="lit-restart-button" disabled>Restart</button>'
    '<button type="button" class="lit-forget-button" disabled>Forget my edits on this page</button>'
    '<span class="lit-page-status" role="status" aria-live="polite"></span></div>'
)


def block_toolbar(index: int, entry: BlockEntry) -> str:
    """The toolbar in the marker of the page's block `index` (its block list entry)."""
    if not entry["browser"]:
        why = escape(entry.get("build_only") or "")
        note = f'<span class="lit-build-only">Runs at build only: {why}.</span>'
        return f'<div class="lit-toolbar">{note}</div>'
    state = f"lit-state-{index}"
    return (
        '<div class="lit-toolbar">'
        f'<button type="button" class="lit-run-button" aria-describedby="{state}" disabled>'
        "Run</button>"
        '<button type="button" class="lit-stop-button" hidden>Stop</button>'
        '<button type="button" class="lit-reset-button" disabled>Reset</button>'
        f'<span class="lit-state" id="{state}"></span>'
        '<span class="lit-yours" hidden>Your version, kept on this device</span>'
        f'<span class="lit-hint" id="lit-hint-{index}"></span>'
        '<span class="lit-status" role="status" aria-live="polite"></span></div>'
    )


def markers(entries: list[BlockEntry], indexes: list[int]) -> dict[int, str]:
    """Each code block's marker (its index in entries -> its HTML), toolbar in, the page's
    toolbar before the first that runs in the browser."""
    found, first = {}, True
    for index in indexes:
        entry = entries[index]
        bar = PAGE_BAR if first and entry["browser"] else ""
        first = first and not bar
        toolbar = block_toolbar(index, entry)
        found[index] = f'{bar}<div class="lit-run" data-lit-block="{index}">{toolbar}</div>'
    return found
