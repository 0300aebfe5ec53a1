"""A stand-in for matplotlib in the browser's Python, which has no matplotlib: the pyplot calls
the chapters make (subplots, plot, semilogy, loglog, scatter, axvline, labels, legend, grid,
limits) draw a plain SVG chart, so a reader can change a plot's code and see it redrawn. It is
not matplotlib: anything else it is asked for draws nothing and says so on the chart.
"""

__version__ = "browser stand-in"


def use(backend, *args, **kwargs):
    """Backends mean nothing here."""


def rc_context(*args, **kwargs):
    import contextlib

    return contextlib.nullcontext()
