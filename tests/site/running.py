"""Driving the page's runner and exercises in the browser tests: which blocks can run, when a
run is done, the reader's output, and an exercise's Check and solution."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from urllib.parse import urljoin

from literate.frontends.site_assets import loaded_modules
from literate.parse.markdown import parse_page

from .browsing import RUN_TIMEOUT, sources_by_page, wait_for_text, within_reach

VERDICT = "(el) => /^(Solved|Not yet|Could|An earlier|The check)/.test(el.textContent)"


# The page's block list, whole: the part in the page, then its file (the blocks' code, the
# exercises' checks and solutions), fetched from where runner.js resolves it, under assets/.
WHOLE_BLOCK_LIST = """async (runner) => {
    const listed = JSON.parse(document.querySelector(".lit-blocks").dataset.litPage);
    const response = await fetch(new URL(listed.source, new URL("./", runner)));
    return {listed, file: await response.json()};
}"""


def module_url(page, name: str) -> str:
    """The address of the page's module `name` (runner.js, say), as the page's loader imports
    it (site_assets.py)."""
    found = next(m for m in loaded_modules(page.content()) if m.endswith(f"/{name}"))
    return urljoin(page.url, found)


def blocks_of(page) -> list[dict]:
    """Every block of the page as the runner has it once a run needs it: its entry in the page
    (kind, line, whether the browser runs it), with its code and an exercise's all from the
    file; the two must agree on what both hold."""
    whole = page.evaluate(WHOLE_BLOCK_LIST, module_url(page, "runner.js"))
    listed, full = whole["listed"]["blocks"], whole["file"]["blocks"]
    assert len(listed) == len(full), "the page and its block list file disagree"
    for light, block in zip(listed, full, strict=True):
        light_exercise = light.pop("exercise", None)
        assert light.items() <= block.items(), (light, block)
        if light_exercise is not None:
            assert light_exercise.items() <= block["exercise"].items(), light_exercise
    return full


def runnable(page) -> list[int]:
    """Indexes (in page.locator('.lit-run')) of the shown blocks the browser can run."""
    blocks = blocks_of(page)
    markers = page.locator(".lit-run")
    indexes = [int(markers.nth(i).get_attribute("data-lit-block")) for i in range(markers.count())]
    return [i for i, block in enumerate(indexes) if blocks[block]["browser"]]


def wait_done(page, marker) -> str:
    return wait_for_text(page, marker.locator(".lit-status"), "Ran|Error|Stopped|Could|An earlier")


def live_output(marker):
    """The reader's output of the block whose toolbar is in marker: right after its code (none
    when its run showed nothing; not a later block's)."""
    return marker.locator("xpath=following-sibling::*[2][contains(@class,'lit-live')]")


def built_output(marker):
    """The build's output of the block whose toolbar is in marker: right after its code (none
    when the build showed nothing, or once the reader's run has replaced it)."""
    return marker.locator(
        "xpath=following-sibling::*[2][contains(@class,'lit-output')"
        " and not(contains(@class,'lit-live'))]"
    )


def exercises_of(page) -> list[tuple[int, dict]]:
    return [
        (i, block["exercise"]) for i, block in enumerate(blocks_of(page)) if "exercise" in block
    ]


def check(page, index: int) -> str:
    marker = page.locator(f'.lit-exercise[data-lit-block="{index}"]')
    within_reach(marker.locator(".lit-check-button")).click()
    feedback = marker.locator("xpath=following-sibling::div[contains(@class,'lit-feedback')][1]")
    page.wait_for_function(VERDICT, arg=feedback.element_handle(), timeout=RUN_TIMEOUT)
    # the verdict; what the reader's code printed follows in a <pre>
    return feedback.evaluate("(el) => (el.firstChild ? el.firstChild.textContent : '')")


def load_solution(page, index: int) -> None:
    marker = page.locator(f'.lit-exercise[data-lit-block="{index}"]')
    solution = marker.locator(
        "xpath=following-sibling::details[contains(@class,'lit-solution')][1]"
    )
    within_reach(solution.locator("summary")).click()
    within_reach(solution.locator(".lit-load-button")).click()


# What an output says, line by line: its printed text and values (consecutive pieces of one
# stream joined, then cut into lines) and, for each display, what it is: a widget with its
# controls (marked hidden until its script shows them) and nodes, or a graph with what each of
# its nodes says. Notes of the page about the output (that it varies, the zoom bar) and the
# graph's text for screen readers are not the output.
DESCRIBE_JS = """(box) => {
  if (!box) return [];
  const lines = [];
  let run = null;
  const flush = () => {
    const text = run ? run.text.replace(/\\n$/, "") : null;
    if (run) text.split("\\n").forEach((line) => lines.push(`${run.kind}| ${line}`));
    run = null;
  };
  const nodes = (el) => el.querySelectorAll("svg g.node").length;
  const controls = (el) => [...el.querySelectorAll("button, input, select")]
    .map((c) => (c.closest("[hidden]") ? "hidden " : "") +
      (c.getAttribute("aria-label") || c.textContent.trim() || c.type)).join(", ");
  for (const el of box.querySelectorAll("pre, .lit-display")) {
    if (el.tagName === "PRE" && !el.closest(".lit-display")) {
      const kind = el.className.replace(/^lit-/, "");
      if (run && run.kind !== kind) flush();
      run = run || { kind, text: "" };
      run.text += el.textContent;
    } else if (el.classList.contains("lit-display")) {
      flush();
      const widget = el.querySelector(".mg-stepper, .mg-visiting, .mg-frames");
      const svg = el.querySelector("svg");
      if (widget) lines.push(`${widget.className}| ${nodes(el)} nodes; ${controls(el)}`);
      else if (svg) {
        lines.push(`svg ${svg.getAttribute("class")}| ${nodes(el)} nodes`);
        // what each node says (a value's data and grad), by its title: the drawing's own ids
        for (const node of svg.querySelectorAll("g.node")) {
          const texts = [...node.querySelectorAll("text")].map((t) => t.textContent.trim());
          lines.push(`node ${node.querySelector("title").textContent}| ${texts.join(" | ")}`);
        }
      }
      else lines.push(`display| ${el.textContent.trim()}`);
    }
  }
  flush();
  return lines;
}"""


def described(locator) -> list[str]:
    """The output (a .lit-output element, or none) as DESCRIBE_JS says it."""
    if locator.count() == 0:
        return []
    return locator.evaluate(DESCRIBE_JS)


def catalogue(built_site: Path) -> list[dict]:
    """The site's list of exercises, page by page, as the build wrote it."""
    return json.loads((built_site / "assets" / "exercises.json").read_text())["pages"]


@functools.cache
def _markdown_blocks() -> dict[str, list]:
    """Each Markdown page (its HTML path) and its blocks, parsed once by the build's parser."""
    return {
        path: parse_page(source.read_text(), "").blocks
        for path, source in sources_by_page().items()
        if source.suffix == ".md"
    }


def pages_with_exercises() -> list[str]:
    """The pages whose source has an exercise fence."""
    blocks = _markdown_blocks()
    return [path for path in blocks if any(b.options["exercise"] for b in blocks[path])]


def pages_that_run() -> list[str]:
    """The Markdown pages with a block that runs."""
    return [path for path, blocks in _markdown_blocks().items() if blocks]


# Every text a status says, in order, each once, without its clock (the seconds a waiting
# stage shows after its words, .lit-clock): heard by a MutationObserver from the call on.
WATCH_STATUS_JS = """(el) => {
  el.litSaid = [];
  const note = () => {
    const words = [...el.childNodes]
      .filter((node) => !(node.classList && node.classList.contains("lit-clock")))
      .map((node) => node.textContent)
      .join("");
    if (el.litSaid[el.litSaid.length - 1] !== words) el.litSaid.push(words);
  };
  new MutationObserver(note).observe(el, { childList: true, characterData: true, subtree: true });
}"""


def watch_status(status) -> None:
    """Start hearing what the status element (a locator) says; said(status) tells it."""
    status.evaluate(WATCH_STATUS_JS)


def said(status) -> list[str]:
    return status.evaluate("(el) => el.litSaid")
