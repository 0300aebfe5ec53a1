"""The stepper's markup: the graph of the finished pass, and what assets/stepper.js needs.

    <div class="mg-stepper" data-frames>    the graph, the step controls, the caption
    <div class="mg-stepper-setup" hidden>   right after it: graph select, Forward/Backward pass,
                                            the leaves to edit, a status line, and a <template>
                                            per further graph, its SVG and frames

The controls stay hidden where the script does not run (in Jupyter, say, or without
JavaScript): the reader then sees the finished graph and the last step's caption.
"""

from __future__ import annotations

import html
import json

from spelled_out.drawing import graph_svg
from spelled_out.example import Example, example_data


def _data(example: Example) -> str:
    # the frames ride in an attribute, not a <script>: Material's instant navigation re-creates
    # every script of a new page, and would run JSON as JavaScript
    return html.escape(json.dumps(example_data(example)))


def _button(step: str, name: str, key: str, glyph: str) -> str:
    return (
        f'<button type="button" data-step="{step}" aria-label="{name}" title="{name} ({key})">'
        f'<span aria-hidden="true">{glyph}</span></button>'
    )


def _setup(examples: list[Example], rankdir: str, templates: str) -> str:
    choose = ""
    if len(examples) > 1:
        options = "".join(
            f'<option value="{i}">{html.escape(e.title)}</option>' for i, e in enumerate(examples)
        )
        choose = f'<label>Graph <select class="mg-stepper-select">{options}</select></label>'
    return (
        # data-lit-fits: its rows wrap within its box's width
        f'<div class="mg-stepper-setup" data-rankdir="{rankdir}" data-lit-fits hidden>'
        f'<div class="mg-stepper-row">{choose}'
        '<button type="button" data-phase="forward" title="Go to the start of the forward pass">'
        "Forward pass</button>"
        '<button type="button" data-phase="backward" '
        'title="Go to the start of the backward pass">Backward pass</button></div>'
        '<fieldset class="mg-stepper-leaves"><legend>Change a leaf or an operation: the '
        "engine recomputes both passes</legend></fieldset>"
        '<p class="mg-stepper-status" role="status" aria-live="polite"></p>'
        f"{templates}</div>"
    )


def stepper_html(examples: list[Example], rankdir: str) -> str:
    """The stepper's HTML (see the module docstring)."""
    first = examples[0]
    last = len(first.frames) - 1
    caption = html.escape(first.frames[-1].caption)
    templates = "".join(
        f'<template class="mg-stepper-more" data-frames="{_data(one)}">'
        f"{graph_svg(one.graph)}</template>"
        for one in examples[1:]
    )
    return (
        # data-lit-fits: laid out within its box's width, the graph scrolling inside it
        '<div class="mg-stepper" tabindex="0" data-lit-fits '
        'aria-label="The forward and backward pass, step by step" '
        f'data-frames="{_data(first)}">'
        f'<div class="mg-stepper-graph">{graph_svg(first.graph)}</div>'
        '<div class="mg-stepper-controls" hidden>'
        + _button("first", "First step", "Home", "«")
        + _button("prev", "Previous step", "←", "◀")
        + f'<input type="range" min="0" max="{last}" value="{last}" aria-label="Step" '
        f'aria-valuetext="step {last} of {last}">'
        + _button("next", "Next step", "→", "▶")
        + _button("last", "Last step", "End", "»")
        + f'<span class="mg-stepper-counter">step {last} of {last}</span>'
        '<span class="mg-stepper-phase">backward pass</span>'
        "</div>"
        # polite live regions: each step's caption, and an edge's local derivative, are read out
        f'<p class="mg-stepper-caption" aria-live="polite">{caption}</p>'
        '<p class="mg-stepper-edge" hidden></p>'
        "</div>"
        f"{_setup(examples, rankdir, templates)}"
    )
