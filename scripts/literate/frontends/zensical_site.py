"""What the MkDocs plugin writes beside the pages, written into a Zensical build's site once it
is done: the packages' browser code (site_assets.py), the browser runtime with this build's
packages, `assets/exercises.json` and each page's notebook download; and the Python files
under docs/ that pages link to (the build-along steps), which MkDocs copies as it copies any
file and Zensical leaves out.

Not at render time: Zensical keeps rendered pages in its own cache and, on the next build,
renders only the pages that changed while it deletes every file of the site it did not write
itself. So these files are written after every build, for every page, from the engine's
cache (a page that did not run in this build is a cache hit, not a run).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from mkdocs.utils.meta import get_data

from literate.frontends.browser_runtime import install_runtime
from literate.frontends.exercise_catalogue import ExerciseCatalogue
from literate.frontends.notebook_pages import notebook_text
from literate.frontends.page_parts import notebook_file_name, tail_page
from literate.frontends.project import is_notebook
from literate.frontends.zensical_pages import SitePages, page_url


def write_site_files(pages: SitePages, site_dir: Path) -> None:
    """Runtime, exercise catalogue and notebook downloads into site_dir."""
    pages.wait_all()
    settings = pages.build.settings
    if pages.runtime is not None:
        install_runtime(pages.runtime, settings.packages, settings.project_root, site_dir)
    pages.assets.install(site_dir)
    catalogue = ExerciseCatalogue()
    catalogue.order = list(pages.titles)
    for relative, page in pages.pages.items():
        if not page.items or not pages.enabled:
            continue
        url = page_url(relative)
        catalogue.add(relative, url, pages.titles.get(relative) or url, page)
        if pages.notebook_downloads:
            markdown, _meta = get_data(pages.texts[relative])
            tail = tail_page(markdown, page, pages.texts[relative])
            text = notebook_text(tail, pages.results(page), pages.build.cache)
            target = site_dir / url / notebook_file_name(relative)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    catalogue.write(site_dir)
    copy_python_sources(pages, site_dir)


def copy_python_sources(pages: SitePages, site_dir: Path) -> None:
    """The .py files of docs/ that are not notebook pages, into the site as they are (through
    symbolic links too: docs/build-along is one, and Zensical does not follow it)."""
    settings = pages.build.settings
    found = [
        Path(folder, name)
        for folder, _, names in os.walk(settings.docs_path, followlinks=True)
        for name in names
        if name.endswith(".py")
    ]
    for source in sorted(found):
        if is_notebook(source, settings):
            continue
        target = site_dir / source.relative_to(settings.docs_path)
        if not target.is_file() or target.read_bytes() != source.read_bytes():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
