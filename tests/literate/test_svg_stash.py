"""SVG kept out of page.content while the build indexes the page, and put back on output."""

from literate.frontends.svg_stash import restore_svgs, stash_svgs

PAGE = (
    '<p>before</p><div class="lit-display"><svg class="lit-graph" viewBox="0 0 1 1">'
    "<text>data 2.0000</text></svg></div><p>between</p>"
    '<div class="mg-stepper-graph"><svg><g id="lit2-a"></g>\n</svg></div>'
)


def test_svgs_leave_the_content_and_come_back_in_place():
    content, stashed = stash_svgs(PAGE)
    assert "<svg" not in content and "data 2.0000" not in content
    assert content.count("<!--literate-svg-") == 2 == len(stashed)
    output = f"<html><body>{content}</body></html>"
    assert restore_svgs(output, stashed) == f"<html><body>{PAGE}</body></html>"


def test_a_page_without_svg_is_unchanged():
    assert stash_svgs("<p>x</p>") == ("<p>x</p>", [])
    assert restore_svgs("<p>x</p>", []) == "<p>x</p>"
