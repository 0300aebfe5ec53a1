"""The site in a real browser (Debian's Chromium driven by Playwright), page by page: no console
error, no request leaving 127.0.0.1, math rendered by KaTeX, every graph visible and legible in
both colour schemes, the backward stepper stepping, notebook downloads that are notebooks.
With --screenshots (make screenshots), pictures of every page go to test-artifacts/screenshots/."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

import nbformat
import pytest

from .browsing import (
    DESKTOP,
    PHONE,
    REPO_ROOT,
    SCHEME,
    SCHEME_TOGGLE,
    page_id,
    per_page,
    scheme_of,
    scroll_to_widgets,
    source_pages,
)

pytestmark = pytest.mark.site

SCREENSHOTS = REPO_ROOT / "test-artifacts" / "screenshots"
MIN_CONTRAST = 3.0

# Graphs and figures the build engine drew (scripts/literate/present/output_html.py: lit-graph,
# lit-figure, inside .lit-display) and the SVG outputs of notebooks (mkdocs-jupyter).
GRAPHS = ".lit-display svg, svg.lit-graph, svg.lit-figure, .jp-RenderedSVG svg"

# For each graph: is it shown, its size, and the contrast of its text against what is behind
# the text, after the CSS filter the scheme applies (literate.css inverts graphs in slate).
GRAPH_REPORT_JS = """
(selector) => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const opaque = (c) => {
    const p = parse(c);
    return p.length >= 3 && (p.length < 4 || p[3] > 0.5);
  };
  function applyFilter(rgb, filter) {
    let [r, g, b] = rgb.map((v) => v / 255);
    for (const [, name, arg] of filter.matchAll(/([a-z-]+)\\(([^)]*)\\)/g)) {
      const x = parseFloat(arg);
      if (name === "invert") {
        [r, g, b] = [r, g, b].map((v) => x * (1 - v) + (1 - x) * v);
      } else if (name === "hue-rotate") {
        const a = (arg.endsWith("turn") ? x * 360 : arg.endsWith("rad") ? x * 180 / Math.PI : x)
          * Math.PI / 180;
        const c = Math.cos(a), s = Math.sin(a);
        const m = [  // the hue-rotate matrix of the Filter Effects spec
          0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715,
          0.072 - c * 0.072 + s * 0.928,
          0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140,
          0.072 - c * 0.072 - s * 0.283,
          0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715,
          0.072 + c * 0.928 + s * 0.072,
        ];
        [r, g, b] = [m[0] * r + m[1] * g + m[2] * b, m[3] * r + m[4] * g + m[5] * b,
                     m[6] * r + m[7] * g + m[8] * b].map((v) => Math.min(1, Math.max(0, v)));
      } else if (name === "brightness") {
        [r, g, b] = [r, g, b].map((v) => Math.min(1, v * x));
      }
    }
    return [r, g, b].map((v) => v * 255);
  }
  function luminance(rgb) {
    const [r, g, b] = rgb.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  function pageBackground(element) {
    for (let e = element; e; e = e.parentElement) {
      const c = getComputedStyle(e).backgroundColor;
      if (opaque(c)) return parse(c).slice(0, 3);
    }
    return [255, 255, 255];
  }
  function filtersOf(element) {
    const filters = [];
    for (let e = element; e; e = e.parentElement) {
      const f = getComputedStyle(e).filter;
      if (f && f !== "none") filters.unshift(f);
    }
    return filters.reverse().join(" ");  // innermost first
  }
  return [...document.querySelectorAll(selector)].map((svg) => {
    const box = svg.getBoundingClientRect();
    const hiddenByDesign = !!svg.closest("details:not([open])") ||
      [...document.querySelectorAll(".tabbed-block")].some(
        (t) => t.contains(svg) && getComputedStyle(t).display === "none");
    const style = getComputedStyle(svg);
    const report = {
      id: svg.id || (svg.querySelector("g[id]") || {}).id || svg.getAttribute("class") || "svg",
      hiddenByDesign, width: box.width, height: box.height,
      shown: style.display !== "none" && style.visibility !== "hidden" && box.width > 0,
      contrast: null,
    };
    const text = svg.querySelector("text");
    if (!text) return report;
    const filter = filtersOf(svg);
    const textColor = applyFilter(parse(getComputedStyle(text).fill).slice(0, 3), filter);
    // graphviz paints its background as the first polygon of the graph; else the page shows
    const backdrop = svg.querySelector("g.graph > polygon, #patch_1 path");
    const fill = backdrop ? getComputedStyle(backdrop).fill : "none";
    const background = opaque(fill) && fill !== "none"
      ? applyFilter(parse(fill).slice(0, 3), filter) : pageBackground(svg.parentElement);
    const [hi, lo] = [luminance(textColor), luminance(background)].sort((a, b) => b - a);
    report.contrast = (hi + 0.05) / (lo + 0.05);
    report.text = textColor.map(Math.round).join(",");
    report.background = background.map(Math.round).join(",");
    return report;
  });
}
"""

PAGES = source_pages()


def _check_graphs(page, path: str, scheme: str) -> list[str]:
    problems = []
    for graph in page.evaluate(GRAPH_REPORT_JS, GRAPHS):
        if graph["hiddenByDesign"]:
            continue
        name = f"{path} [{scheme}] graph {graph['id']}"
        if not graph["shown"] or graph["width"] < 1 or graph["height"] < 1:
            problems.append(f"{name}: not visible ({graph['width']}x{graph['height']})")
        elif graph["contrast"] is not None and graph["contrast"] < MIN_CONTRAST:
            problems.append(
                f"{name}: text rgb({graph['text']}) on rgb({graph['background']}) has contrast "
                f"{graph['contrast']:.2f} < {MIN_CONTRAST}"
            )
    return problems


def _screenshot(config, page, path: str, suffix: str, full_page: bool = True) -> None:
    """A picture for people to look at (pytest --screenshots): nothing is asserted on it."""
    if not config.getoption("screenshots"):
        return
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    name = f"{page_id(path).replace('/', '-')}-{suffix}.png"
    page.screenshot(path=SCREENSHOTS / name, full_page=full_page)


@pytest.mark.parametrize("path", per_page(PAGES))
def test_page(path: str, built_site: Path, visit, pytestconfig) -> None:
    assert (built_site / path).is_file(), f"{path} was not built"
    page, recorder = visit(path, DESKTOP)
    problems: list[str] = []

    # math: every arithmatex element rendered by KaTeX, no KaTeX error
    page.wait_for_function(
        "[...document.querySelectorAll('.arithmatex')].every((e) => e.querySelector('.katex'))",
        timeout=10_000,
    )
    math = page.evaluate(
        "({errors: document.querySelectorAll('.katex-error').length,"
        " unrendered: [...document.querySelectorAll('.arithmatex')]"
        "   .filter((e) => !e.querySelector('.katex')).map((e) => e.textContent.slice(0, 60))})"
    )
    if math["errors"]:
        problems.append(f"{path}: {math['errors']} KaTeX error(s)")
    problems += [f"{path}: math not rendered: {tex!r}" for tex in math["unrendered"]]

    # graphs, light scheme, then the palette toggle to slate, and back (the page is shared)
    assert scheme_of(page) == "default"
    problems += _check_graphs(page, path, "default")
    _screenshot(pytestconfig, page, path, "desktop")
    toggle = page.locator(SCHEME_TOGGLE)
    toggle.first.click()
    page.wait_for_function(f"{SCHEME} === 'slate'")
    problems += _check_graphs(page, path, "slate")
    _screenshot(pytestconfig, page, path, "desktop-dark")
    toggle.first.click()
    page.wait_for_function(f"{SCHEME} === 'default'")

    phone, phone_recorder = visit(path, PHONE)
    phone.wait_for_load_state("networkidle")  # late requests (search index, fonts) are seen
    _screenshot(pytestconfig, phone, path, "phone", full_page=False)

    for rec in (recorder, phone_recorder):
        problems += [f"{path}: {error}" for error in rec.errors]
        problems += [f"{path}: request to {url}" for url in rec.foreign_requests()]
    assert not problems, "\n".join(dict.fromkeys(problems))


def _stepper_state(page, index: int) -> dict:
    return page.evaluate(
        """(index) => {
          const root = document.querySelectorAll('.mg-stepper')[index];
          const data = JSON.parse(root.dataset.frames);
          const shown = data.names.map((name) => {
            const title = [...root.querySelectorAll('g.node > title')]
              .find((t) => t.textContent === name);
            const text = title && [...title.parentNode.querySelectorAll('text')]
              .find((t) => t.textContent.startsWith('grad '));
            return text ? text.textContent : null;
          });
          return {step: +root.dataset.step, frames: data.frames, shown};
        }""",
        index,
    )


def _expected(state: dict, step: int) -> list:
    grads = state["frames"][step]["grads"]
    return [g if shown is not None else None for g, shown in zip(grads, state["shown"])]


def stepper_pages(built_site: Path) -> list[str]:
    return sorted(
        p.relative_to(built_site).as_posix()
        for p in built_site.rglob("index.html")
        if 'class="mg-stepper"' in p.read_text(encoding="utf-8")
    )


def test_backward_stepper(built_site: Path, open_page) -> None:
    """Buttons and arrow keys step forward and back; the last frame shows the engine's grads."""
    pages = stepper_pages(built_site)
    assert pages, "no page of the site has a backward stepper"
    _run_steppers(pages, open_page)


def _run_steppers(paths: list[str], open_page) -> None:
    for path in paths:
        page, recorder = open_page(path, DESKTOP)
        scroll_to_widgets(page)
        count = page.locator(".mg-stepper").count()
        assert count, f"{path}: no stepper"
        for index in range(count):
            root = page.locator(".mg-stepper").nth(index)
            root.scroll_into_view_if_needed()
            state = _stepper_state(page, index)
            last = len(state["frames"]) - 1
            where = f"{path} stepper {index}"
            assert last >= 1, f"{where}: no steps"
            assert state["step"] == 0, f"{where}: starts at step {state['step']}"
            assert any(s is not None for s in state["shown"]), f"{where}: no grad texts"
            assert state["shown"] == _expected(state, 0)
            root.locator("button[data-step=next]").click()
            state = _stepper_state(page, index)
            assert state["step"] == 1 and state["shown"] == _expected(state, 1), where
            root.locator("button[data-step=prev]").click()
            assert _stepper_state(page, index)["step"] == 0, where
            root.focus()
            two = min(2, last)
            for _ in range(two):
                page.keyboard.press("ArrowRight")
            state = _stepper_state(page, index)
            assert state["step"] == two and state["shown"] == _expected(state, two), where
            page.keyboard.press("ArrowLeft")
            assert _stepper_state(page, index)["step"] == two - 1, where
            root.locator("button[data-step=last]").click()
            state = _stepper_state(page, index)
            assert state["step"] == last, where
            # the final frame shows exactly the grads the engine put in the JSON's last frame
            assert state["shown"] == _expected(state, last), where
            counter = root.locator(".mg-stepper-counter").inner_text()
            assert counter == f"step {last} of {last}", where
            # Home and End, named buttons, a slider that says what the step does, a live caption
            root.focus()
            page.keyboard.press("Home")
            assert _stepper_state(page, index)["step"] == 0, where
            page.keyboard.press("End")
            assert _stepper_state(page, index)["step"] == last, where
            names = [b.get_attribute("aria-label") for b in root.locator("button").all()]
            assert names == ["First step", "Previous step", "Next step", "Last step"], where
            slider = root.locator("input[type=range]").get_attribute("aria-valuetext")
            caption = root.locator(".mg-stepper-caption")
            assert slider == f"step {last} of {last}: {caption.inner_text()}", where
            assert caption.get_attribute("aria-live") == "polite", where
        assert not recorder.errors, recorder.errors


def test_notebook_downloads_are_notebooks(built_site: Path, site_url: str, open_page) -> None:
    """Every .ipynb link on every page (chapters and the Notebooks section) returns a notebook."""
    links: dict[str, str] = {}
    for path in PAGES:
        html = (built_site / path).read_text(encoding="utf-8")
        for href in re.findall(r'href="([^"#?]+\.ipynb)"', html):
            links[urljoin(urljoin(site_url, path), href)] = path
    notebook_pages = [p for p in PAGES if p.startswith("notebooks/")]
    assert notebook_pages, "no notebooks under docs/notebooks/"
    for path in notebook_pages:
        assert any(page == path for page in links.values()), f"{path}: no .ipynb download link"
    for url, path in links.items():
        with urllib.request.urlopen(url, timeout=10) as response:
            body = response.read().decode("utf-8")
        notebook = nbformat.reads(body, as_version=4)
        nbformat.validate(notebook)
        assert notebook.cells, f"{path}: {url} is an empty notebook"
    # and the download button a reader sees on a notebook page points at one of them
    page, _ = open_page(notebook_pages[0], DESKTOP)
    button = page.locator("a.md-content__button[download]")
    assert button.count() == 1 and button.is_visible()
    href = button.get_attribute("href")
    assert href and href.endswith(".ipynb")
    assert urljoin(page.url, href) in links


def test_instant_navigation_renders_math_graphs_and_stepper(open_page) -> None:
    """Material swaps pages without a reload; the site's scripts must set up each new page."""
    page, recorder = open_page("index.html", DESKTOP)
    page.evaluate("window.__sameDocument = true")
    page.locator("article a[href*='chain-rule']").first.click()
    page.wait_for_url(re.compile(r".*/chain-rule/.*"))
    page.wait_for_selector(".mg-stepper", state="attached", timeout=10_000)
    scroll_to_widgets(page)  # set up as the reader scrolls to it: the new page's is watched too
    assert page.evaluate("window.__sameDocument === true"), "the link reloaded the page"
    # KaTeX loads on the first page with maths, after the swap: wait for it, not for a guess.
    every_formula_rendered = (
        "[...document.querySelectorAll('.arithmatex')].every((e) => e.querySelector('.katex'))"
    )
    page.wait_for_function(f"() => {every_formula_rendered}", timeout=10_000)
    state = page.evaluate(
        f"({{math: {every_formula_rendered},"
        " graphs: document.querySelectorAll('svg.lit-graph').length,"
        " sized: document.querySelectorAll('svg.lit-graph[data-sized]').length,"
        " step: document.querySelector('.mg-stepper').dataset.step})"
    )
    assert state["math"] and state["graphs"] > 0 and state["sized"] == state["graphs"], state
    assert state["step"] == "0", state
    page.keyboard.press("Tab")
    page.locator(".mg-stepper button[data-step=next]").click()
    assert page.evaluate("document.querySelector('.mg-stepper').dataset.step") == "1"
    assert not recorder.errors, recorder.errors
    assert not recorder.foreign_requests(), recorder.foreign_requests()
