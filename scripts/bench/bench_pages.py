"""Page speed side by side: Lighthouse on every page of the site and of the same pages built by
Material alone, in one sitting.

    python scripts/bench/bench_pages.py [--runs 3] [--pages chain-rule,index] [--base COMMIT]
                                        [--update-readme]

Builds the site (`mkdocs build`) and the same docs/ with Material alone: the `literate` plugin
and the site's module scripts removed, every executable fence shown as a plain ```python fence
(the fences it hides, hide_code="1", left out as our pages leave them out). Serves both from
127.0.0.1 compressed with gzip, as static hosts such as GitHub Pages do, and runs Lighthouse
(npm, pinned: scripts/tools/lighthouse; its default mobile profile with simulated throttling)
on each page of each site by turns, `--runs` times. Prints one line a page: the medians of our
scores and the ratios ours / Material's of total blocking time, largest contentful paint and
bytes (a page Material alone does not build, a notebook's, has our figures alone); with --base,
the same pages as that commit built them are measured in the same turns, and their scores and
times shown beside ours (before -> now). The machine is shared and noisy:
the turns put every site under the same noise, and the ratios are what to read. Nothing here
asserts a time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from contextlib import ExitStack
from pathlib import Path

from page_sites import build_at, build_material_alone, build_ours, serve
from readme_table import update_readme

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / ".cache/lighthouse/node_modules/lighthouse/cli/index.js"
CHROME_FLAGS = (
    "--headless=new --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update --no-first-run --disable-sync"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TABLE = ("<!-- bench_pages:start -->", "<!-- bench_pages:end -->")


def lighthouse(url: str, tries: int = 3) -> dict:
    """One Lighthouse run of url: scores (0-100), TBT and LCP (ms), bytes, and the audits of
    the categories other than performance that did not pass. A run that could not score the
    page (Lighthouse's runtime error, on a loaded machine: no first paint in its time) is run
    again, and said on stderr."""
    for attempt in range(tries):
        report = _report(url)
        error = report.get("runtimeError") or {}
        if all(report["categories"][name]["score"] is not None for name in CATEGORIES):
            return _measured(report)
        print(
            f"{url}: no score ({error.get('code', 'unknown')}), try {attempt + 1}", file=sys.stderr
        )
    raise SystemExit(f"lighthouse could not score {url} in {tries} tries")


def _report(url: str) -> dict:
    done = subprocess.run(
        [
            "node",
            str(LIGHTHOUSE),
            url,
            "--quiet",
            "--output=json",
            "--output-path=stdout",
            f"--only-categories={','.join(CATEGORIES)}",
            f"--chrome-flags={CHROME_FLAGS}",
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "CHROME_PATH": "/usr/bin/chromium"},
        timeout=300,
    )
    if done.returncode != 0:
        raise SystemExit(f"lighthouse failed on {url}:\n{done.stderr[-2000:]}")
    return json.loads(done.stdout)


def _measured(report: dict) -> dict:
    audits = report["audits"]
    failing = sorted(
        audit_id
        for name in CATEGORIES[1:]
        for ref in report["categories"][name]["auditRefs"]
        if ref["weight"] and (audit_id := ref["id"]) and audits[audit_id]["score"] not in (1, None)
    )
    return {
        **{name: round(report["categories"][name]["score"] * 100) for name in CATEGORIES},
        "tbt": audits["total-blocking-time"]["numericValue"],
        "lcp": audits["largest-contentful-paint"]["numericValue"],
        "bytes": audits["total-byte-weight"]["numericValue"],
        "failing": failing,
    }


def site_pages(site: Path) -> list[str]:
    """The pages of a built site, as paths under it ('' is the home page)."""
    pages = []
    for index in sorted(site.rglob("index.html")):
        relative = index.parent.relative_to(site).as_posix()
        path = "" if relative == "." else relative + "/"
        if not path.startswith(("search/", "404")):
            pages.append(path)
    return pages


def measure(pages: list[str], sites: dict[str, Path], urls: dict[str, str], runs: int) -> dict:
    """Lighthouse's report of each page on each site that has it (the notebooks' pages have
    none in Material alone's build), by turns, runs times."""
    results: dict[str, dict[str, list[dict]]] = {p: {site: [] for site in urls} for p in pages}
    for run in range(runs):
        for page in pages:
            for site, url in urls.items():  # by turns: every site under the same noise
                if (sites[site] / page / "index.html").is_file():
                    results[page][site].append(lighthouse(url + page))
        print(f"run {run + 1}/{runs} done", file=sys.stderr, flush=True)
    return results


def median(runs: list[dict], key: str) -> float:
    return statistics.median(run[key] for run in runs)


def ratio(ours: list[dict], material: list[dict], key: str) -> str:
    if not material:
        return "no page"
    theirs = median(material, key)
    return f"{median(ours, key) / theirs:.2f}" if theirs else "n/a (0)"


def cell(sites: dict, key: str, scale: float = 1, digits: int = 0, against: bool = True) -> str:
    """Our median of key ("base -> now" with a base), and its ratio to Material alone's."""
    ours, base = sites["ours"], sites.get("base")
    now = f"{median(ours, key) / scale:.{digits}f}"
    text = f"{median(base, key) / scale:.{digits}f} → {now}" if base else now
    return f"{text} ({ratio(ours, sites['material'], key)})" if against else text


def table(results: dict) -> str:
    """One row a page: our scores, then TBT, LCP and bytes with their ratio to Material
    alone's; with a base, each of ours as "base -> now"."""
    rows = [
        "| page | perf | a11y | best practices | SEO | TBT ms (/ Material) "
        "| LCP s (/ Material) | KiB (/ Material) | Material alone: perf, TBT ms, LCP s, KiB |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    failing = set()
    for page, sites in results.items():
        material = sites["material"]
        failing.update(audit for run in sites["ours"] for audit in run["failing"])
        scores = " | ".join(cell(sites, name, against=False) for name in CATEGORIES)
        theirs = (
            f"{median(material, 'performance'):.0f}, {median(material, 'tbt'):.0f}, "
            f"{median(material, 'lcp') / 1000:.1f}, {median(material, 'bytes') / 1024:.0f}"
            if material
            else "no such page"
        )
        rows.append(
            f"| {page or 'home'} | {scores} "
            f"| {cell(sites, 'tbt')} | {cell(sites, 'lcp', 1000, 1)} "
            f"| {cell(sites, 'bytes', 1024)} | {theirs} |"
        )
    note = "Audits of ours that failed in some run: " + (", ".join(sorted(failing)) or "none")
    return "\n".join(rows) + "\n\n" + note + "."


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pages", help="comma-separated page paths (chain-rule, index: home)")
    parser.add_argument("--base", help="also measure the site as this commit built it")
    parser.add_argument("--update-readme", action="store_true")
    args = parser.parse_args()
    if not LIGHTHOUSE.is_file():
        raise SystemExit(
            "Lighthouse is missing: scripts/tools/install-npm-tool.sh lighthouse (make runs it)"
        )
    with tempfile.TemporaryDirectory(prefix="bench-pages-") as temporary:
        work = Path(temporary)
        sites = {"ours": work / "ours", "material": work / "material"}
        build_ours(sites["ours"])
        build_material_alone(sites["material"], work)
        if args.base:
            sites["base"] = work / "base"
            build_at(args.base, sites["base"], work)
        pages = site_pages(sites["ours"])
        if args.pages:
            wanted = {
                "" if p in ("index", "home") else p.strip("/") + "/" for p in args.pages.split(",")
            }
            pages = [p for p in pages if p in wanted]
        with ExitStack() as servers:
            urls = {name: servers.enter_context(serve(folder)) for name, folder in sites.items()}
            results = measure(pages, sites, urls, args.runs)
    text = table(results)
    print(text)
    if args.update_readme:
        against = f", before (commit {args.base}) → now" if args.base else ""
        update_readme(
            TABLE, f"Lighthouse 12.2.3, mobile, medians of {args.runs} runs{against}:\n\n{text}"
        )


if __name__ == "__main__":
    main()
