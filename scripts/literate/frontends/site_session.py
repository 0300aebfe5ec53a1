"""One site build, whichever generator drives it. The MkDocs plugin and the Zensical extension
are adapters: each turns its generator's hooks into these calls, and SiteError into its own
error type.

    session = SiteSession(config, root, docs_dir)   # the `literate` options, checked
    session.load(sources)                           # every page parsed, the stale ones started
    rendered = session.render(relative, markdown)   # the Markdown with outputs as tokens
    html = session.finish(relative, html, rendered, base)  # outputs, maths, assets in the HTML
    session.write_site(site_dir, pages)             # once every page ran: files beside pages
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from literate.build import Build
from literate.cache.keys import UnknownPackage, package_directories
from literate.frontends.browser_runtime import SITE_DIR as RUNTIME_DIR
from literate.frontends.browser_runtime import RuntimeMissing, check_runtime, install_runtime
from literate.frontends.exercise_catalogue import ExerciseCatalogue
from literate.frontends.maths_fonts import FONTS, drawn_characters, install_fonts
from literate.frontends.mkdocs_config import LiterateConfig, settings_from
from literate.frontends.notebook_pages import notebook_text
from literate.frontends.page_parts import insert_after_title, notebook_file_name, tail_page
from literate.frontends.project import is_notebook
from literate.frontends.site_assets import SITE_DIR, AssetError, site_assets
from literate.parse import Page, ParseError
from literate.present.browser import BlockList, block_list
from literate.present.html import Rendered, download_link_html, render_markdown
from literate.present.maths import KATEX_CSS, STYLESHEET, MathsError, has_maths, typeset
from literate.present.placeholders import code_blocks
from literate.present.prose_heights import marked_prose
from literate.results import BuildError, ItemResult
from literate.settings import Settings, SettingsError


class SiteError(Exception):
    """What stops a site build; the message names each page and line."""


@dataclass(frozen=True)
class SitePage:
    """Where the generator put a page: its URL, its navigation title and the folder of its
    HTML file (both relative to the site's folder)."""

    url: str
    title: str
    folder: str


class SiteSession:
    def __init__(self, config: LiterateConfig, root: Path, docs_dir: Path) -> None:
        try:
            settings = settings_from(config, root, docs_dir)
            self.runtime = root / config.runtime if config.runtime else None
            if self.runtime is not None:
                check_runtime(self.runtime)
            self.assets = site_assets(config.assets)
        except (SettingsError, RuntimeMissing, AssetError) as error:
            raise SiteError(f"literate: {error}") from None
        self.enabled: bool = config.enabled
        self.notebook_downloads: bool = config.notebook_downloads
        self.build = Build(settings)
        self.pages: dict[str, Page] = {}  # by docs-relative path
        self.texts: dict[str, str] = {}  # each page's file as read
        self.block_lists: dict[str, BlockList] = {}  # by docs-relative path, once finished
        self.started = 0.0

    @property
    def settings(self) -> Settings:
        return self.build.settings

    def watched(self) -> list[Path]:
        """What a live preview must watch besides the docs: the packages the pages import and
        the folders of the browser code (assets) the site ships."""
        try:
            directories = package_directories(self.settings)
        except UnknownPackage as error:
            raise SiteError(f"literate: {error}") from None
        folders = {source.parent for source in self.assets.files.values()}
        return [*directories.values(), *sorted(folders)]

    def is_notebook(self, relative: str) -> bool:
        return is_notebook(self.settings.docs_path / relative, self.settings)

    def load(self, sources: Iterable[tuple[str, Path, str]]) -> None:
        """Parse every page (docs-relative path, file, text) and start running the stale ones;
        a page waits for its results only when rendered. SiteError lists every parse error."""
        errors: list[BuildError] = []
        for relative, path, text in sources:
            try:
                self.pages[relative] = self.build.load(path, text=text)
            except ParseError as error:
                errors.append(BuildError(error.path, error.line, error.message))
                continue
            self.texts[relative] = text
        fail_on(errors + ExerciseCatalogue().check_unique(self.pages))
        self.started = time.perf_counter()
        if self.enabled:
            self.build.start(self.pages.values())

    def results(self, page: Page) -> list[ItemResult]:
        """The page's results; on any error, wait for every page and fail with all errors."""
        pending = self.build.pending
        if pending is None:  # not enabled: nothing ran
            return [ItemResult() for _ in page.items]
        run = pending.get(page.path)
        if not run.ok:
            fail_on([error for other in pending.wait_all().values() for error in other.errors])
        return run.results

    def render(self, relative: str, markdown: str) -> Rendered | None:
        """The page's Markdown (as the generator hands it over, front matter cut) with every
        executable item replaced by its code and output tokens; None when the page has nothing
        to run, or running is off (the page then shows its fences as written)."""
        source = self.pages.get(relative)
        if source is None or source.kind != "markdown" or not source.items or not self.enabled:
            return None
        try:
            tail = tail_page(markdown, source)
        except (ValueError, ParseError) as error:  # edited while the site was building
            raise SiteError(str(error)) from None
        return render_markdown(tail, self.results(source), runnable=self.runtime is not None)

    def finish(
        self,
        relative: str,
        html: str,
        rendered: Rendered | None,
        base: str,
        download: str = "",
        url: str | None = None,
    ) -> str:
        """The page's HTML with its outputs in, the notebook link under its title (at
        `download`, if not beside the page), its block list for the browser, its maths typeset
        and the packages' stylesheets and modules linked, KaTeX's fonts declared where there is
        maths (addresses relative to `base`; the fonts', inside a <style>, and the modules',
        which the page imports, both of which no generator rewrites, to the page's own `url`
        where the generator resolves addresses elsewhere)."""
        if rendered is not None:
            try:
                html = rendered.into(html)
            except ValueError as error:
                raise SiteError(str(error)) from None
            if self.notebook_downloads:
                name = notebook_file_name(relative)
                html = insert_after_title(html, download_link_html(name, href=download))
            if self.runtime is not None:
                listed = self._block_list(relative, rendered)
                html = listed.html + html
        try:
            html = typeset(html, self.runtime, relative)
        except MathsError as error:
            raise SiteError(str(error)) from None
        # each code block, paragraph and list with its length, for its height before it is drawn
        html = marked_prose(code_blocks(html))
        fonts = ""
        if self.runtime is not None and has_maths(html):  # KaTeX's, not in its stylesheet
            page = base if url is None else url
            fonts = self.assets.font_faces(self.runtime / KATEX_CSS, STYLESHEET, page)
        return self.assets.tags(base, url) + fonts + html

    def write_site(self, site_dir: Path, pages: dict[str, SitePage]) -> None:
        """Once every page ran: the browser runtime with this build's packages, the packages'
        browser code, the exercise catalogue, each page's block list and notebook download. `pages`
        (docs-relative path -> where it is) in navigation order; a page not in it is not part
        of the site."""
        self.wait_all()
        if self.runtime is not None:
            settings = self.settings
            install_runtime(
                self.runtime, settings.packages, settings.project_root, site_dir, left=FONTS
            )
            fonts = site_dir / RUNTIME_DIR / FONTS  # cut to what the pages' formulas draw
            install_fonts(self.runtime / FONTS, fonts, drawn_characters(site_dir))
        maths = (STYLESHEET,) if (site_dir / SITE_DIR / STYLESHEET).is_file() else ()
        self.assets.install(site_dir, first=maths)  # KaTeX's rules, where it is installed
        catalogue = ExerciseCatalogue()
        catalogue.order = list(pages)
        for relative, where in pages.items():
            page = self.pages.get(relative)
            if page is None:
                continue
            if page.kind == "markdown":  # a notebook page always has its download
                if not page.items or not self.enabled:
                    continue
                catalogue.add(relative, where.url, where.title or where.url, page)
                if self.runtime is not None:
                    self._write_block_list(site_dir, relative)
                if not self.notebook_downloads:
                    continue
            text = notebook_text(self._shown(relative, page), self.results(page), self.build.cache)
            target = site_dir / where.folder / notebook_file_name(relative)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        catalogue.write(site_dir)

    def _block_list(self, relative: str, rendered: Rendered) -> BlockList:
        name = f"blocks/{Path(relative).with_suffix('.json').as_posix()}"
        path = self.pages[relative].path
        listed = block_list(name, path, rendered.blocks, rendered.values)
        self.block_lists[relative] = listed
        return listed

    def _write_block_list(self, site_dir: Path, relative: str) -> None:
        """The page's block list file, as its page was finished; rendered again for a page the
        generator took from its own cache (Zensical's), which comes out the same."""
        listed = self.block_lists.get(relative)
        if listed is None:
            page = self.pages[relative]
            rendered = render_markdown(self._shown(relative, page), self.results(page), True)
            listed = self._block_list(relative, rendered)
        target = site_dir / SITE_DIR / listed.name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(listed.text, encoding="utf-8")

    def _shown(self, relative: str, page: Page) -> Page:
        """The page without its front matter (a notebook page has none)."""
        if page.kind != "markdown":
            return page
        from mkdocs.utils.meta import get_data

        markdown, _meta = get_data(self.texts[relative])
        return tail_page(markdown, page)

    def wait_all(self) -> None:
        """Every page has run, even one the generator did not render; else the errors."""
        if self.build.pending is not None:
            runs = self.build.pending.wait_all()
            fail_on([error for run in runs.values() for error in run.errors])

    def ran(self) -> str:
        """What ran in this build (not taken from the cache), in words; "" when nothing did."""
        ran = self.build.pending.ran() if self.build.pending is not None else []
        seconds = time.perf_counter() - self.started
        return f"ran {len(ran)} page(s) within {seconds:.1f} s: {', '.join(ran)}" if ran else ""

    def cancel(self) -> None:
        self.build.cancel()


def fail_on(errors: list[BuildError]) -> None:
    if errors:
        count = f"{len(errors)} page error(s)" if len(errors) > 1 else "a page error"
        raise SiteError(f"literate build stopped by {count}:\n" + "\n\n".join(map(str, errors)))
