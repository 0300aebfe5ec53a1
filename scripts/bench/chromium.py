"""Debian's Chromium, as the benches drive it (Playwright's own browser download does not work
on these machines): no sandbox as root, no GPU, and no background requests."""

from __future__ import annotations

EXECUTABLE = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]


def launch(playwright):
    return playwright.chromium.launch(executable_path=EXECUTABLE, args=ARGS)
