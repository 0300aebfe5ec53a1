"""The browser code each package ships with the markup it emits: one list, used by both front
ends (the MkDocs plugin and Zensical's build), which copy the files into the site's assets/
and put the same tags at the top of every page.

A package ships a folder of assets as a module (the folder itself, as a Python package) whose
PAGE names what every page loads: stylesheets and the ES modules that are entry points; the
rest of the folder is fetched by those modules on demand. The engine's own
(literate.browser.assets) always comes first; mkdocs.yml's `assets` option adds more
(spelled_out.assets). All land flat in assets/, so a module imports another package's by
its file name ("./runner.js"); two files of one name fail the build.
"""

from __future__ import annotations

import importlib
import posixpath
import shutil
from dataclasses import dataclass
from html import escape
from pathlib import Path

ENGINE_ASSETS = "literate.browser.assets"
SITE_DIR = "assets"


class AssetError(Exception):
    """An asset module that is missing, malformed, or clashes with another's file."""


@dataclass(frozen=True)
class SiteAssets:
    files: dict[str, Path]  # name in assets/ -> source file
    page: tuple[str, ...]  # what every page loads, in order

    def install(self, site: Path) -> None:
        """Copy every file into site/assets/ (unchanged ones are skipped)."""
        for name, source in self.files.items():
            target = site / SITE_DIR / name
            if target.is_file() and target.read_bytes() == source.read_bytes():
                continue
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)

    def tags(self, page_url: str, styles: tuple[str, ...] = ()) -> str:
        """The stylesheet links and module scripts for the page at page_url (site-relative,
        e.g. "chain-rule/"), with addresses relative to it, after the page's own `styles`
        (names under assets/, such as KaTeX's where the page has maths). (Zensical resolves
        a page's addresses from its source file: its front end passes the source's folder.)"""
        up = "../" * page_url.count("/")
        html = []
        for name in (*styles, *self.page):
            href = escape(posixpath.join(up, SITE_DIR, name) if up else f"{SITE_DIR}/{name}")
            if name.endswith(".css"):
                html.append(f'<link rel="stylesheet" href="{href}">')
            else:
                html.append(f'<script type="module" src="{href}"></script>')
        return "\n".join(html) + "\n"


def site_assets(modules: list[str] | tuple[str, ...]) -> SiteAssets:
    """The engine's assets and those of the modules named (AssetError names what is wrong)."""
    files: dict[str, Path] = {}
    page: list[str] = []
    for name in (ENGINE_ASSETS, *[m for m in modules if m != ENGINE_ASSETS]):
        try:
            module = importlib.import_module(name)
        except ImportError as error:
            raise AssetError(f"asset module {name!r} cannot be imported: {error}") from None
        entries = getattr(module, "PAGE", None)
        if module.__file__ is None or not isinstance(entries, tuple):
            raise AssetError(f"asset module {name!r} has no PAGE tuple")
        folder = Path(module.__file__).parent
        for source in sorted(folder.iterdir()):
            if source.suffix not in (".js", ".css"):
                continue
            if source.name in files:
                raise AssetError(f"{name}: {source.name} clashes with {files[source.name]}")
            files[source.name] = source
        missing = [entry for entry in entries if not (folder / entry).is_file()]
        if missing:
            raise AssetError(f"{name}: PAGE names missing files: {', '.join(missing)}")
        page += entries
    return SiteAssets(files, tuple(page))
