"""What the SiteSession writes beside the pages (SiteSession.write_site, as under MkDocs),
written into a Zensical build's site once it is done: the packages' browser code
(site_assets.py), the browser runtime with this build's packages, `assets/exercises.json`, each
page's block list file (`assets/blocks/`) and notebook download; and the Python files under
docs/ that pages link to (the build-along steps), which MkDocs copies as it copies any file and
Zensical leaves out.

Not at render time: Zensical keeps rendered pages in its own cache and, on the next build,
renders only the pages that changed while it deletes every file of the site it did not write
itself. So these files are written after every build, for every page, from the engine's
cache (a page that did not run in this build is a cache hit, not a run).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from literate.frontends.project import is_notebook
from literate.frontends.site_session import SitePage
from literate.frontends.zensical_pages import SitePages, page_url


def write_site_files(pages: SitePages, site_dir: Path) -> None:
    """What is written beside the pages (above) into site_dir."""
    where = {
        relative: SitePage(page_url(relative), title, page_url(relative).rstrip("/"))
        for relative, title in pages.titles.items()
    }
    for relative in pages.session.pages:  # a page outside the navigation is still built
        url = page_url(relative)
        where.setdefault(relative, SitePage(url, url, url.rstrip("/")))
    pages.session.write_site(site_dir, where)
    copy_python_sources(pages, site_dir)


def copy_python_sources(pages: SitePages, site_dir: Path) -> None:
    """The .py files of docs/ that are not notebook pages, into the site as they are (through
    symbolic links too: docs/build-along is one, and Zensical does not follow it)."""
    settings = pages.session.settings
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
