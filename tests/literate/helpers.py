"""Shared helpers for the build engine's tests."""

from __future__ import annotations

import html
import json
import re
import textwrap
from dataclasses import replace
from pathlib import Path

from literate.execute.watchdog import run_page
from literate.frontends.project import load_plugin_config
from literate.frontends.site_assets import site_assets
from literate.parse import Page
from literate.parse.markdown import parse_page
from literate.results import ItemResult, PageRun
from literate.settings import Settings

REPO_ROOT = Path(__file__).resolve().parents[2]
SETTINGS = Settings(project_root=REPO_ROOT, use_cache=False, packages=("micrograd", "spelled_out"))


# An exercise with every section, for a page whose `base` is 3 (its check reads it).
EXERCISE = """\
# %% starter
def double(x):
    return x
# %% solution
def double(x):
    return 2 * x
# %% check
got = double(base)
assert got == 2 * base, f"double({base}) should be {2 * base}, got {got}"
# %% hint
Multiply by *two*.
# %% success
You doubled it.
"""


def page_of(markdown: str, path: str = "docs/t.md") -> Page:
    return parse_page(textwrap.dedent(markdown), path)


def run_markdown(markdown: str, path: str = "docs/t.md", **settings) -> tuple[Page, PageRun]:
    page = page_of(markdown, path)
    return page, run_page(page, replace(SETTINGS, **settings))


def fence(code: str, options: str = "", indent: str = "") -> str:
    """An executable fence (keeps test sources readable)."""
    body = textwrap.dedent(code).strip("\n").split("\n")
    lines = [f'```python exec="1"{" " + options if options else ""}', *body, "```"]
    return "\n".join(indent + line if line else "" for line in lines) + "\n"


def stdout(result: ItemResult) -> str:
    return _stream(result, "stdout")


def stderr(result: ItemResult) -> str:
    return _stream(result, "stderr")


def _stream(result: ItemResult, name: str) -> str:
    outputs = result.outputs
    return "".join(o["text"] for o in outputs if o["output_type"] == "stream" and o["name"] == name)


def raised(result: ItemResult) -> str | None:
    """The line shown for an expected exception, or None."""
    errors = [o for o in result.outputs if o["output_type"] == "error"]
    return errors[0]["traceback"][-1].rstrip("\n") if errors else None


def displays(result: ItemResult) -> list[dict]:
    """The mimebundle outputs: [{"type": ..., "data": {...}, "kind": ...}]."""
    return [
        {
            "type": o["output_type"],
            "data": o["data"],
            "kind": o.get("metadata", {}).get("literate", {}).get("kind", ""),
        }
        for o in result.outputs
        if o["output_type"] in ("execute_result", "display_data")
    ]


def result_of(
    value: str | None = None,
    stdout: str = "",
    stderr: str = "",
    text: str | None = None,
    bundles: tuple[dict, ...] = (),
) -> ItemResult:
    """An ItemResult as the worker would send it: an inline value, or a block's streams, then
    its value's text/plain (`text`) or other mimebundles."""
    outputs: list[dict] = []
    for name, streamed in (("stdout", stdout), ("stderr", stderr)):
        if streamed:
            outputs.append({"output_type": "stream", "name": name, "text": streamed})
    for data in ({"text/plain": value or text}, *bundles) if (value or text) else bundles:
        outputs.append(
            {"output_type": "execute_result", "execution_count": None, "data": data, "metadata": {}}
        )
    return ItemResult(outputs=outputs)


def shipped_modules() -> dict[str, str]:
    """Site name -> source text of every JavaScript file the site's assets/ gets: the
    packages' (as mkdocs.yml configures them) and the site's own docs/assets/."""
    config, docs_dir = load_plugin_config(REPO_ROOT)
    files = dict(site_assets(config.assets).files)
    files.update({path.name: path for path in (REPO_ROOT / docs_dir / "assets").glob("*.js")})
    return {name: path.read_text() for name, path in files.items() if name.endswith(".js")}


def listed_in_page(markup: str) -> dict:
    """The block list a page carries (present/browser.py), from its markup."""
    assert markup.startswith('<div class="lit-blocks" hidden data-lit-page=\'')
    value = markup.split("data-lit-page='", 1)[1].rsplit("'", 1)[0]
    assert "'" not in value
    return json.loads(html.unescape(value))


def without_heights(page_html: str) -> str:
    """HTML without the heights the build guesses for the browser (present/placeholders.py),
    for tests of what the HTML says, not of the guess."""
    return re.sub(r' style="--lit-height: [^"]*"', "", page_html)
