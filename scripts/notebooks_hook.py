"""MkDocs hook for the Notebooks section (docs/notebooks/*.py, rendered by mkdocs-jupyter).

mkdocs-jupyter executes each jupytext percent-format `.py` notebook at every build and renders
it; with `include_source: true` it copies the `.py` next to the page. This hook adds what the
site needs on top:

- the kernel imports this repository's `micrograd` (its root goes first on PYTHONPATH, which
  the kernel process inherits), whatever the current directory or installed packages;
- a real notebook to download: `<name>.ipynb` (converted from the `.py` with jupytext, without
  outputs: run it to get them) is written next to the page, and the page's download button and
  a link under its title point to it;
- the page stays light and offline: the stylesheets that nbconvert inlines into every notebook
  page (JupyterLab's, about 600 KB) move to one shared file under `assets/notebooks/`, and the
  MathJax loader it adds (a request to a CDN) is dropped; math on this site is KaTeX.

Listed under `hooks:` in mkdocs.yml, after the build engine's hook. Hooks run after plugins,
so `on_pre_page` here sees the `nb_url` that mkdocs-jupyter set and can replace it.
"""

from __future__ import annotations

import hashlib
import html
import os
import re
import sys
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.utils import get_relative_url

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:  # mkdocs loads hooks by path: make `scripts` importable
    sys.path.insert(0, str(_ROOT))

from scripts.notebook import download_link_html  # noqa: E402

NOTEBOOK_DIR = "notebooks/"  # under docs/: the pages mkdocs-jupyter renders
ASSET_DIR = "assets/notebooks"  # under the site: the shared notebook stylesheet

_STYLE = re.compile(r"<style[^>]*>(.*?)</style>", re.DOTALL)
_MATHJAX = re.compile(r"<!-- Load mathjax -->.*?<!-- End of mathjax configuration -->", re.DOTALL)

_styles: dict[str, str] = {}  # shared stylesheet path -> css, written once per build


def _is_notebook(page: Any) -> bool:
    uri = page.file.src_uri
    return uri.startswith(NOTEBOOK_DIR) and uri.endswith(".py")


def _ipynb_name(page: Any) -> str:
    return Path(page.file.src_uri).stem + ".ipynb"


def on_config(config: Any) -> None:
    _styles.clear()
    # The kernel is a child of this process: put this repository's micrograd first.
    paths = [str(_ROOT), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    os.environ["PYTHONPATH"] = os.pathsep.join(dict.fromkeys(paths))


def on_pre_page(page: Any, config: Any, files: Any) -> Any:
    if _is_notebook(page):
        page.nb_url = _ipynb_name(page)  # relative to the page, like mkdocs-jupyter's own
    return page


def on_page_content(html_text: str, page: Any, config: Any, files: Any) -> str:
    if not _is_notebook(page):
        return html_text
    html_text = _MATHJAX.sub("", html_text)
    css = "\n".join(match.group(1) for match in _STYLE.finditer(html_text))
    if css:
        digest = hashlib.sha256(css.encode()).hexdigest()[:12]
        path = f"{ASSET_DIR}/{digest}.css"
        _styles[path] = css
        href = get_relative_url(path, page.url or ".")
        link = f'<link rel="stylesheet" href="{html.escape(href)}">'
        html_text = link + _STYLE.sub("", html_text)
    download = download_link_html(_ipynb_name(page), "Download this notebook (.ipynb)")
    end = html_text.find("</h1>")
    if end < 0:
        raise PluginError(f"{page.file.src_uri}: a notebook needs a '# Title' Markdown cell first")
    end = html_text.find("</div>", end)  # the end of the first Markdown cell, with the h1
    return html_text[:end] + download + html_text[end:]


def on_post_page(output: str, page: Any, config: Any) -> str:
    if _is_notebook(page):
        import jupytext

        notebook = jupytext.read(page.file.abs_src_path)
        target = Path(page.file.abs_dest_path).parent / _ipynb_name(page)
        target.parent.mkdir(parents=True, exist_ok=True)
        jupytext.write(notebook, target, fmt="ipynb")
    return output


def on_post_build(config: Any) -> None:
    for path, css in _styles.items():
        target = Path(config.site_dir) / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(css, encoding="utf-8")
