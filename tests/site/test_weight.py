"""No page is heavy: each page's own HTML stays under 400 KB (shared assets are not counted)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import SIZE_TABLE

pytestmark = pytest.mark.site

LIMIT = 400 * 1024


def test_page_html_under_limit(built_site: Path) -> None:
    pages = sorted(p for p in built_site.rglob("*.html") if "assets" not in p.parts)
    assert pages, "the built site has no pages"
    sizes = {p.relative_to(built_site).as_posix(): p.stat().st_size for p in pages}
    width = max(map(len, sizes))
    table = [f"{name:<{width}}  {size / 1024:8.1f} KB" for name, size in sizes.items()]
    table.append(f"{'total':<{width}}  {sum(sizes.values()) / 1024:8.1f} KB")
    SIZE_TABLE[:] = table
    heavy = [name for name, size in sizes.items() if size > LIMIT]
    assert not heavy, f"pages over {LIMIT // 1024} KB: {heavy}\n" + "\n".join(table)
