"""The shared visits (browsing.py, Visits) hold their promise: a test that asks for a page gets
it as a fresh visitor sees it, or fails saying an earlier test changed it."""

from __future__ import annotations

import pytest

from .browsing import DESKTOP, SET_SCHEME, Visits, scheme_of

pytestmark = pytest.mark.site


def test_a_shared_page_left_changed_fails_the_next_test_and_is_loaded_again(
    browser, site_url
) -> None:
    visits = Visits(browser, site_url)
    try:
        page, _ = visits.open("index.html", DESKTOP)
        assert visits.open("index.html", DESKTOP)[0] is page  # shared while unchanged
        page.evaluate(SET_SCHEME, "slate")
        with pytest.raises(pytest.fail.Exception, match=r"left the shared page .* 'slate'"):
            visits.open("index.html", DESKTOP)
        again, _ = visits.open("index.html", DESKTOP)
        assert again is not page and scheme_of(again) == "default"
        again.goto(site_url + "chain-rule/")
        with pytest.raises(pytest.fail.Exception, match="chain-rule"):
            visits.open("index.html", DESKTOP)
    finally:
        visits.close()
