"""The MkDocs plugin `literate` (mkdocs.yml: `plugins: [search, literate]`): MkDocs's hooks
turned into one SiteSession a build (site_session.py); MkDocs's own objects (files, notebook
pages, where a page went) are mkdocs_pages.py's, its search and TOC kept off listings here."""

import logging
from pathlib import Path
from typing import Any

from mkdocs.plugins import BasePlugin

from literate.frontends import mkdocs_pages as pages
from literate.frontends.mkdocs_config import LiterateConfig
from literate.frontends.notebook_pages import NotebookRenderer
from literate.frontends.page_parts import keep_listings_out_of_search
from literate.frontends.site_session import SiteSession
from literate.frontends.svg_stash import restore_svgs, stash_svgs
from literate.present.html import Rendered

log = logging.getLogger("mkdocs.plugins.literate")


class LiteratePlugin(BasePlugin[LiterateConfig]):
    def __init__(self) -> None:
        self.session: SiteSession | None = None
        self.rendered: dict[str, Rendered | None] = {}  # by src_uri, from Markdown to HTML
        self.svgs: dict[str, list[str]] = {}  # by src_uri: SVG kept out of search and TOC
        self.places = pages.PagePlaces()

    def on_config(self, config: Any) -> Any:
        with pages.as_plugin_error():
            root = Path(config.config_file_path or ".").resolve().parent
            self.session = SiteSession(self.config, root, Path(config.docs_dir))
        pages.watch(config, self.session)
        self.notebooks = NotebookRenderer(self.session.build.cache)
        return config

    def on_files(self, files: Any, config: Any) -> Any:
        with pages.as_plugin_error():  # every page parsed, the stale ones started
            self.session.load(pages.page_sources(files, self.session))
        return files

    def on_nav(self, nav: Any, config: Any, files: Any) -> Any:
        self.places.order = [page.file.src_uri for page in nav.pages]
        return nav

    def on_pre_page(self, page: Any, config: Any, files: Any) -> Any:
        source = self.session.pages.get(page.file.src_uri)
        if source is not None and source.kind == "notebook":
            pages.render_as_notebook(page, source, self.session, self.notebooks)
            self.places.keep(page)
        return page

    def on_page_markdown(self, markdown: str, page: Any, config: Any, files: Any) -> str:
        with pages.as_plugin_error():
            rendered = self.session.render(page.file.src_uri, markdown)
        self.rendered[page.file.src_uri] = rendered
        if rendered is not None:
            self.places.keep(page)
        return markdown if rendered is None else rendered.markdown

    def on_page_content(self, html: str, page: Any, config: Any, files: Any) -> str:
        rendered = self.rendered.pop(page.file.src_uri, None)
        with pages.as_plugin_error():
            html = self.session.finish(page.file.src_uri, html, rendered, page.url)
        html, self.svgs[page.file.src_uri] = stash_svgs(keep_listings_out_of_search(html))
        return html

    def on_post_page(self, output: str, page: Any, config: Any) -> str:
        return restore_svgs(output, self.svgs.pop(page.file.src_uri, []))

    def on_post_build(self, config: Any) -> None:  # every page has run, even one not rendered
        self.notebooks.write_styles(Path(config.site_dir))
        with pages.as_plugin_error():
            self.session.write_site(Path(config.site_dir), self.places.in_order())
        if ran := self.session.ran():
            log.info(f"literate: {ran}")

    def on_build_error(self, error: Exception) -> None:
        if self.session is not None:
            self.session.cancel()
