"""What the site tests share that is not a fixture: the pages the site builds, the viewports,
Chromium's flags, a static server, a recorder of what a page did, and the outside world refused.
The fixtures that use them are in conftest.py."""

from __future__ import annotations

import functools
import http.server
import json
import re
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import pytest

from literate.frontends.maths_fonts import FONTS as MATHS_FONTS

REPO_ROOT = Path(__file__).resolve().parents[2]
DOCS = REPO_ROOT / "docs"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
RUN_TIMEOUT = 180_000  # ms: a hang, not a slow run (Pyodide, a training chapter, a loaded machine)
# Names of the properties test_weight records, which conftest.py prints after the run (they
# travel in the test reports, so they reach the terminal from pytest-xdist's workers too).
SIZE_TABLE = "site page sizes (HTML only, shared assets excluded)"
COLD_LOADS = "a first visit to each page: HTML and every asset fetched"
COMPARED = "the Zensical build against the MkDocs build (test_zensical.py)"


def source_pages() -> list[str]:
    """Every page the site builds, as its HTML path in the site, from the sources in docs/."""
    return list(sources_by_page())


def sources_by_page() -> dict[str, Path]:
    """Each page the site builds (its HTML path in the site) and its source file in docs/."""
    pages = {}
    for path in sorted(DOCS.rglob("*.md")):
        relative = path.relative_to(DOCS)
        if relative.parts[0] == "assets":
            continue
        stem = relative.with_suffix("")
        if stem.name in ("index", "README"):
            pages[str(stem.parent / "index.html").removeprefix("./")] = path
        else:
            pages[f"{stem.as_posix()}/index.html"] = path
    for path in sorted((DOCS / "notebooks").glob("*.py")):
        pages[f"notebooks/{path.stem}/index.html"] = path
    return pages


def page_id(path: str) -> str:
    return path.removesuffix("index.html").strip("/") or "home"


def per_page(paths: list[str]) -> list:
    """The pages as test parameters, each in the xdist group of its page: every test of one
    page runs in one process, one after another, so they share that process's visit of it
    (conftest.py, `visit`) and, for a chapter, its page after Run all."""
    return [
        pytest.param(path, id=page_id(path), marks=pytest.mark.xdist_group(f"page {path}"))
        for path in paths
    ]


def page_url(base: str, path: str) -> str:
    """The address of a page of the site (its HTML path) under base, as a reader types it."""
    return urljoin(base, path.removesuffix("index.html"))


def load(context, base: str, path: str) -> tuple[object, Recorder]:
    """A new page of the context at path (under base), loaded, with its recorder."""
    page = context.new_page()
    recorder = Recorder(page)
    response = page.goto(page_url(base, path), wait_until="load")
    assert response is not None and response.ok, f"{path}: HTTP {response and response.status}"
    settled(page)
    return page, recorder


def slowed_page(context, script: str):
    """A new page of the context whose CPU runs 4x slower, as a phone's, so that the scripts
    run after the first paint as they do there, with script run at the start of its document."""
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    page.add_init_script(script)
    return page


def text_in_view(locator) -> str:
    """The text of an element as a reader reads it: scrolled to, so drawn (code and outputs
    off-screen are not: literate.css; innerText is empty there), then read."""
    locator.evaluate("(element) => element.scrollIntoView({block: 'nearest'})")
    locator.page.wait_for_function(DRAWN, arg=locator.element_handle())
    return locator.inner_text()


# Whether an element's children are drawn (each shown one; not one in a closed <details>)
DRAWN = """(element) => [...element.children].every((child) =>
  child.checkVisibility({contentVisibilityAuto: true}) || !child.checkVisibility())"""


# The page's modules (imported once it is first painted: site_assets.py) have set it up: all
# are imported and no page set-up they scheduled is left to run (content.js, onPage); graphs.js
# has measured every box that may scroll sideways (those near the viewport at once, the rest
# while the browser is idle), and runner.js has wired the toolbars the build put in the page
# (their buttons are disabled until then)
SET_UP = """document.documentElement.dataset.litModules === 'imported'
  && document.documentElement.dataset.litPending === '0'
  && document.documentElement.dataset.litMeasured === '1'
  && !document.querySelector('.lit-toolbar button:disabled, .lit-page-bar button:disabled')"""


def reload(page) -> None:
    """The page loaded again, as a reader finds it a moment after."""
    page.reload(wait_until="load")
    settled(page)


def settled(page) -> None:
    """Wait until the page's modules have set it up: the page as a reader has it a moment
    after it loads (or is loaded again, or reached by instant navigation)."""
    page.wait_for_function(SET_UP)


# Scrolled to, then still for a few frames. An element scrolled into view draws what is near it
# (literate.css: content-visibility) a frame or two later, and what was shorter or taller than
# the build's guess moves what follows, after Playwright's own check that its target is still.
STILL = """async (element) => {
  element.scrollIntoView({block: 'center'});
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  let last = '', still = 0;
  for (let i = 0; i < 120 && still < 6; i++) {
    await frame();
    const box = element.getBoundingClientRect(), now = `${box.x},${box.y},${box.height}`;
    still = now === last ? still + 1 : 0;
    last = now;
  }
}"""

# What an expression (%s) finds with every box of the page drawn: off-screen ones are not
# (literate.css: content-visibility), and a box not drawn reports no size at all.
DRAWING_ALL = """() => {
  const all = document.createElement('style');
  all.textContent = '.md-typeset div.highlight, .md-typeset .lit-output'
    + ' { content-visibility: visible !important }';
  document.head.append(all);
  try { return %s; } finally { all.remove(); }
}"""


def within_reach(locator):
    """The element once a reader could press it: scrolled to and no longer moving."""
    locator.evaluate(STILL)
    return locator


# Run at the start of every document of a shared visit's context (about:blank has no storage)
FORGET_STORAGE = "try { localStorage.clear(); sessionStorage.clear(); } catch (error) {}"


class Visits:
    """Pages as a fresh visitor first sees them, loaded once per process and viewport for all
    the tests that only look at a page (and leave it as they found it): one browser context per
    viewport, whose every document starts with empty storage, and the last few pages kept open
    (the tests of one page run in a row: `per_page`)."""

    KEPT = 2  # pages kept open per viewport

    def __init__(self, browser, site_url: str) -> None:
        self.browser, self.site_url = browser, site_url
        self.contexts: dict[int, object] = {}
        self.pages: dict[tuple[int, str], tuple[object, Recorder]] = {}

    def open(self, path: str, viewport: dict) -> tuple[object, Recorder]:
        """(page, recorder) of path at viewport; the recorder has heard the page since load."""
        key = (viewport["width"], path)
        if key in self.pages:
            self.pages[key] = self.pages.pop(key)  # the most recently used comes last
            self._as_loaded(*key)
            return self.pages[key]
        context = self.contexts.get(viewport["width"])
        if context is None:
            context = self.browser.new_context(viewport=viewport, color_scheme="light")
            context.add_init_script(FORGET_STORAGE)
            self.contexts[viewport["width"]] = context
        self.pages[key] = load(context, self.site_url, path)
        kept = [k for k in self.pages if k[0] == key[0]]
        for old in kept[: -self.KEPT]:
            self.pages.pop(old)[0].close()
        return self.pages[key]

    def _as_loaded(self, width: int, path: str) -> None:
        """Fail the test that asks for a shared page an earlier test left elsewhere or in the
        other colour scheme (the page is loaded afresh for the tests after it)."""
        page = self.pages[(width, path)][0]
        url, scheme = page.url, scheme_of(page)
        address = urlsplit(url)._replace(fragment="").geturl()  # the fragment follows scrolling
        if address == page_url(self.site_url, path) and scheme == "default":
            return
        self.pages.pop((width, path))[0].close()
        pytest.fail(
            f"{path} at {width} px: an earlier test of this process left the shared page at "
            f"{url} in the {scheme!r} scheme; a test that changes it puts it back"
        )

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


# What the test server lets a browser keep, as a real host should (README, "Hosting the site"):
# the vendored runtime (Pyodide, Viz.js, the editor, KaTeX, wheels) changes only when `make`
# vendors another version, so it is fresh for a day; everything else (pages, the packages'
# code, the runtime's manifest and packages/ and KaTeX's fonts, cut to what the pages draw, all
# rebuilt with the site) is revalidated on each use, against Last-Modified (a 304 sends no body).
RUNTIME = "/assets/runtime/"
REBUILT = (RUNTIME + "packages/", RUNTIME + "manifest.json", f"{RUNTIME}{MATHS_FONTS}/")
KEPT_FOR = 86_400  # seconds


def cache_control(path: str) -> str:
    """The Cache-Control header the test server sends for a URL path."""
    path = urlsplit(path).path
    rebuilt = path.startswith(REBUILT)
    if path.startswith(RUNTIME) and not rebuilt:
        return f"public, max-age={KEPT_FOR}"
    return "no-cache"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    log: list[str] | None = None  # "GET /path 200" of every request, when a test asks

    def log_message(self, format: str, *args: object) -> None:
        pass

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        if self.log is not None:
            self.log.append(f"{self.command} {urlsplit(self.path).path} {int(code)}")

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:
        """A browser that drops a request it no longer wants (a page closed mid-download, a
        fetch the test refused) is no error of the site's; anything else is reported."""
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


@contextmanager
def serve(root: Path, log: list[str] | None = None) -> Iterator[str]:
    """Serve a folder on a free port of 127.0.0.1; yields its base URL (ending in "/"). With
    log, every request is appended to it as it is answered ("GET /path 200")."""
    handler_class = type("_Handler", (_QuietHandler,), {"log": log})
    handler = functools.partial(handler_class, directory=str(root))
    server = _QuietServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


class Recorder:
    """Everything a page did that a test cares about: console errors and requests."""

    def __init__(self, page) -> None:
        self.errors: list[str] = []
        self.requests: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"page error: {error}"))
        page.on("request", lambda request: self.requests.append(request.url))

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location.get('url', '')})")

    def foreign_requests(self) -> list[str]:
        return [
            url
            for url in self.requests
            if urlsplit(url).scheme not in ("data", "blob", "about")
            and urlsplit(url).hostname != "127.0.0.1"
        ]


def refuse_outside(page) -> None:
    """Every request that leaves 127.0.0.1 fails, as it would offline."""
    page.route(re.compile(r"^(?!http://127\.0\.0\.1[:/]).*"), lambda route: route.abort())


def wait_for_text(page, locator, starts: str) -> str:
    """Wait until the element's text starts with one of the `|`-separated words; its text."""
    page.wait_for_function(
        "([el, starts]) => new RegExp(`^(${starts})`).test(el.textContent)",
        arg=[locator.element_handle(), starts],
        timeout=RUN_TIMEOUT,
    )
    return locator.text_content()


# axe-core (vendored by make into .cache/axe) and what the accessibility tests ask of it
# A widget is set up as it comes near the viewport (content.js whenNear), as a reader scrolls to
# it: each visible one is scrolled into view and waited for, then the page goes back to its top.
WIDGETS_READY = """async () => {
  const widgets = [...document.querySelectorAll(
    '.mg-stepper, .mg-frames, .mg-visiting[data-visiting]')].filter((el) => el.checkVisibility());
  const ready = (el) => (el.matches('.mg-stepper') ? 'step' : 'ready') in el.dataset;
  for (const el of widgets) {
    el.scrollIntoView({block: 'center'});
    for (let t = 0; !ready(el) && t < 200; t++) await new Promise((r) => setTimeout(r, 50));
  }
  window.scrollTo(0, 0);
  return widgets.filter((el) => !ready(el)).map((el) => el.className);
}"""


def scroll_to_widgets(page) -> None:
    """Bring every visible widget of the page into view in turn and wait until it is set up."""
    assert page.evaluate(WIDGETS_READY) == [], "widgets not set up once in view"


AXE = REPO_ROOT / ".cache" / "axe" / "axe.min.js"
# WCAG 2.1 A/AA, and 2.2 AA for its target size (Lighthouse audits it: a control 24 px at least)
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
SCHEMES = ("default", "slate")
# The rules of TAGS whose outcome depends on colours: the only ones a change of colour scheme
# can change (the schemes swap colours, not markup), so the only ones run again in the second.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# Violations only: axe then skips describing every element that passes, a third of its time.
RUN_AXE = """async (runOnly) => {
  const result = await axe.run(document, {runOnly, resultTypes: ["violations"]});
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}) x${v.nodes.length}: ` +
      v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " :: " +
        ((n.any[0] || n.all[0] || n.none[0] || {}).message || "")).join(" | "));
}"""
RULES_OF_TAGS = "(tags) => axe.getRules(tags).map((rule) => rule.ruleId)"
NO_TRANSITIONS = "*, *::before, *::after { transition: none !important; }"
SCHEME = "document.body.getAttribute('data-md-color-scheme')"  # Material's colour scheme
SET_SCHEME = "(scheme) => document.body.setAttribute('data-md-color-scheme', scheme)"
SCHEME_TOGGLE = "form.md-header__option label:not([hidden])"  # the one toggle shown


def scheme_of(page) -> str:
    """The colour scheme the page shows ("default" or "slate")."""
    return page.evaluate(SCHEME)


@functools.cache
def axe_source() -> str:
    """axe-core's script, read once per process."""
    if not AXE.is_file():
        pytest.fail(f"{AXE} is missing: run 'make test' (scripts/tools/vendor-axe.sh fills it)")
    return AXE.read_text(encoding="utf-8")


def serious_violations(page, schemes: tuple[str, ...] = SCHEMES) -> list[str]:
    """axe-core's serious and critical WCAG 2.1 A/AA (and 2.2 target size) findings on the page as
    it is: every rule in the first colour scheme, the colour rules in the others. The page
    is left in the scheme it had, without the style added to measure colours as they are
    (not mid-transition)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.add_script_tag(content=axe_source())
    rules = page.evaluate(RULES_OF_TAGS, TAGS)
    assert set(COLOUR_RULES) <= set(rules), f"axe-core has no {set(COLOUR_RULES) - set(rules)}"
    had = scheme_of(page)
    style = page.add_style_tag(content=NO_TRANSITIONS)
    found = []
    try:
        for number, scheme in enumerate(schemes):
            page.evaluate(SET_SCHEME, scheme)
            only = (
                {"type": "tag", "values": TAGS}
                if number == 0
                else {"type": "rule", "values": COLOUR_RULES}
            )
            found += [f"{scheme}: {violation}" for violation in page.evaluate(RUN_AXE, only)]
    finally:
        style.evaluate("(element) => element.remove()")
        page.evaluate(SET_SCHEME, had)
    return found


def block_list_file(site: Path, listed: dict) -> dict:
    """A page's block list file in a built site, at the address its list in the page gives."""
    name = listed["source"].split("?")[0]
    return json.loads((site / "assets" / name).read_text(encoding="utf-8"))
