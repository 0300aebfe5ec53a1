"""The widgets' browser code, shipped with the markup spelled_out emits: the stepper
(stepper_html.py), the visiting-order exercise (visiting_html.py), the build-along diffs
(along.py) and the training frames (frames.py). The `literate` plugin adds these files to the
site and PAGE to every page (its `assets` option in mkdocs.yml names this module). The page
loads widgets.js alone, which fetches a widget's module once a widget of its kind is near."""

PAGE = (
    "stepper.css",
    "along.css",
    "widgets.js",
)
