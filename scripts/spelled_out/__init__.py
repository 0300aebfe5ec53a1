"""Helpers the pages of "micrograd, spelled out" use to show things micrograd does not draw.

    from spelled_out import show_source, backward_stepper, visiting_exercise
    show_source(Value.__mul__)   # the method's real source, highlighted
    backward_stepper(L)          # the forward and backward pass, one node at a time
    visiting_exercise()          # the reader orders the backward pass on a diamond

Each returns an object that shows itself through IPython's display protocol (`_repr_html_`),
so it looks the same on the site and in Jupyter, where the downloaded notebooks run.
"""

from spelled_out.along import Step, show_step
from spelled_out.frames import TrainingFrames, grid_scores
from spelled_out.mlp_drawing import draw_mlp
from spelled_out.source import SourceCode, show_source
from spelled_out.stepper import BackwardStepper, backward_stepper
from spelled_out.visiting_html import VisitingExercise, visiting_exercise

__all__ = [
    "BackwardStepper",
    "SourceCode",
    "Step",
    "TrainingFrames",
    "VisitingExercise",
    "backward_stepper",
    "draw_mlp",
    "grid_scores",
    "show_source",
    "show_step",
    "visiting_exercise",
]
