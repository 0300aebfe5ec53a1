"""Training, frame by frame: the decision boundary at several steps, with a slider.

    frames = TrainingFrames(points, labels, grid_x, grid_y)
    frames.add(step, grid_scores(net, grid_x, grid_y), loss, accuracy)   # during training
    frames.losses = every_step_loss
    frames            # two inline SVGs (boundary, loss curve with the frame marked), a slider

Plain Python SVG, no plotting library, so it draws the same at build and in the browser. Every
frame is in the page; without JavaScript the last one shows, and assets/frames.js makes the
slider (an <input type=range> with a label and aria-valuetext) switch between them.
"""

from __future__ import annotations

import html
import json

W, H, PAD = 300, 200, 30  # each panel's viewBox; PAD leaves room for the loss curve's labels
NEGATIVE, POSITIVE = "#3182bd", "#e6550d"  # translucent fills: read on light and dark


def _frame_group(k: int, last: int) -> str:
    """The opening tag of frame k's group: only the last frame shows without JavaScript."""
    return f'<g data-frame="{k}">' if k == last else f'<g data-frame="{k}" display="none">'


def grid_scores(model, grid_x, grid_y) -> list[list[float]]:
    """The model's score at every grid point: one row per y, one column per x."""
    return [[model([x, y]).data for x in grid_x] for y in grid_y]


class TrainingFrames:
    def __init__(self, points, labels, grid_x, grid_y) -> None:
        self.points, self.labels = points, labels
        self.grid_x, self.grid_y = list(grid_x), list(grid_y)
        self.frames: list[tuple[int, list[list[float]], float, float]] = []
        self.losses: list[float] = []

    def add(self, step: int, scores, loss: float, accuracy: float) -> None:
        self.frames.append((step, scores, loss, accuracy))

    def caption(self, k: int) -> str:
        step, _, loss, accuracy = self.frames[k]
        return f"step {step}: loss {loss:.4f}, accuracy {accuracy:.0%}"

    def __repr__(self) -> str:
        return "\n".join(self.caption(k) for k in range(len(self.frames)))

    # -- the two panels ---------------------------------------------------------------------

    def _to_px(self, x: float, y: float) -> tuple[float, float]:
        (x0, x1), (y0, y1) = self._extent()
        return (x - x0) / (x1 - x0) * W, H - (y - y0) / (y1 - y0) * H

    def _extent(self):
        dx = (self.grid_x[-1] - self.grid_x[0]) / (len(self.grid_x) - 1) / 2
        dy = (self.grid_y[-1] - self.grid_y[0]) / (len(self.grid_y) - 1) / 2
        return (self.grid_x[0] - dx, self.grid_x[-1] + dx), (
            self.grid_y[0] - dy,
            self.grid_y[-1] + dy,
        )

    def _regions(self, scores) -> str:
        """The cells of each sign as one path: runs of one sign along each row, a rectangle
        each (M x,y h w v h H x z), not an element a cell or a run."""
        cw, ch = W / len(self.grid_x), H / len(self.grid_y)
        runs = {POSITIVE: [], NEGATIVE: []}
        for j, row in enumerate(scores):
            top = H - (j + 1) * ch
            start = 0
            for i in range(1, len(row) + 1):
                if i == len(row) or (row[i] > 0) != (row[start] > 0):
                    colour = POSITIVE if row[start] > 0 else NEGATIVE
                    x = f"{start * cw:.1f}"
                    runs[colour].append(f"M{x},{top:.1f}h{(i - start) * cw:.1f}v{ch:.1f}H{x}z")
                    start = i
        return "".join(
            f'<path d="{"".join(parts)}" fill="{colour}" fill-opacity="0.3"/>'
            for colour, parts in runs.items()
            if parts
        )

    def _points(self) -> str:
        marks = []
        for (x, y), label in zip(self.points, self.labels):
            px, py = self._to_px(x, y)
            if label > 0:  # a triangle for +1, a circle for -1: told apart by shape too
                marks.append(
                    f'<path d="M{px:.1f},{py - 4:.1f}l4,7h-8z" fill="{POSITIVE}" '
                    'stroke="currentColor" stroke-width="0.5"/>'
                )
            else:
                marks.append(
                    f'<circle cx="{px:.1f}" cy="{py:.1f}" r="3.2" fill="{NEGATIVE}" '
                    'stroke="currentColor" stroke-width="0.5"/>'
                )
        return "".join(marks)

    def boundary_svg(self) -> str:
        last = len(self.frames) - 1
        groups = "".join(
            f"{_frame_group(k, last)}{self._regions(scores)}</g>"
            for k, (_, scores, _, _) in enumerate(self.frames)
        )
        label = "the decision boundary: shaded by the sign of the score, over the data points"
        return (
            f'<svg class="mg-frames-boundary" viewBox="0 0 {W} {H}" role="img" '
            f'aria-label="{label}">{groups}{self._points()}</svg>'
        )

    def loss_svg(self) -> str:
        losses = self.losses or [loss for _, _, loss, _ in self.frames]
        top, n = max(losses), len(losses) - 1
        sx = lambda step: PAD + step / n * (W - PAD - 8)
        sy = lambda loss: 8 + (1 - loss / top) * (H - PAD - 8)
        line = " ".join(f"{sx(i):.1f},{sy(v):.1f}" for i, v in enumerate(losses))
        last = len(self.frames) - 1
        marks = "".join(
            f"{_frame_group(k, last)}"
            f'<line x1="{sx(step):.1f}" x2="{sx(step):.1f}" y1="8" y2="{H - PAD}" '
            'stroke="currentColor" stroke-dasharray="3 3" stroke-width="0.8"/>'
            f'<circle cx="{sx(step):.1f}" cy="{sy(loss):.1f}" r="4.5" fill="{POSITIVE}" '
            'stroke="currentColor"/></g>'
            for k, (step, _, loss, _) in enumerate(self.frames)
        )
        text = 'fill="currentColor" font-size="12" font-family="sans-serif"'
        axes = (
            f'<path d="M{PAD},8V{H - PAD}H{W - 8}" fill="none" stroke="currentColor"/>'
            f'<text x="{PAD - 4}" y="16" text-anchor="end" {text}>{top:.2g}</text>'
            f'<text x="{PAD - 4}" y="{H - PAD}" text-anchor="end" {text}>0</text>'
            f'<text x="{PAD}" y="{H - PAD + 14}" {text}>step 0</text>'
            f'<text x="{W - 8}" y="{H - PAD + 14}" text-anchor="end" {text}>{n}</text>'
            f'<text x="{(W + PAD) / 2}" y="{H - 4}" text-anchor="middle" {text}>'
            "loss per step</text>"
        )
        label = "the training loss at every step, the current frame marked"
        return (
            f'<svg class="mg-frames-loss" viewBox="0 0 {W} {H}" role="img" aria-label="{label}">'
            f'{axes}<polyline points="{line}" fill="none" stroke="currentColor" '
            f'stroke-width="1.2"/>{marks}</svg>'
        )

    def _repr_html_(self) -> str:
        last = len(self.frames) - 1
        captions = [self.caption(k) for k in range(len(self.frames))]
        rows = "".join(
            f"<tr><td>{step}</td><td>{loss:.4f}</td><td>{accuracy:.0%}</td></tr>"
            for step, _, loss, accuracy in self.frames
        )
        return (
            # data-lit-fits: the figures and the controls wrap within its box's width
            '<div class="mg-frames" data-lit-fits '
            f"data-captions='{html.escape(json.dumps(captions))}'>"
            f'<div class="mg-frames-figures">{self.boundary_svg()}{self.loss_svg()}</div>'
            '<div class="mg-frames-controls" hidden><label>Training frame '
            f'<input type="range" min="0" max="{last}" step="1" value="{last}" '
            f'aria-valuetext="{html.escape(captions[last])}"></label></div>'
            f'<p class="mg-frames-caption" aria-live="polite">{html.escape(captions[last])}</p>'
            "<details><summary>Every frame's numbers</summary><table><thead><tr><th>step</th>"
            f"<th>loss</th><th>accuracy</th></tr></thead><tbody>{rows}</tbody></table>"
            "</details></div>"
        )
