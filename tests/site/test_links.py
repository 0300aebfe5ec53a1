"""Every internal link and anchor of the built site resolves: each href/src to a local file
exists, and each #fragment is an id (or a named anchor) in the page it points to."""

from __future__ import annotations

import functools
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

pytestmark = pytest.mark.site

BASE = "http://site.invalid/"  # pages are resolved as if served here
LINK_ATTRIBUTES = {"href", "src"}


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[int, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (tag == "a" and name == "name"):
                self.ids.add(value)
            elif name in LINK_ATTRIBUTES and tag not in ("base",):
                self.links.append((self.getpos()[0], value))


@functools.cache
def parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def target_file(site: Path, url_path: str) -> Path:
    path = site / unquote(url_path).lstrip("/")
    if url_path.endswith("/") or path.is_dir():
        path = path / "index.html"
    return path


def broken_links(site: Path) -> list[str]:
    problems = []
    for html in sorted(site.rglob("*.html")):
        relative = html.relative_to(site).as_posix()
        page_url = urljoin(BASE, relative)
        for line, link in parse(html).links:
            url = urljoin(page_url, link.strip())
            parts = urlsplit(url)
            if f"{parts.scheme}://{parts.netloc}/" != BASE:
                continue  # another site, mailto:, data:, javascript: ...
            where = f"{relative}:{line}: {link!r}"
            target = target_file(site, parts.path)
            if not target.is_file():
                problems.append(f"{where}: no file {target.relative_to(site)}")
            elif (
                parts.fragment
                and target.suffix == ".html"
                and unquote(parts.fragment) not in parse(target).ids
            ):
                name = target.relative_to(site)
                problems.append(f"{where}: no id {parts.fragment!r} in {name}")
    return problems


def test_no_broken_internal_links_or_anchors(built_site: Path) -> None:
    problems = broken_links(built_site)
    assert not problems, f"{len(problems)} broken link(s):\n" + "\n".join(problems[:100])


def test_checker_finds_broken_links(tmp_path: Path) -> None:
    """The checker itself: a missing file and a missing anchor are found, good links are not."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "index.html").write_text(
        '<h2 id="here">x</h2><a href="#here">ok</a><a href="../b/">ok</a>'
        '<a href="../b/#there">ok</a><a href="https://example.com/x">skip</a>'
        '<a href="../missing/">bad</a><a href="#nowhere">bad</a><img src="../b/nope.png">'
    )
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "index.html").write_text('<p id="there"></p>')
    problems = broken_links(tmp_path)
    assert len(problems) == 3, problems
    assert any("missing/index.html" in p for p in problems)
    assert any("'nowhere'" in p for p in problems)
    assert any("nope.png" in p for p in problems)


def repository_links(site: Path) -> list[str]:
    """The links of the built pages that Material makes from repo_url: the header's link to
    the repository (class md-source) and the edit-this-page buttons (rel="edit")."""
    found = []
    for html in sorted(site.rglob("*.html")):
        text = html.read_text(encoding="utf-8")
        for match in re.finditer(r'<a\b[^>]*(?:class="md-source"|rel="edit")[^>]*>', text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{html.relative_to(site).as_posix()}:{line}: {match.group()}")
    return found


def test_no_link_to_a_repository_that_is_not_the_projects(built_site: Path) -> None:
    """Without REPO_URL and EDIT_URI (a local or test build: the publishing workflow passes
    them), no page shows a repository link or an edit button: before, they led to a
    placeholder repository."""
    found = repository_links(built_site)
    assert not found, "\n".join(found[:10])
