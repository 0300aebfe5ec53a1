"""Every exercise of the site, for the home page's progress table: assets/exercises.json.

    {"pages": [{"url": "derivatives/", "title": "1. Derivatives",
                "exercises": [{"id": "slope-by-nudging", "title": "Estimate a slope"}]}]}

Pages come in navigation order. An exercise's id is what the browser remembers it by, so ids
are unique across the site: a second use is an error at its page and line.
"""

from __future__ import annotations

import json
from pathlib import Path

from literate.parse.page import Page
from literate.results import BuildError

SITE_FILE = "assets/exercises.json"


class ExerciseCatalogue:
    def __init__(self) -> None:
        self.pages: dict[str, dict] = {}  # by src_uri, once rendered
        self.order: list[str] = []  # src_uris in navigation order

    def check_unique(self, pages: dict[str, Page]) -> list[BuildError]:
        """Errors for ids used twice, at the second use."""
        seen: dict[str, str] = {}
        errors = []
        for page in pages.values():
            for block in page.blocks:
                if block.exercise is None:
                    continue
                slug = block.exercise.slug
                where = f"{page.path}:{block.line}"
                if slug in seen:
                    message = f"exercise id '{slug}' is already used at {seen[slug]}"
                    errors.append(BuildError(page.path, block.line, message))
                seen.setdefault(slug, where)
        return errors

    def add(self, src_uri: str, url: str, title: str, source: Page) -> None:
        exercises = [
            {"id": block.exercise.slug, "title": block.exercise.title}
            for block in source.blocks
            if block.exercise is not None
        ]
        self.pages.pop(src_uri, None)
        if exercises:
            self.pages[src_uri] = {"url": url, "title": title, "exercises": exercises}

    def write(self, site_dir: Path) -> None:
        rank = {src_uri: index for index, src_uri in enumerate(self.order)}
        pages = sorted(self.pages.items(), key=lambda item: rank.get(item[0], len(rank)))
        target = site_dir / SITE_FILE
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"pages": [page for _, page in pages]}, indent=1)
        target.write_text(text + "\n", encoding="utf-8")
