"""The pages of one Zensical build, in one SiteSession (site_session.py).

Zensical makes a fresh Python-Markdown instance, and so a fresh extension, for every page, so
what a build shares (its SiteSession, with the settings of the `literate` entry of mkdocs.yml)
lives on the one configuration dict Zensical keeps for the build: `for_config` creates it at the
first page and hands the same SitePages to every later page.
"""

from __future__ import annotations

import hashlib
import posixpath
import threading
from pathlib import Path
from typing import Any

from literate.build import Build
from literate.cache.store import TIMINGS
from literate.frontends.page_parts import notebook_file_name
from literate.frontends.project import is_notebook, load_plugin_config
from literate.frontends.site_session import SiteError, SiteSession
from literate.settings import SettingsError

RENDER_KEY = "LITERATE_RENDER_KEY"  # the variable zensical.yml reads the render key from
ENGINE = Path(__file__).resolve().parent.parent  # the literate package
CONFIG_KEY = "literate_pages"  # where the SitePages of a build sits in Zensical's config dict
_CREATING = threading.Lock()  # Zensical may render pages from more than one thread


class SitePages:
    """Every Markdown page of the docs folder, parsed and started at once, then rendered one
    at a time as the generator asks for them."""

    def __init__(self, root: Path, nav: list[Any] | None = None) -> None:
        try:
            config, docs_dir = load_plugin_config(root)
        except SettingsError as error:
            raise SiteError(f"literate: {error}") from None
        self.session = SiteSession(config, root, docs_dir)
        self.key: str | None = None  # the render key, once asked for
        self.titles = nav_titles(nav or [])  # docs-relative path -> navigation title
        docs = self.session.settings.docs_path
        sources = []
        for path in sorted(docs.rglob("*.md")):
            relative = path.relative_to(docs).as_posix()
            if not relative.startswith("assets/") and not is_notebook(path, self.session.settings):
                sources.append((relative, path, path.read_text(encoding="utf-8")))
        self.session.load(sources)

    def check_render_key(self, key: str) -> None:
        """Zensical keeps rendered pages in its own cache, keyed by the page and the Markdown
        configuration: the render key in that configuration makes an edit of the packages or
        of the engine re-render every page. A build without it could show stale outputs."""
        if self.key is None:
            self.key = render_key(self.session.build)
        if key != self.key:
            raise SiteError(
                "literate: Zensical would reuse pages rendered with other code; build with "
                "`make build-zensical` (python -m literate.frontends.zensical_build), which "
                f"passes the render key in {RENDER_KEY}"
            )


def render_key(build: Build) -> str:
    """What a rendered page depends on besides its text: the results' environment (packages,
    toolchain), all of the engine's code, presentation included, and the results the cache
    holds (a page run again, by either front end, shows its new run: an output that differs
    from run to run must not stay as an older build rendered it)."""
    digest = hashlib.sha256(build.environment.encode())
    code = [path for path in ENGINE.rglob("*") if path.suffix in (".py", ".cjs")]  # .cjs: KaTeX's
    for path in sorted(code):
        digest.update(path.relative_to(ENGINE).as_posix().encode() + path.read_bytes())
    if build.cache is not None:
        for entry in sorted(build.cache.directory.glob("*.json")):
            if entry.name != TIMINGS:  # how long pages took is not what they show
                digest.update(entry.name.encode() + entry.read_bytes())
    return digest.hexdigest()


def for_config(config: dict[str, Any]) -> SitePages:
    """The SitePages of the build whose Zensical configuration this is (made once)."""
    with _CREATING:
        if CONFIG_KEY not in config:
            root = Path(config.get("root_dir") or ".").resolve()
            config[CONFIG_KEY] = SitePages(root, config.get("nav"))
        return config[CONFIG_KEY]


def nav_titles(nav: list[Any]) -> dict[str, str]:
    """Docs-relative path -> title, in navigation order, from Zensical's nav entries
    ({"title", "url", "children"}) or MkDocs's ({title: path} and nested lists)."""
    titles: dict[str, str] = {}

    def walk(entry: Any, title: str | None = None) -> None:
        if isinstance(entry, list):
            for child in entry:
                walk(child)
        elif isinstance(entry, str):
            titles.setdefault(entry, title or "")
        elif isinstance(entry, dict) and "children" in entry:
            if entry.get("url"):
                walk(entry["url"], entry.get("title"))
            walk(entry["children"])
        elif isinstance(entry, dict):
            for name, value in entry.items():
                walk(value, str(name))

    walk(nav)
    return titles


def page_url(relative: str) -> str:
    """The page's URL in the site (directory URLs): "chain-rule/", "" for index.md."""
    stem = Path(relative).with_suffix("")
    if stem.name in ("index", "README"):
        folder = stem.parent.as_posix()
        return "" if folder == "." else folder + "/"
    return stem.as_posix() + "/"


def page_addresses(relative: str) -> tuple[str, str]:
    """The base of a page's addresses (Zensical resolves them from its source file's folder)
    and the link to its notebook download from there."""
    folder = posixpath.dirname(relative)
    target = page_url(relative) + notebook_file_name(relative)
    return (f"{folder}/" if folder else ""), posixpath.relpath(target, folder or ".")


def rendering_context(md: Any) -> Any:
    """Zensical's rendering context of the page (its path, the build's configuration)."""
    try:
        from zensical.extensions.context import ContextPreprocessor
    except ImportError:
        context = None
    else:
        context = ContextPreprocessor.from_markdown(md)
    if context is None:
        raise SiteError(
            "literate.frontends.zensical_extension runs under Zensical only (it needs the "
            "page's path from Zensical's rendering context); MkDocs uses the plugin"
        )
    return context


def page_of(md: Any, render_key: str) -> tuple[SitePages, str]:
    """The build's SitePages (the render key checked) and the page's docs-relative path."""
    context = rendering_context(md)
    pages = for_config(context.config)
    pages.check_render_key(render_key)
    return pages, context.page.path
