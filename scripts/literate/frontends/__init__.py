"""Stage 5: the front ends, each a thin adapter of build.Build: the MkDocs plugin, the pytest
plugin and the `literate` command line."""
