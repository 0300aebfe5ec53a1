"""Stage 4: results become what a target shows, after the cache: site HTML (html), notebook
cells (notebook) or terminal text (terminal). Each picks a MIME type by its own priority."""
