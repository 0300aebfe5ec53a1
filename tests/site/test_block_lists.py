"""Every page's block list, as the built site has it, has the shapes the browser's modules are
checked against (literate/contracts.py): the part in the page and its file under assets/."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from literate.contracts import BlockListFile, BlocksInPage
from literate.typedefs import mismatches

from .browsing import block_list_file, sources_by_page

pytestmark = pytest.mark.site


def test_every_pages_block_list_has_the_shapes_of_the_contracts(built_site: Path) -> None:
    checked, found = 0, []
    for path, source in sources_by_page().items():
        if source.suffix != ".md":
            continue
        listed = BeautifulSoup((built_site / path).read_text(), "html.parser").select_one(
            ".lit-blocks"
        )
        if listed is None:
            continue
        in_page = json.loads(listed["data-lit-page"])
        whole = block_list_file(built_site, in_page)
        found += [f"{path}: {miss}" for miss in mismatches(in_page, BlocksInPage)]
        found += [f"{path} (file): {miss}" for miss in mismatches(whole, BlockListFile)]
        checked += 1
    assert checked >= 10, f"only {checked} pages have a block list"
    assert not found, "\n".join(found[:20])
