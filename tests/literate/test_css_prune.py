"""Cutting the notebook stylesheet down to the rules its pages can match."""

from literate.frontends.css_prune import classes_in, prune

CSS = """/* a comment */
@charset "utf-8";
.used{color:red}
.unused{color:blue}
.used .unused,.used .also{margin:0}
.a:not(.never) .used{top:0}
body[data-x=y]{left:0}
@media (max-width:10px){.unused{x:1}.used{x:2}}
@media print{.unused{x:1}}
@font-face{font-family:F;src:url(f.woff2)}
:root{--v:1}
"""


def test_rules_stay_when_every_class_they_require_is_used():
    pruned = prune(CSS, {"used", "also", "a"})
    assert '@charset "utf-8";' in pruned and "/* a comment */" not in pruned
    assert ".used{color:red}" in pruned and ".unused{color:blue}" not in pruned
    assert ".used .also{margin:0}" in pruned and ".used .unused" not in pruned
    assert ".a:not(.never) .used{top:0}" in pruned  # :not() requires nothing
    assert "body[data-x=y]{left:0}" in pruned and ":root{--v:1}" in pruned
    assert "@media (max-width:10px){.used{x:2}}" in pruned and "@media print" not in pruned
    assert "@font-face{font-family:F;src:url(f.woff2)}" in pruned


def test_classes_are_read_from_the_pages_html():
    assert classes_in('<div class="a  b"><p class="c">x</p></div>') == {"a", "b", "c"}
