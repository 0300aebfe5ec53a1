"""pyplot for the browser: figures that draw themselves as SVG (see matplotlib/__init__.py)."""

from matplotlib.figure import Axes, Figure

_open: list[Figure] = []


def subplots(nrows=1, ncols=1, figsize=(6.4, 4.8), **kwargs):
    figure = Figure(figsize, nrows * ncols)
    _open.append(figure)
    axes = figure.axes
    if nrows * ncols == 1:
        return figure, axes[0]
    if nrows == 1 or ncols == 1:
        return figure, axes
    return figure, [axes[row * ncols : (row + 1) * ncols] for row in range(nrows)]


def figure(num=None, figsize=(6.4, 4.8), **kwargs):
    """A new figure, or the open figure number `num` (as pyplot numbers them from 1)."""
    if isinstance(num, int) and 1 <= num <= len(_open):
        return _open[num - 1]
    made = Figure(figsize, 1)
    _open.append(made)
    return made


def gca() -> Axes:
    if not _open:
        figure()
    return _open[-1].axes[0]


def __getattr__(name):
    """plt.plot(...) and friends act on the current axes, as in pyplot."""
    return getattr(gca(), name)


def get_fignums():
    return list(range(1, len(_open) + 1))


def close(which=None):
    if which is None or which == "all":
        _open.clear()
    elif which in _open:
        _open.remove(which)


def show(*args, **kwargs):
    """Figures are shown after the block, as on the site."""
