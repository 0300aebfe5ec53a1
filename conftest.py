"""The blocks of docs/**/*.md run as tests through the literate pytest plugin, which the
installed package registers (entry point pytest11); pytester is for the build engine's own
tests of that plugin (tests/build)."""

pytest_plugins = ["pytester"]
