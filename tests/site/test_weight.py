"""No page is heavy: each page's own HTML stays under 400 KB, and a first visit to any page (its
HTML and every asset it fetches, measured in Chromium) stays within budget."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from .browsing import COLD_LOADS, DESKTOP, SIZE_TABLE, Recorder, page_url, source_pages

pytestmark = pytest.mark.site

LIMIT = 400 * 1024


def test_page_html_under_limit(built_site: Path, record_property) -> None:
    pages = sorted(p for p in built_site.rglob("*.html") if "assets" not in p.parts)
    assert pages, "the built site has no pages"
    sizes = {p.relative_to(built_site).as_posix(): p.stat().st_size for p in pages}
    width = max(map(len, sizes))
    table = [f"{name:<{width}}  {size / 1024:8.1f} KB" for name, size in sizes.items()]
    table.append(f"{'total':<{width}}  {sum(sizes.values()) / 1024:8.1f} KB")
    for line in table:
        record_property(SIZE_TABLE, line)  # printed after the run by conftest.py
    heavy = [name for name, size in sizes.items() if size > LIMIT]
    assert not heavy, f"pages over {LIMIT // 1024} KB: {heavy}\n" + "\n".join(table)


def test_the_search_index_holds_every_pages_prose_and_no_code_listing(built_site: Path) -> None:
    """Every page fetches the search index on load: code listings stay out of it (the prose
    names what they use), the prose of every page stays in."""
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    listings = [doc["location"] for doc in index["docs"] if "<pre>" in doc["text"]]
    assert listings == [], f"code listings in the search index: {listings}"
    indexed = {doc["location"].split("#")[0] for doc in index["docs"] if doc["text"].strip()}
    pages = {path.removesuffix("index.html") for path in source_pages()}
    assert pages <= indexed, f"pages whose prose is not in the search index: {pages - indexed}"


# Everything a first visit to one page downloads, uncompressed: Material's CSS and JS (~290 KiB)
# and search index (~175 KiB, prose only, growing with it), KaTeX's fonts where maths is
# drawn (~25 KiB, cut to what the site's formulas draw; the maths is typeset at build, no
# KaTeX script), the page itself
# (the heaviest are the backward-rules chapter, ~1020 KiB, and the training chapter, with its
# eleven boundary frames and the training-loop picture, ~1000 KiB).
COLD_LOAD_LIMIT = 1450 * 1024
# Whether a formula is drawn (not only shown: content-visibility may leave it undrawn)
DRAWN_MATHS = """[...document.querySelectorAll('.katex-html')]
  .some((formula) => formula.checkVisibility({contentVisibilityAuto: true}))"""
SCROLL_TO_MATHS = """[...document.querySelectorAll('.katex-html')]
  .find((formula) => formula.checkVisibility()).scrollIntoView({block: 'center'})"""
KATEX_FETCHED = "performance.getEntriesByType('resource').some((e) => e.name.includes('/katex/'))"
# The site's modules (assets/*.js, beside Material's assets/javascripts/) requested before the
# page's first paint, and whether it was painted at all
MODULES_BEFORE_PAINT = """() => {
  const [paint] = performance.getEntriesByName('first-paint');
  const ours = performance.getEntriesByType('resource')
    .filter((e) => /\\/assets\\/[^/]+\\.js$/.test(new URL(e.name).pathname));
  return {painted: Boolean(paint), ours: ours.length,
          early: ours.filter((e) => !paint || e.startTime < paint.startTime).map((e) => e.name)};
}"""


@pytest.mark.parametrize("path", source_pages())
def test_a_cold_page_load_fetches_only_what_the_page_uses(
    path: str, open_page, record_property
) -> None:
    """A first visit, empty cache: KaTeX's fonts only where maths is drawn (its rules are in
    pages.css, with the site's other stylesheets; prose below the first screens is drawn as it
    comes near, and its formulas' fonts come then) and never its script, none of the Python
    runtime before Run is pressed, none of the site's modules before the first paint, and the
    whole load within budget."""
    page, _ = open_page(path, DESKTOP)
    page.wait_for_load_state("networkidle")
    sizes = page.evaluate(
        "performance.getEntriesByType('resource').map((e) => [e.name, e.decodedBodySize])"
        ".concat([[location.href, performance.getEntriesByType('navigation')[0].decodedBodySize]])"
    )
    total = sum(size for _, size in sizes)
    has_math = page.evaluate("document.querySelectorAll('.arithmatex').length > 0")
    katex = [url for url, _ in sizes if "/katex/" in url]
    python = [url for url, _ in sizes if "/runtime/" in url and "/katex/" not in url]
    line = f"{path:<40} {total / 1024:8.1f} KiB{'  (maths)' if has_math else ''}"
    record_property(COLD_LOADS, line)
    drawn_maths = page.evaluate(DRAWN_MATHS)
    assert bool(katex) == drawn_maths, f"{path}: maths drawn {drawn_maths}, KaTeX: {katex}"
    if has_math and not drawn_maths:  # scrolled to, a formula is drawn, in KaTeX's fonts
        page.evaluate(SCROLL_TO_MATHS)
        page.wait_for_function(KATEX_FETCHED)
    assert not [url for url in katex if url.endswith(".js")], f"{path}: KaTeX's script: {katex}"
    assert python == [], f"{path}: loaded the Python runtime before Run: {python}"
    modules = page.evaluate(MODULES_BEFORE_PAINT)  # fetched with the page, they delay its paint
    assert modules["painted"] and modules["ours"] > 0 and modules["early"] == [], (path, modules)
    assert total <= COLD_LOAD_LIMIT, f"{path}: a cold load is {total / 1024:.0f} KiB"


def test_a_module_that_fails_to_load_is_reported_and_the_next_still_runs(
    browser, site_url: str
) -> None:
    """The loader imports the page's modules one after the other: the first one failing (a
    host that lost graphs.js, say) is an error in the console, and runner.js, next in the
    list, still wires the toolbars."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        context.route("**/assets/graphs.js", lambda route: route.fulfill(status=404))
        page = context.new_page()
        recorder = Recorder(page)
        page.goto(page_url(site_url, "chain-rule/"), wait_until="load")
        wired = "document.querySelector('.lit-run-button:not(:disabled)') !== null"
        page.wait_for_function(wired)
        assert any("graphs.js" in error for error in recorder.errors), recorder.errors
    finally:
        context.close()
