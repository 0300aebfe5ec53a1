"""Figures in a downloaded notebook as the site shows them: SVG, each shown once.

In Jupyter, a cell that ends with a pyplot figure (`fig`) shows it twice, as PNG: once as the
cell's value and once more when the inline backend shows every figure left open. The build
shows it once, as SVG with real text, and closes it (execute/formatters.py). The first code
cell of a notebook whose page shows figures runs

    from literate.notebook_figures import show_figures_as_on_the_site

    show_figures_as_on_the_site()

so that the kernel draws figures with that same function: the notebook then shows what the
page shows, and "Run all" reproduces the build's SVG.
"""

from __future__ import annotations

from typing import Any


def show_figures_as_on_the_site() -> None:
    """Draw matplotlib figures as the build does, in the running IPython (no-op outside)."""
    from IPython import get_ipython

    shell = get_ipython()
    if shell is None:
        return
    from matplotlib.figure import Figure

    shell.enable_matplotlib("inline")  # now, not at the first figure: it would add PNG back
    formatters = shell.display_formatter.formatters
    formatters["image/png"].pop(Figure, None)
    formatters["image/svg+xml"].for_type(Figure, _svg)


def _svg(figure: Any) -> str:
    """The figure's SVG, made and then closed as the build makes it."""
    from literate.execute.formatters import figure_bundle

    data, _metadata = figure_bundle(figure)
    return data["image/svg+xml"]
