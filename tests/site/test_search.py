"""Material's search, in Chromium on the built site: code names inside dotted calls are found,
and result snippets show maths as text, never as TeX."""

from __future__ import annotations

import pytest

from .browsing import DESKTOP

pytestmark = pytest.mark.site


def search(page, query: str) -> list[dict]:
    """Type query into Material's search; the results as {href, text}."""
    page.locator(".md-search__input").click()  # opens the search dialog
    page.wait_for_selector("[data-md-toggle=search]:checked", state="attached")
    page.keyboard.type(query, delay=20)  # typed as a reader does: Material searches on keyup
    page.wait_for_selector(".md-search-result__item", timeout=15_000)
    return page.locator(".md-search-result__item a").evaluate_all(
        "(links) => links.map((a) => ({href: a.href, text: a.textContent}))"
    )


def test_a_code_name_inside_a_dotted_call_is_found(open_page) -> None:
    """`optimizer.zero_grad()` and `model.zero_grad()` are in the PyTorch chapter's prose."""
    page, _ = open_page("index.html", DESKTOP)
    results = search(page, "zero_grad")
    assert any("/pytorch/" in result["href"] for result in results), results


def test_result_snippets_show_maths_as_text_not_tex(open_page) -> None:
    """The neuron chapter's pre-activation, n = x1 w1 + x2 w2 + b, is a formula in the prose."""
    page, _ = open_page("index.html", DESKTOP)
    results = search(page, "pre-activation")
    texts = [r["text"] for r in results if "/neuron/" in r["href"]]
    assert any("x1w1" in text.replace(" ", "") for text in texts), texts
    tex = [text[:120] for r in results if "\\(" in (text := r["text"]) or "\\frac" in text]
    assert not tex, tex
