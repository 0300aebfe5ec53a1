"""literate: run the Python fences of Markdown pages and notebooks, and show what they produce.

The pipeline, one subpackage a stage:

    parse     pages and percent-format notebooks -> blocks and inline values, with their lines
    execute   a pool of fresh worker processes per build, timeouts, capture, rich display
    cache     results stored under a content hash of everything they depend on
    present   results -> site HTML, notebook cells, terminal text (after the cache)
    frontends the MkDocs plugin, the pytest plugin and the `literate` command line

`build.Build` ties the stages together for one build; every front end goes through it.
"""

__version__ = "2.0.0"
