"""The browser code each package ships with the markup it emits: one list, used by both front
ends (the MkDocs plugin and Zensical's build), which copy the files into the site's assets/
and put the same tags at the top of every page.

A package ships a folder of assets as a module (the folder itself, as a Python package) whose
PAGE names what every page loads: stylesheets and the ES modules that are entry points; the
rest of the folder is fetched by those modules on demand. The engine's own
(literate.browser.assets) always comes first; mkdocs.yml's `assets` option adds more
(spelled_out.assets). All land flat in assets/, so a module imports another package's by
its file name ("./runner.js"); two files of one name fail the build.

The stylesheets PAGE names reach the site as one file, PAGE_STYLES, after those of the runtime
(KaTeX's, where the site typesets maths): a page's first paint waits for every stylesheet it
links, and on a phone's connection each request is a round trip of its own. Their @font-face
rules stay out of it: a page that uses the fonts declares them in a <style> of its own
(font_faces). Material's script has the browser parse every linked stylesheet again once the
page is laid out, and fonts declared again lay the whole page out again (on chain-rule, 60-90
ms of a phone's CPU, inside the longest task of the load); a <style> in the page is not parsed
again.
"""

from __future__ import annotations

import functools
import importlib
import json
import posixpath
import re
from dataclasses import dataclass
from html import escape
from pathlib import Path

ENGINE_ASSETS = "literate.browser.assets"
SITE_DIR = "assets"
PAGE_STYLES = "pages.css"  # under assets/: every page's stylesheets in one
# a relative address in a stylesheet (a font, say), rebased when the rules move to assets/
_RELATIVE_URL = re.compile(r"""url\((['"]?)(?![a-zA-Z][\w+.-]*:|/|#)([^'")]+)\1\)""")
_FONT_FACE = re.compile(r"@font-face\s*\{[^{}]*\}")
# The page's entry modules (the list it is called with), fetched once its first frame is
# painted: fetched with the page, they share a phone's connection with what the first paint
# waits for (a few scripts and the modules they import, each a round trip). Each is preloaded
# at once and run in the order listed; one that fails is reported, and the next still runs.
# Material's instant navigation runs the next page's copy as a classic script (it copies an
# inline script's text, not its type), once the modules are loaded and set up each new page:
# so no top-level await or binding, and nothing to do then.
_LOAD_AFTER_PAINT = (
    "((modules) => {"
    "const load = async () => {"
    "for (const href of modules) await import(href).catch(reportError);"
    'document.documentElement.dataset.litModules = "imported"; };'
    "const preload = (href) => document.head.append("
    'Object.assign(document.createElement("link"), { rel: "modulepreload", href }));'
    "if (document.querySelector('link[rel=\"modulepreload\"]')) return;"
    "requestAnimationFrame(() => setTimeout(() => { modules.forEach(preload); load(); }));"
    "})(%s)"
)
# (after Material's instant navigation, without its type)
_LOADER = re.compile(
    r'<script(?: type="module")?>\(\(modules\) => .*?\}\)\((\[[^\]]*\])\)</script>'
)


class AssetError(Exception):
    """An asset module that is missing, malformed, or clashes with another's file."""


@dataclass(frozen=True)
class SiteAssets:
    files: dict[str, Path]  # name in assets/ -> source file
    page: tuple[str, ...]  # what every page loads, in order

    @property
    def styles(self) -> tuple[str, ...]:
        return tuple(name for name in self.page if name.endswith(".css"))

    @property
    def linked(self) -> tuple[str, ...]:
        """What every page links, under assets/: PAGE_STYLES, then the entry modules."""
        return (PAGE_STYLES, *(name for name in self.page if name not in self.styles))

    @property
    def installed(self) -> tuple[str, ...]:
        """The files install() writes under assets/."""
        return (PAGE_STYLES, *(name for name in self.files if name not in self.styles))

    def install(self, site: Path, first: tuple[str, ...] = ()) -> None:
        """Copy every file into site/assets/ (unchanged ones are skipped), the stylesheets of
        PAGE as one, PAGE_STYLES, after the rules of `first` (stylesheets already under the
        site's assets/, such as KaTeX's, their relative addresses rebased, their @font-face
        rules left to the pages: font_faces)."""
        combined = [_FONT_FACE.sub("", _rebased(site / SITE_DIR / name, name)) for name in first]
        combined += [self.files[name].read_text(encoding="utf-8") for name in self.styles]
        _write(site / SITE_DIR / PAGE_STYLES, "\n".join(combined).encode("utf-8"))
        for name, source in self.files.items():
            if name not in self.styles:
                _write(site / SITE_DIR / name, source.read_bytes())

    @staticmethod
    def font_faces(stylesheet: Path, name: str, page_url: str) -> str:
        """A <style> with the @font-face rules of stylesheet (the site's assets/`name`), their
        addresses relative to the page at page_url (as tags'); "" if it has none or is absent,
        as install() then has no rules of it either."""
        if not stylesheet.is_file():
            return ""
        faces = _font_faces_in(stylesheet, stylesheet.stat().st_mtime_ns)
        folder = posixpath.join("../" * page_url.count("/"), SITE_DIR, posixpath.dirname(name))
        return f"<style>{_rebase(faces, folder)}</style>\n" if faces else ""

    def tags(self, base: str, page_url: str | None = None) -> str:
        """The stylesheet link and the modules' loader of a page: the link's address relative
        to `base` (site-relative, e.g. "chain-rule/"), the modules' to the page's own URL,
        page_url (default: base), as the loader imports them from the page. (Zensical resolves
        a page's links from its source file: its front end passes the source's folder as base;
        a script's text, as the loader's, is left as written.)"""
        styles = [name for name in self.linked if name.endswith(".css")]
        modules = [name for name in self.linked if name not in styles]
        links = [f'<link rel="stylesheet" href="{escape(_under(base, name))}">' for name in styles]
        relative_to = base if page_url is None else page_url
        listed = json.dumps([_module_under(relative_to, name) for name in modules])
        loader = f'<script type="module">{_LOAD_AFTER_PAINT % listed}</script>'
        return "\n".join([*links, loader]) + "\n"


def loaded_modules(html: str) -> list[str]:
    """The addresses of the modules the loader in a page's html imports, in order."""
    found = _LOADER.search(html)
    return json.loads(found[1]) if found else []


def _module_under(page_url: str, name: str) -> str:
    """assets/`name` relative to the page at page_url, as import() takes it: "./assets/..."
    from the site's top (a bare "assets/..." would name a package, not a file)."""
    address = _under(page_url, name)
    return address if address.startswith("../") else f"./{address}"


def _under(page_url: str, name: str) -> str:
    """assets/`name`, relative to the page at page_url."""
    up = "../" * page_url.count("/")
    return posixpath.join(up, SITE_DIR, name) if up else f"{SITE_DIR}/{name}"


def _write(target: Path, content: bytes) -> None:
    if target.is_file() and target.read_bytes() == content:
        return
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(content)


def _rebased(path: Path, name: str) -> str:
    """The stylesheet at path (assets/`name`) with its relative addresses made relative to
    assets/, where PAGE_STYLES is."""
    return _rebase(path.read_text(encoding="utf-8"), posixpath.dirname(name))


@functools.lru_cache(maxsize=4)
def _font_faces_in(stylesheet: Path, changed: int) -> str:
    """The @font-face rules of stylesheet, read once for every page with maths (until the file
    `changed`: its modification time is part of the key)."""
    return "".join(_FONT_FACE.findall(stylesheet.read_text(encoding="utf-8")))


def _rebase(css: str, folder: str) -> str:
    """css with its relative addresses prefixed by folder."""
    return _RELATIVE_URL.sub(lambda m: f"url({m[1]}{posixpath.join(folder, m[2])}{m[1]})", css)


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
