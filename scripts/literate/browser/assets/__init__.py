"""The engine's browser code, shipped with the markup it drives (present/browser.py's block
list, present/output_html.py's outputs, present/practice_html.py's exercises and answers).

PAGE is what every page loads: stylesheets, and the ES modules that are entry points (runner.js
imports the page's toolbar, page-bar.js, and each block's, block-view.js). The other files here
are fetched by those modules on demand: live-session.js (the runs, with runner-live.js's live
output and inline-values.js) and runner-live.css with Python, runner-worker.js (the Web Worker),
exercises-home.js (the home page's table). contracts.js holds only JSDoc typedefs (the shapes of
literate/contracts.py) and globals.d.ts what the page has from Material: both are for
`tsc --checkJs`, and the page never loads them.
"""

PAGE = (
    "literate.css",
    "runner.css",
    "graphs.js",
    "runner.js",
    "exercises.js",
    "answers.js",
)
