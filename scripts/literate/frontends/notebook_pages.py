"""Notebook pages: percent-format `.py` notebooks under docs/, executed by the build engine and
rendered to HTML by mkdocs-jupyter's converter (no kernel: the outputs are already there).

mkdocs-jupyter and nbconvert take most of a second to import, so they are imported only when a
notebook's HTML is not in the cache, which holds it under a hash of the executed notebook.
The page stays light and offline: the stylesheets nbconvert inlines into every notebook page
(JupyterLab's, about 600 KB) move to one shared file under `assets/notebooks/`, and the MathJax
loader it adds (a request to a CDN) is dropped; math on this site is KaTeX.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import re
import tempfile
from importlib import metadata
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File
from mkdocs.structure.toc import get_toc
from mkdocs.utils import get_relative_url

from literate.cache import Cache
from literate.frontends.css_prune import classes_in, prune
from literate.parse import Page
from literate.present.html import download_link_html
from literate.present.notebook_cells import SETUP_TAG
from literate.results import ItemResult

ENGINE = Path(__file__).resolve().parent.parent
log = logging.getLogger("mkdocs.plugins.literate")


def _code_version(*files: Path) -> str:
    """A hash of the code that makes a cached presentation, so that editing it re-presents."""
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.read_bytes())
    return digest.hexdigest()


# What a notebook download is made by (its prose cells come through present/html.py).
NOTEBOOK_PRESENTERS = (
    "notebook.py",
    "notebook_cells.py",
    "notebook_practice.py",
    "notebook_prose.py",
)
PRESENTERS = [ENGINE / "present" / name for name in (*NOTEBOOK_PRESENTERS, "html.py", "outputs.py")]
PRUNER = Path(__file__).resolve().parent / "css_prune.py"
ASSET_DIR = "assets/notebooks"  # under the site: the shared notebook stylesheets
_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.DOTALL)
_MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.DOTALL)


class NotebookFile(File):
    """A `.py` notebook that is a page of the site (notebooks/moons.py -> notebooks/moons/)."""

    def is_documentation_page(self) -> bool:
        return True


def as_notebook_file(file: File) -> NotebookFile:
    return NotebookFile(file.src_uri, file.src_dir, file.dest_dir, file.use_directory_urls)


class NotebookRenderer:
    """Executed notebooks to page HTML, through a cache; collects the shared stylesheets."""

    def __init__(self, cache: Cache | None):
        self.cache = cache
        self.styles: dict[str, str] = {}  # site path -> css, written at the end of the build
        self.used: dict[str, set[str]] = {}  # site path -> classes its pages use

    def render_into(self, page: Any, notebook_text: str, download_name: str) -> None:
        """Set the page's content and table of contents from the executed notebook."""
        rendered = self._rendered(notebook_text)
        content = rendered["content"]
        if rendered["css"]:
            path = f"{ASSET_DIR}/{hashlib.sha256(rendered['css'].encode()).hexdigest()[:12]}.css"
            self.styles[path] = rendered["css"]
            self.used.setdefault(path, set()).update(classes_in(content))
            href = html.escape(get_relative_url(path, page.url or "."))
            content = f'<link rel="stylesheet" href="{href}">' + content
        end = content.find("</h1>")
        if end < 0:
            raise ValueError(
                f"{page.file.src_uri}: a notebook needs a '# Title' Markdown cell first"
            )
        end = content.find("</div>", end)  # the end of the first Markdown cell, with the h1
        link = download_link_html(download_name, "Download this notebook (.ipynb)")
        page.content = content[:end] + link + content[end:]
        page.toc = get_toc(rendered["toc_tokens"])

    def _rendered(self, notebook_text: str) -> dict[str, Any]:
        versions = [
            _version("mkdocs-jupyter"),
            _version("nbconvert"),
            _code_version(Path(__file__)),
        ]
        key = hashlib.sha256(json.dumps([notebook_text, versions]).encode()).hexdigest()
        path = self.cache.directory / "notebook-html" / f"{key}.json" if self.cache else None
        stored = self.cache.load_json(path) if self.cache and path else {}
        if set(stored) == {"content", "css", "toc_tokens"}:
            return stored
        rendered = self._convert(notebook_text, key)
        if self.cache and path:
            _store(self.cache, path, json.dumps(rendered))
        return rendered

    def _convert(self, notebook_text: str, key: str) -> dict[str, Any]:
        from mkdocs_jupyter import convert
        from mkdocs_jupyter.plugin import _get_nb_toc_tokens

        with tempfile.TemporaryDirectory(prefix="literate-notebook-") as work:
            source = Path(work) / f"{key}.ipynb"
            source.write_text(notebook_text, encoding="utf-8")
            body = convert.nb2html(
                str(source),
                execute=False,
                allow_errors=False,
                remove_tag_config={"remove_cell_tags": [SETUP_TAG]},  # the notebook's own
            )
            toc_tokens, _ = _get_nb_toc_tokens(str(source), 6)
        body = _MATHJAX.sub("", body)
        css = "\n".join(match.group(1) for match in _STYLE.finditer(body))
        return {"content": _STYLE.sub("", body), "css": css, "toc_tokens": toc_tokens}

    def write_styles(self, site_dir: Path) -> None:
        """Each stylesheet cut to the rules its pages can match (css_prune), cached."""
        for path, css in self.styles.items():
            used = sorted(self.used.get(path, ()))
            key = hashlib.sha256(json.dumps([css, used, _code_version(PRUNER)]).encode())
            cached = (
                self.cache.directory / "notebook-css" / f"{key.hexdigest()}.css"
                if self.cache
                else None
            )
            if cached is not None and cached.is_file():
                pruned = cached.read_text(encoding="utf-8")
            else:
                pruned = prune(css, set(used))
                if self.cache and cached is not None:
                    _store(self.cache, cached, pruned)
            target = site_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(pruned, encoding="utf-8")


def notebook_text(page: Page, results: list[ItemResult], cache: Cache | None) -> str:
    """The page's .ipynb, from the cache when the page and its results are unchanged (building
    it imports nbformat, which a warm build need not pay for)."""
    code = [_code_version(*PRESENTERS), _version("nbformat")]
    payload = [page.source, page.first_line, [r.to_json() for r in results], code]
    key = hashlib.sha256(json.dumps(payload).encode()).hexdigest()
    path = cache.directory / "notebooks" / f"{key}.ipynb" if cache is not None else None
    if path is not None and path.is_file():
        return path.read_text(encoding="utf-8")
    from literate.present.notebook import notebook_json

    text = notebook_json(page, results)
    if cache is not None and path is not None:
        _store(cache, path, text)
    return text


def _store(cache: Cache, path: Path, text: str) -> None:
    """A presentation is cheap to make again: a cache that cannot be written costs speed only."""
    try:
        cache.write_atomic(path, text)
    except OSError as error:
        log.warning(f"literate: could not store {path.name}: {error}")


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"
