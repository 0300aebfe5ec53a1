"""Figure and Axes for the browser's pyplot stand-in: record calls, draw a simple SVG chart."""

import html
import math

COLOURS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
PIXELS_PER_INCH = 80


class Axes:
    def __init__(self):
        self.series = []  # (kind, xs, ys, style)
        self.labels = {"x": "", "y": "", "title": ""}
        self.scale = {"x": "linear", "y": "linear"}
        self.limits = {}
        self.vlines = []
        self.legend_on = False
        self.grid_on = False
        self.skipped = []

    def plot(self, *args, label=None, color=None, **kwargs):
        xs, ys, fmt = _xy_fmt(args)
        self._add("line", xs, ys, fmt, label, color)

    def semilogy(self, *args, **kwargs):
        self.scale["y"] = "log"
        self.plot(*args, **kwargs)

    def loglog(self, *args, **kwargs):
        self.scale["x"] = self.scale["y"] = "log"
        self.plot(*args, **kwargs)

    def scatter(self, xs, ys, c=None, label=None, **kwargs):
        self._add("points", list(xs), list(ys), "o", label, c if isinstance(c, str) else None)

    def axvline(self, x, **kwargs):
        self.vlines.append(x)

    def set_xlabel(self, text, **kwargs):
        self.labels["x"] = str(text)

    def set_ylabel(self, text, **kwargs):
        self.labels["y"] = str(text)

    def set_title(self, text, **kwargs):
        self.labels["title"] = str(text)

    def set_ylim(self, low=None, high=None, **kwargs):
        self.limits["y"] = (low, high)

    def set_xlim(self, low=None, high=None, **kwargs):
        self.limits["x"] = (low, high)

    def set_yscale(self, scale, **kwargs):
        self.scale["y"] = scale

    def set_xscale(self, scale, **kwargs):
        self.scale["x"] = scale

    def legend(self, *args, **kwargs):
        self.legend_on = True

    def grid(self, *args, **kwargs):
        self.grid_on = True

    def __getattr__(self, name):
        """Anything else (contourf, fill_between, ...) is noted on the chart, not drawn."""
        if name.startswith("_"):
            raise AttributeError(name)

        def skipped(*args, **kwargs):
            self.skipped.append(name)

        return skipped

    def _add(self, kind, xs, ys, fmt, label, color):
        colour = color or COLOURS[len(self.series) % len(COLOURS)]
        self.series.append((kind, list(xs), list(ys), fmt or "-", label, colour))

    def svg(self, width, height, top):
        return _draw(self, width, height, top)


class Figure:
    def __init__(self, figsize, count):
        self.size = (figsize[0] * PIXELS_PER_INCH, figsize[1] * PIXELS_PER_INCH)
        self.axes = [Axes() for _ in range(count)]

    def savefig(self, file=None, *args, format=None, **kwargs):
        """SVG into a file object (how the display code asks); nothing else to save here."""
        if format == "svg" and hasattr(file, "write"):
            file.write(self._repr_svg_())

    def tight_layout(self, *args, **kwargs):
        """Layout is fixed here."""

    def _repr_svg_(self):
        width, height = self.size
        each = height / len(self.axes)
        body = "".join(axes.svg(width, each, index * each) for index, axes in enumerate(self.axes))
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0f} {height:.0f}" '
            f'width="{width:.0f}pt" height="{height:.0f}pt" font-family="sans-serif" '
            f'font-size="11">{body}</svg>'
        )


def _xy_fmt(args):
    args = list(args)
    fmt = args.pop() if args and isinstance(args[-1], str) else "-"
    if len(args) == 1:
        return list(range(len(list(args[0])))), list(args[0]), fmt
    return list(args[0]), list(args[1]), fmt


def _scaled(values, scale):
    if scale == "log":
        return [math.log10(v) if v and v > 0 else None for v in values]
    return [float(v) for v in values]


def _bounds(values, limit):
    finite = [v for v in values if v is not None and math.isfinite(v)]
    low, high = (min(finite), max(finite)) if finite else (0.0, 1.0)
    if limit:
        low = low if limit[0] is None else limit[0]
        high = high if limit[1] is None else limit[1]
    return (low - 0.5, high + 0.5) if low == high else (low, high)


def _draw(axes, width, height, top):
    left, right, bottom, head = 60, 15, 45, 25
    box_w, box_h = width - left - right, height - bottom - head
    series = [
        (k, _scaled(x, axes.scale["x"]), _scaled(y, axes.scale["y"]), *rest)
        for k, x, y, *rest in axes.series
    ]
    x_limit = axes.limits.get("x")
    y_limit = axes.limits.get("y")
    if axes.scale["y"] == "log" and y_limit:
        y_limit = tuple(math.log10(v) if v else None for v in y_limit)
    xlow, xhigh = _bounds([v for s in series for v in s[1]] + list(axes.vlines), x_limit)
    ylow, yhigh = _bounds([v for s in series for v in s[2]], y_limit)

    def px(x):
        return left + (x - xlow) / (xhigh - xlow) * box_w

    def py(y):
        return top + head + box_h - (y - ylow) / (yhigh - ylow) * box_h

    out = [
        f'<rect x="{left}" y="{top + head}" width="{box_w}" height="{box_h}" fill="none" '
        'stroke="#333"/>'
    ]
    for axis, (low, high) in (("x", (xlow, xhigh)), ("y", (ylow, yhigh))):
        for step in range(5):
            value = low + (high - low) * step / 4
            shown = 10**value if axes.scale[axis] == "log" else value
            text = f"{shown:.3g}"
            if axis == "x":
                out.append(
                    f'<text x="{px(value):.1f}" y="{top + head + box_h + 15}" '
                    f'text-anchor="middle">{text}</text>'
                )
            else:
                out.append(
                    f'<text x="{left - 5}" y="{py(value) + 4:.1f}" text-anchor="end">{text}</text>'
                )
    for kind, xs, ys, fmt, _label, colour in series:
        points = [(px(x), py(y)) for x, y in zip(xs, ys) if x is not None and y is not None]
        if (kind == "line" and any(c in fmt for c in "-:")) or fmt == "-":
            dash = (
                ' stroke-dasharray="6 3"'
                if "--" in fmt
                else (' stroke-dasharray="2 3"' if ":" in fmt else "")
            )
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            out.append(
                f'<polyline points="{path}" fill="none" stroke="{colour}" '
                f'stroke-width="1.5"{dash}/>'
            )
        if kind == "points" or "o" in fmt:
            out.extend(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="2.5" fill="{colour}"/>' for x, y in points
            )
    for x in axes.vlines:
        out.append(
            f'<line x1="{px(x):.1f}" x2="{px(x):.1f}" y1="{top + head}" '
            f'y2="{top + head + box_h}" stroke="#888" stroke-dasharray="4 3"/>'
        )
    labels = axes.labels
    out.append(
        f'<text x="{left + box_w / 2}" y="{top + height - 8}" text-anchor="middle">'
        f"{html.escape(labels['x'])}</text>"
    )
    out.append(
        f'<text transform="translate(14 {top + head + box_h / 2}) rotate(-90)" '
        f'text-anchor="middle">{html.escape(labels["y"])}</text>'
    )
    notes = [labels["title"]] if labels["title"] else []
    if axes.skipped:
        notes.append(f"(not drawn in the browser: {', '.join(sorted(set(axes.skipped)))})")
    out.append(f'<text x="{left}" y="{top + 16}">{html.escape("  ".join(notes))}</text>')
    if axes.legend_on:
        named = [(label, colour) for _, _, _, _, label, colour in series if label]
        for row, (label, colour) in enumerate(named):
            y = top + head + 14 + row * 15
            out.append(
                f'<rect x="{left + box_w - 150}" y="{y - 8}" width="10" height="10" '
                f'fill="{colour}"/><text x="{left + box_w - 135}" y="{y + 1}">'
                f"{html.escape(str(label))}</text>"
            )
    return "".join(out)
