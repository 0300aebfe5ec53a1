"""Benchmark the in-browser runner: Chromium on the built site against CPython, side by side.

    python scripts/bench/bench_browser.py [--rounds 3] [--update-readme]

Builds the site into a temporary folder, serves it on 127.0.0.1, and for each round:

  cold   a fresh browser context (empty HTTP cache): time from the click on Run to the first
         output of the first runnable block of the chain-rule chapter
  intent the same, as a reader does it: the pointer rests on Run (which starts Python) for
         INTENT_S seconds before the click; click to first output
  warm   the same, on a second visit (the runtime comes from the browser's cache)
  rerun  pressing Run again on the block that just ran: click to its new output on screen,
         timed in the page, beside the "Ran in N ms" the run reports
  train  20 training steps of MLP(2, [16, 16, 1]) on 50 points, timed inside Python, in the
         page's worker and in a CPython subprocess, alternately
  flood  100,000 printed lines: click to "Ran" in the page, against CPython printing into a pipe
  stop   Stop pressed while `while True: print(1)` floods the page: click to "Stopped."

and prints medians, and the median of the per-round ratios browser / CPython for training.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

from browser_workloads import (
    FLOOD,
    TRAINING,
    cpython_flood_seconds,
    cpython_training_seconds,
)
from chromium import launch
from page_sites import build_ours, serve
from readme_table import update_readme

PAGE = "chain-rule/"
TABLE = ("<!-- bench_browser:start -->", "<!-- bench_browser:end -->")
TIMED_TOO = ("warm", "ran-in", "cpy", "cpy-flood")  # measured beside, no target of their own
INTENT_S = 0.6  # how long a pointer rests on a button before the click
SETTLE_S = 3.0  # after a context closes, before the next measurement opens one
TARGETS = {
    "cold": "<= 5 s",
    "intent": "<= 2.5 s",
    "rerun": "< 100 ms",
    "train": "<= 2.5x CPython",
    "flood": "<= 3x CPython",
    "stop": "< 1 s",
}


def first_output_seconds(page, url: str, intent: bool = False) -> float:
    """Open the page, click the first Run (after resting the pointer on it for INTENT_S, with
    intent), return the seconds from the click until its output appears."""
    page.goto(url + PAGE, wait_until="load")
    button = page.locator(".lit-run-button:enabled").first  # wired up: it answers a hover
    if intent:
        button.hover()
        time.sleep(INTENT_S)
    start = time.perf_counter()
    button.click()
    page.wait_for_selector(".lit-live", timeout=120_000)
    seconds = time.perf_counter() - start
    page.wait_for_function("!document.querySelector('.lit-run-button').disabled", timeout=120_000)
    return seconds


def rerun_seconds(page) -> tuple[float, float]:
    """From the click on Run to the new output on the page (measured in the page), and the
    run's own "Ran in N ms"."""
    seconds, status = page.evaluate(
        """() => new Promise((resolve) => {
          const button = document.querySelector(".lit-run-button");
          const status = button.parentElement.querySelector(".lit-status");
          status.textContent = "";
          const start = performance.now();
          const watch = new MutationObserver(() => {
            if (status.textContent.startsWith("Ran")) {
              watch.disconnect();
              resolve([(performance.now() - start) / 1000, status.textContent]);
            }
          });
          watch.observe(status, { childList: true, characterData: true, subtree: true });
          button.click();
        })"""
    )
    return seconds, float(status.split()[2]) / 1000  # "Ran in 12 ms."


def type_into_first_block(page, code: str, paste: bool = False) -> None:
    """Into the block's editor once a run opened it, else into its built code (which opens it);
    typed key by key, or pasted (code whose indentation the editor must keep as it is)."""
    block = page.locator(".lit-run").first.locator("xpath=following-sibling::div[1]")
    editor = block.locator(".cm-content")
    (editor if editor.count() else block.locator("pre > code")).click()
    page.wait_for_function("document.activeElement.classList.contains('cm-content')")
    page.keyboard.press("Control+A")
    if paste:
        page.keyboard.insert_text(code)
    else:
        page.keyboard.type(code)


def status_seconds(page, button: str, starts: str) -> float:
    """From a click on the first block's button to its status starting with `starts`."""
    return page.evaluate(
        """([button, starts]) => new Promise((resolve) => {
          const marker = document.querySelector(".lit-run");
          const status = marker.querySelector(".lit-status");
          const start = performance.now();
          const watch = new MutationObserver(() => {
            if (status.textContent.startsWith(starts)) {
              watch.disconnect();
              resolve((performance.now() - start) / 1000);
            }
          });
          watch.observe(status, { childList: true, characterData: true, subtree: true });
          marker.querySelector(button).click();
        })""",
        [button, starts],
    )


def flood_seconds(page) -> float:
    type_into_first_block(page, FLOOD)
    return status_seconds(page, ".lit-run-button", "Ran")


def stop_seconds(page) -> float:
    type_into_first_block(page, "while True:\n    print(1)")
    page.locator(".lit-run-button").first.click()
    page.wait_for_selector(".lit-more", timeout=120_000)  # the flood is on the page
    return status_seconds(page, ".lit-stop-button", "Stopped")


def browser_training_seconds(page) -> float:
    """The training workload as a reader runs it: pasted into the first block and run; the
    seconds it prints (timed inside Python)."""
    type_into_first_block(page, TRAINING, paste=True)
    status_seconds(page, ".lit-run-button", "Ran")
    output = page.locator(".lit-run").first.locator("xpath=following-sibling::*[2]")
    line = next(text for text in output.inner_text().splitlines() if text.startswith("TRAINING"))
    page.locator(".lit-run").first.locator(".lit-reset-button").click()  # the page's code again
    return float(line.split()[1])


def measure_round(chromium, url: str, times: dict[str, list[float]]) -> None:
    """One round of every measurement, each in the order a reader meets them."""
    context = chromium.new_context()
    page = context.new_page()
    times["cold"].append(first_output_seconds(page, url))
    seconds, ran_in = rerun_seconds(page)
    times["rerun"].append(seconds)
    times["ran-in"].append(ran_in)
    times["train"].append(browser_training_seconds(page))
    times["cpy"].append(cpython_training_seconds())
    times["warm"].append(first_output_seconds(page, url))
    times["flood"].append(flood_seconds(page))
    times["cpy-flood"].append(cpython_flood_seconds())
    times["stop"].append(stop_seconds(page))
    context.close()
    # a closed context's processes (a page of 100,000 printed lines, a stopped Python) take a
    # moment to exit: a reader's click does not share the machine with them
    time.sleep(SETTLE_S)
    context = chromium.new_context()  # a fresh cache again, for intent
    times["intent"].append(first_output_seconds(context.new_page(), url, True))
    context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--update-readme", action="store_true")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {name: [] for name in (*TARGETS, *TIMED_TOO)}
    with tempfile.TemporaryDirectory(prefix="bench-browser-") as temporary:
        site = Path(temporary) / "site"
        build_ours(site)
        with serve(site) as url, sync_playwright() as playwright:
            chromium = launch(playwright)
            for number in range(args.rounds):
                measure_round(chromium, url, times)
                print(f"round {number + 1}/{args.rounds} done", file=sys.stderr, flush=True)
            chromium.close()
    ratio = statistics.median(b / c for b, c in zip(times["train"], times["cpy"]))
    report = {
        "cold first output (s)": statistics.median(times["cold"]),
        "cold, pointer on Run first (s)": statistics.median(times["intent"]),
        "warm first output (s)": statistics.median(times["warm"]),
        "re-run, click to output (ms)": statistics.median(times["rerun"]) * 1000,
        "re-run, its own 'Ran in' (ms)": statistics.median(times["ran-in"]) * 1000,
        "20 training steps, browser (s)": statistics.median(times["train"]),
        "20 training steps, CPython (s)": statistics.median(times["cpy"]),
        "training browser / CPython": ratio,
        "100,000 lines, browser (s)": statistics.median(times["flood"]),
        "100,000 lines, CPython (s)": statistics.median(times["cpy-flood"]),
        "100,000 lines browser / CPython": statistics.median(
            b / c for b, c in zip(times["flood"], times["cpy-flood"])
        ),
        "Stop during a flood (s)": statistics.median(times["stop"]),
    }
    lines = [f"{name:<34} {value:8.2f}" for name, value in report.items()]
    lines.append("targets: " + json.dumps(TARGETS))
    print("\n".join(lines))
    if args.update_readme:
        text = "\n".join(lines)
        update_readme(TABLE, f"Medians of {args.rounds} rounds:\n\n```text\n{text}\n```")


if __name__ == "__main__":
    main()
