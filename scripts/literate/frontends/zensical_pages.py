"""The pages of one Zensical build, run by the one build engine.

Zensical makes a fresh Python-Markdown instance, and so a fresh extension, for every page, so
what a build shares (one Build: its pool, its cache, its settings from the `literate` entry of
mkdocs.yml) lives on the one configuration dict Zensical keeps for the build: `for_config`
creates it at the first page and hands the same SitePages to every later page.
"""

from __future__ import annotations

import hashlib
import threading
from pathlib import Path
from typing import Any

from literate.build import Build
from literate.cache.store import TIMINGS
from literate.frontends.browser_runtime import RuntimeMissing, check_runtime
from literate.frontends.exercise_catalogue import ExerciseCatalogue
from literate.frontends.mkdocs_config import settings_from
from literate.frontends.page_parts import tail_page
from literate.frontends.project import is_notebook, load_plugin_config
from literate.frontends.site_assets import AssetError, site_assets
from literate.parse import Page, ParseError
from literate.present.browser import page_blocks_html
from literate.present.html import Rendered, render_markdown
from literate.results import BuildError, ItemResult
from literate.settings import SettingsError

RENDER_KEY = "LITERATE_RENDER_KEY"  # the variable zensical.yml reads the render key from
ENGINE = Path(__file__).resolve().parent.parent  # the literate package
CONFIG_KEY = "literate_pages"  # where the SitePages of a build sits in Zensical's config dict
_CREATING = threading.Lock()  # Zensical may render pages from more than one thread


class LiterateError(Exception):
    """What stops the build; the message names each page and line."""


class SitePages:
    """Every Markdown page of the docs folder, parsed and started at once, then rendered one
    at a time as the generator asks for them."""

    def __init__(self, root: Path, nav: list[Any] | None = None) -> None:
        try:
            config, docs_dir = load_plugin_config(root)
            settings = settings_from(config, root, docs_dir)
        except SettingsError as error:
            raise LiterateError(f"literate: {error}") from None
        self.enabled: bool = config.enabled
        self.notebook_downloads: bool = config.notebook_downloads
        self.runtime = root / config.runtime if config.runtime else None
        if self.runtime is not None:
            try:
                check_runtime(self.runtime)
            except RuntimeMissing as error:
                raise LiterateError(f"literate: {error}") from None
        try:
            self.assets = site_assets(config.assets)
        except AssetError as error:
            raise LiterateError(f"literate: {error}") from None
        self.build = Build(settings)
        self.key: str | None = None  # the render key, once asked for
        self.titles = nav_titles(nav or [])  # docs-relative path -> navigation title
        self.pages: dict[str, Page] = {}  # by docs-relative path
        self.texts: dict[str, str] = {}
        errors: list[BuildError] = []
        for path in sorted(settings.docs_path.rglob("*.md")):
            relative = path.relative_to(settings.docs_path).as_posix()
            if relative.startswith("assets/") or is_notebook(path, settings):
                continue
            text = path.read_text(encoding="utf-8")
            try:
                self.pages[relative] = self.build.load(path, text=text)
            except ParseError as error:
                errors.append(BuildError(error.path, error.line, error.message))
                continue
            self.texts[relative] = text
        fail_on(errors + ExerciseCatalogue().check_unique(self.pages))
        if self.enabled:
            self.build.start(self.pages.values())

    def check_render_key(self, key: str) -> None:
        """Zensical keeps rendered pages in its own cache, keyed by the page and the Markdown
        configuration: the render key in that configuration makes an edit of the packages or
        of the engine re-render every page. A build without it could show stale outputs."""
        if self.key is None:
            self.key = render_key(self.build)
        if key != self.key:
            raise LiterateError(
                "literate: Zensical would reuse pages rendered with other code; build with "
                "`make build-zensical` (python -m literate.frontends.zensical_build), which "
                f"passes the render key in {RENDER_KEY}"
            )

    def results(self, page: Page) -> list[ItemResult]:
        """The page's results; on a failed block, an error at its page and line."""
        pending = self.build.pending
        if pending is None:  # not enabled: nothing ran
            return [ItemResult() for _ in page.items]
        run = pending.get(page.path)
        fail_on(run.errors)
        return run.results

    def wait_all(self) -> None:
        """Every page has run, even one Zensical took from its cache; else the errors."""
        if self.build.pending is not None:
            runs = self.build.pending.wait_all()
            fail_on([error for run in runs.values() for error in run.errors])

    def render(self, relative: str, markdown: str) -> tuple[Rendered, str] | None:
        """The page's Markdown with its outputs as tokens, and the block list for the browser
        ("" without a runtime); None when the page has nothing to run, or running is off."""
        source = self.pages.get(relative)
        if source is None or not source.items or not self.enabled:
            return None
        try:
            tail = tail_page(markdown, source, self.texts[relative])
        except Exception as error:  # edited while building
            raise LiterateError(str(error)) from None
        runnable = self.runtime is not None
        rendered = render_markdown(tail, self.results(source), runnable=runnable)
        blocks = page_blocks_html(source.path, rendered.blocks, rendered.values) if runnable else ""
        return rendered, blocks


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


def fail_on(errors: list[BuildError]) -> None:
    if errors:
        count = f"{len(errors)} page error(s)" if len(errors) > 1 else "a page error"
        raise LiterateError(f"literate build stopped by {count}:\n" + "\n\n".join(map(str, errors)))
