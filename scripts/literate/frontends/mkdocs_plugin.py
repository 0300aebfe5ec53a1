"""The MkDocs plugin `literate`: run every page's executable fences (stale pages in parallel,
up front) and put their output into the pages; export each page as a notebook next to it;
execute and render the percent-format notebooks listed in its `notebooks` option.

    plugins:
      - search
      - literate:
          packages: [micrograd, spelled_out]
          notebooks: ["notebooks/*.py"]

All state lives on the plugin instance, in one Build per `mkdocs build` or `serve` rebuild.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from literate.build import Build
from literate.cache.keys import UnknownPackage, package_directories
from literate.frontends.browser_runtime import RuntimeMissing, check_runtime, install_runtime
from literate.frontends.exercise_catalogue import ExerciseCatalogue
from literate.frontends.mkdocs_config import LiterateConfig, settings_from
from literate.frontends.notebook_pages import NotebookRenderer, as_notebook_file, notebook_text
from literate.frontends.page_parts import (
    insert_after_title,
    keep_listings_out_of_search,
    notebook_name,
    tail_page,
)
from literate.frontends.project import is_notebook
from literate.frontends.site_assets import AssetError, SiteAssets, site_assets
from literate.frontends.svg_stash import restore_svgs, stash_svgs
from literate.parse import Page, ParseError
from literate.present.browser import page_blocks_html
from literate.present.html import Rendered, download_link_html, render_markdown
from literate.present.maths import STYLESHEET, MathsError, typeset
from literate.results import BuildError, ItemResult, PageRun
from literate.settings import SettingsError

log = logging.getLogger("mkdocs.plugins.literate")
BLOCKS_TOKEN = "LITERATE-BLOCKS"  # not a placeholder in the Markdown: the page's block list


class LiteratePlugin(BasePlugin[LiterateConfig]):
    def __init__(self) -> None:
        self.build: Build | None = None
        self.pages: dict[str, Page] = {}  # by src_uri
        self.texts: dict[str, str] = {}
        self.rendered: dict[str, Rendered] = {}  # by src_uri: tokens and the HTML they become
        self.rendered_pages: dict[str, Page] = {}
        self.notebooks: NotebookRenderer | None = None
        self.svgs: dict[str, list[str]] = {}  # by src_uri: SVG kept out of page.content
        self.started = 0.0
        self.runtime: Path | None = None
        self.exercises = ExerciseCatalogue()
        self.assets: SiteAssets | None = None

    def on_config(self, config: Any) -> Any:
        root = Path(config.config_file_path or ".").resolve().parent
        try:
            settings = settings_from(self.config, root, Path(config.docs_dir))
        except SettingsError as error:
            raise PluginError(f"literate: {error}") from None
        self.build = Build(settings)
        self.runtime = root / self.config.runtime if self.config.runtime else None
        if self.runtime is not None:
            try:
                check_runtime(self.runtime)
            except RuntimeMissing as error:
                raise PluginError(f"literate: {error}") from None
        try:
            self.assets = site_assets(self.config.assets)
        except AssetError as error:
            raise PluginError(f"literate: {error}") from None
        self.notebooks = NotebookRenderer(self.build.cache)
        try:
            directories = package_directories(settings)
        except UnknownPackage as error:
            raise PluginError(f"literate: {error}") from None
        folders = {source.parent for source in self.assets.files.values()}
        for directory in [*directories.values(), *sorted(folders)]:  # `mkdocs serve` rebuilds
            if str(directory) not in config.watch:
                config.watch.append(str(directory))
        return config

    def on_files(self, files: Any, config: Any) -> Any:
        """Parse all pages and start running the stale ones; a page waits for its own results
        only when it is rendered, so the rest of the build goes on meanwhile."""
        assert self.build is not None
        errors: list[BuildError] = []
        for file in list(files):
            if file.inclusion.is_excluded():
                continue  # exclude_docs: not a page of this build, so not run either
            notebook = self._is_notebook(file.src_uri)
            if notebook:
                files.remove(file)
                files.append(as_notebook_file(file))
            if not (notebook or file.is_documentation_page()):
                continue
            text = file.content_string  # a page another plugin generated runs as well
            source = file.abs_src_path or self.build.settings.docs_path / file.src_uri
            try:
                page = self.build.load(Path(source), text=text)
            except ParseError as error:
                errors.append(BuildError(error.path, error.line, error.message))
                continue
            self.texts[file.src_uri], self.pages[file.src_uri] = text, page
        _fail_on(errors + self.exercises.check_unique(self.pages))
        self.started = time.perf_counter()
        if self.config.enabled:
            self.build.start(self.pages.values())
        return files

    def on_nav(self, nav: Any, config: Any, files: Any) -> Any:
        self.exercises.order = [page.file.src_uri for page in nav.pages]
        return nav

    def _is_notebook(self, src_uri: str) -> bool:
        assert self.build is not None
        return is_notebook(self.build.settings.docs_path / src_uri, self.build.settings)

    def _results(self, page: Page) -> list[ItemResult]:
        """The page's results; on any error, wait for every page and fail with all errors."""
        if self.build is None or self.build.pending is None:  # not enabled: nothing ran
            return [ItemResult() for _ in page.items]
        pending = self.build.pending
        run: PageRun = pending.get(page.path)
        if not run.ok:
            _fail_on([error for other in pending.wait_all().values() for error in other.errors])
        return run.results

    def on_pre_page(self, page: Any, config: Any, files: Any) -> Any:
        source = self.pages.get(page.file.src_uri)
        if source is not None and source.kind == "notebook":
            page.nb_url = notebook_name(page)
            plugin = self

            def render(self_page: Any, config: Any, files: Any) -> None:
                plugin._render_notebook(self_page, source)

            page.render = render.__get__(page)
        return page

    def _render_notebook(self, page: Any, source: Page) -> None:
        assert self.notebooks is not None and self.build is not None
        text = notebook_text(source, self._results(source), self.build.cache)
        self.rendered_pages[page.file.src_uri] = source
        try:
            self.notebooks.render_into(page, text, notebook_name(page))
        except ValueError as error:
            raise PluginError(str(error)) from None

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
        source = self.pages.get(page.file.src_uri)
        if source is None or source.kind != "markdown" or not source.items:
            return markdown
        if not self.config.enabled:  # the page as written: fences and `{python} ...` shown
            return markdown
        tail = tail_page(markdown, source, self.texts[page.file.src_uri])
        runnable = self.runtime is not None
        rendered = render_markdown(tail, self._results(source), runnable=runnable)
        if runnable:
            rendered.fragments[BLOCKS_TOKEN] = page_blocks_html(
                source.path, rendered.blocks, rendered.values
            )
        self.rendered[page.file.src_uri] = rendered
        self.exercises.add(page.file.src_uri, page.url, page.title or page.url, source)
        if self.config.notebook_downloads:
            self.rendered_pages[page.file.src_uri] = tail
        return rendered.markdown

    def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
        rendered = self.rendered.pop(page.file.src_uri, None)
        if rendered is not None:
            blocks = rendered.fragments.pop(BLOCKS_TOKEN, "")
            try:
                html = rendered.into(html)
            except ValueError as error:
                raise PluginError(str(error)) from None
            if self.config.notebook_downloads:
                html = insert_after_title(html, download_link_html(notebook_name(page)))
            html = blocks + html
        try:
            html, maths = typeset(html, self.runtime, page.file.src_uri)
        except MathsError as error:
            raise PluginError(str(error)) from None
        if self.assets is not None:
            html = self.assets.tags(page.url, (STYLESHEET,) if maths else ()) + html
        html = keep_listings_out_of_search(html)
        html, self.svgs[page.file.src_uri] = stash_svgs(html)
        return html

    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        output = restore_svgs(output, self.svgs.pop(page.file.src_uri, []))
        source = self.rendered_pages.get(page.file.src_uri)
        if source is not None and self.build is not None:
            text = notebook_text(source, self._results(source), self.build.cache)
            target = Path(page.file.abs_dest_path).parent / notebook_name(page)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
        return output

    def on_post_build(self, config: Any) -> None:
        """Every page must have run, even one that was not rendered; then say what ran."""
        if self.notebooks is not None:
            self.notebooks.write_styles(Path(config.site_dir))
        self.exercises.write(Path(config.site_dir))
        if self.assets is not None:
            self.assets.install(Path(config.site_dir))
        if self.runtime is not None and self.build is not None:
            settings = self.build.settings
            install_runtime(
                self.runtime, settings.packages, settings.project_root, Path(config.site_dir)
            )
        if self.build is None or self.build.pending is None:
            return
        runs = self.build.pending.wait_all()
        _fail_on([error for run in runs.values() for error in run.errors])
        ran = self.build.pending.ran()
        if ran:
            seconds = time.perf_counter() - self.started
            log.info(f"literate: ran {len(ran)} page(s) within {seconds:.1f} s: {', '.join(ran)}")

    def on_build_error(self, error: Exception) -> None:
        if self.build is not None:
            self.build.cancel()


def _fail_on(errors: list[BuildError]) -> None:
    if errors:
        count = f"{len(errors)} page error(s)" if len(errors) > 1 else "a page error"
        raise PluginError(f"literate build stopped by {count}:\n" + "\n\n".join(map(str, errors)))
