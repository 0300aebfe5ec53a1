"""Where a page's main-thread time goes: a Chromium performance trace of a cold load of each page
given, and of a first Run on the first one, summed by what the time was spent on.

    python scripts/bench/trace_costs.py [--site DIR] [--runs 3] [--material] [chain-rule ...]

Builds the site (or serves --site), loads each page in a fresh Chromium context at a phone's
size with the CPU slowed 4x (as Lighthouse's mobile profile assumes), and prints, per page, the
main thread's busy time and the share of its largest costs: style and layout (with what forced
them), HTML parsing, each script's evaluation and calls, painting. The first Run is traced from
the click to its output. Medians of --runs traces; the machine is shared, so read the shares.
With --material, the same pages built by Material alone are traced too, by turns with ours, and
a line a page gives the ratio of the two sites' time past 50 ms a task (what Lighthouse's total
blocking time counts, here in Chromium's own slowed-down tasks, not a simulation).
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from chromium import launch
from page_sites import build_material_alone, build_ours, serve

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "disabled-by-default-devtools.timeline.stack",  # what forced a style or layout
    "v8.execute",
    "__metadata",
]
PHONE = {"viewport": {"width": 412, "height": 823}, "is_mobile": True, "has_touch": True}
BLOCKING = "blocking"  # the main thread's tasks' time over 50 ms each, as total blocking time
WORKERS = "workers"  # Web Workers' busy time: Python's (a Run), Material's search index
# Top-level trace events, and what they are called here.
KINDS = {
    "UpdateLayoutTree": "style",
    "Layout": "layout",
    "ParseHTML": "parse HTML",
    "ParseAuthorStyleSheet": "parse CSS",
    "Paint": "paint",
    "PrePaint": "paint",
    "Layerize": "paint",
    "MajorGC": "garbage collection",
    "MinorGC": "garbage collection",
}


def costs(trace: dict) -> collections.Counter:
    """Milliseconds of the renderer's main thread by cost. A script's time includes the style
    and layout it forced, which are also counted on their own ("style, forced by x.js"): the
    shares overlap there."""
    events = trace["traceEvents"]
    # the page's main thread: the renderer's main thread that parsed the page's HTML, busiest
    # first (Chromium's own pages, a new tab's say, have renderers of their own in the trace)
    mains = {
        (e["pid"], e["tid"])
        for e in events
        if e["name"] == "thread_name" and e.get("args", {}).get("name") == "CrRendererMain"
    }
    parsed = {
        (e["pid"], e["tid"])
        for e in events
        if e["name"] == "ParseHTML"
        and str((e.get("args", {}).get("beginData") or {}).get("url", "")).startswith("http")
    }
    threads = collections.Counter((e["pid"], e["tid"]) for e in events if e.get("ph") == "X")
    main = max(mains & parsed or mains, key=lambda thread: threads[thread])
    timed = [e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"]
    found: collections.Counter = collections.Counter()
    workers = {
        (e["pid"], e["tid"])
        for e in events
        if e["name"] == "thread_name" and "Worker" in e.get("args", {}).get("name", "")
    }
    found[WORKERS] = sum(
        e.get("dur", 0) / 1000
        for e in events
        if (e["pid"], e["tid"]) in workers and e.get("ph") == "X" and e["name"] == "RunTask"
    )
    for event in timed:
        name, ms = event["name"], event.get("dur", 0) / 1000
        if name == "RunTask":
            found["busy (all tasks)"] += ms
            found[BLOCKING] += max(0.0, ms - 50)  # what total blocking time counts of a task
        elif name in KINDS:
            stack = (event.get("args", {}).get("beginData") or {}).get("stackTrace") or []
            forced = f", forced by {Path(stack[0]['url']).name}" if stack else ""
            found[KINDS[name] + forced] += ms
        elif name in ("EvaluateScript", "v8.evaluateModule", "FunctionCall"):
            data = event.get("args", {}).get("data") or {}
            url = Path(data.get("url") or "?").name or "the page"
            found[f"script {url}"] += ms
    return found


def trace_load(browser, url: str, path: Path) -> dict:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    session = context.new_cdp_session(page)
    session.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(2000)  # the tasks that follow load (setting up the page's widgets)
    browser.stop_tracing()
    context.close()
    return json.loads(path.read_text())


def trace_first_run(browser, url: str, path: Path) -> dict:
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.goto(url, wait_until="load")
    browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
    page.locator(".lit-run-button").first.click()
    page.wait_for_selector(".lit-live", timeout=120_000)
    browser.stop_tracing()
    context.close()
    return json.loads(path.read_text())


def report(title: str, runs: list[collections.Counter]) -> float:
    """Print the medians of runs' costs; return the median time past 50 ms a task."""
    names = {name for run in runs for name in run}
    median = {name: statistics.median(run.get(name, 0) for run in runs) for name in names}
    busy = median.pop("busy (all tasks)", 0) or 1
    workers = median.pop(WORKERS, 0)
    blocking = median.pop(BLOCKING, 0)
    print(f"{title} (medians of {len(runs)}): main thread busy {busy:.0f} ms, of it")
    print(f"  {blocking:.0f} ms past 50 ms a task; Web Workers {workers:.0f} ms; the main")
    print("  thread's largest costs:")
    for name, ms in sorted(median.items(), key=lambda item: -item[1])[:10]:
        print(f"  {ms:7.0f} ms  {100 * ms / busy:4.0f} %  {name}")
    return blocking


def cold_loads(browser, urls: dict[str, str], page: str, runs: int, work: Path) -> None:
    """Trace a cold load of page on each site (name -> address), by turns, runs times; print
    each site's costs and, for two sites, the first's time past 50 ms a task over the other's."""
    traced: dict[str, list] = {name: [] for name in urls}
    for _ in range(runs):
        for name, url in urls.items():
            address = f"{url}{page}/" if page != "index" else url
            traced[name].append(costs(trace_load(browser, address, work / "t.json")))
    blocking = [report(f"cold load of {page}, {name}", loads) for name, loads in traced.items()]
    if len(blocking) == 2:
        ratio = blocking[0] / blocking[1] if blocking[1] else float("inf")
        print(f"{page}: time past 50 ms a task, {' / '.join(urls)}: {ratio:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pages", nargs="*", default=["chain-rule", "training-an-mlp"])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--material", action="store_true", help="and Material alone, by turns")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="trace-costs-") as temporary:
        work = Path(temporary)
        site = args.site or work / "site"
        if not args.site:
            build_ours(site)
        sites = {"ours": site}
        if args.material:
            sites["Material alone"] = work / "material"
            build_material_alone(sites["Material alone"], work)
        with ExitStack() as servers, sync_playwright() as playwright:
            urls = {name: servers.enter_context(serve(folder)) for name, folder in sites.items()}
            browser = launch(playwright)
            for page in args.pages:
                cold_loads(browser, urls, page, args.runs, work)
            url = urls["ours"]
            first = f"{url}{args.pages[0]}/"
            runs = [
                costs(trace_first_run(browser, first, work / "t.json")) for _ in range(args.runs)
            ]
            report(f"first Run on {args.pages[0]} (click to output)", runs)
            browser.close()


if __name__ == "__main__":
    sys.exit(main())
