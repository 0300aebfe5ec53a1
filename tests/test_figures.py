"""The training chapter's pictures: draw_mlp reads the model, TrainingFrames holds every frame."""

import random
import re

from micrograd import MLP
from spelled_out import TrainingFrames, draw_mlp, grid_scores


def test_draw_mlp_counts_every_layer_and_folds_wide_ones():
    random.seed(0)
    source = draw_mlp(MLP(2, [16, 16, 1])).source
    for count in (48, 272, 17):
        assert f"= {count}" in source, f"no parameter count {count} in the drawing"
    assert "337 parameters in all" in source
    assert source.count('more" fixedsize') == 2, "each 16-neuron layer should fold its middle"
    small = draw_mlp(MLP(3, [4, 4, 1], activation="tanh")).source
    assert "more" not in small and small.count('label="tanh') == 8 and 'label="lin' in small


def test_draw_mlp_is_narrow_enough_for_a_phone():
    random.seed(0)
    svg = draw_mlp(MLP(2, [16, 16, 1])).pipe(format="svg").decode()
    width = float(re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+)', svg).group(1))
    assert width * 8 / 11 <= 360, f"11-point text would be under 8 px at 390 px wide: {width}"


def test_frames_show_the_last_frame_without_javascript():
    random.seed(0)
    net = MLP(2, [4, 1])
    grid = [-1.0, 0.0, 1.0]
    frames = TrainingFrames([[0.0, 0.0], [1.0, 1.0]], [-1, 1], grid, grid)
    for step in range(3):
        frames.add(step, grid_scores(net, grid, grid), 1.0 / (step + 1), 0.5)
    page = frames._repr_html_()
    assert page.count('data-frame="') == 6, "each frame in both panels"
    assert page.count('display="none"') == 4, "all frames but the last hidden"
    assert '<input type="range"' in page and "aria-valuetext=" in page and "<label>" in page
    assert "step 2: loss 0.3333, accuracy 50%" in page
