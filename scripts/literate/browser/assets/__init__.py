"""The engine's browser code, shipped with the markup it drives (present/browser.py's block
list, present/output_html.py's outputs, present/practice.py's exercises and answers).

PAGE is what every page loads: stylesheets, and the ES modules that are entry points. The
other files here are fetched by those modules on demand: runner-live.js and runner-live.css
(with Python), runner-worker.js (the Web Worker), exercises-home.js (the home page's table).
"""

PAGE = (
    "literate.css",
    "runner.css",
    "graphs.js",
    "runner.js",
    "exercises.js",
    "answers.js",
)
