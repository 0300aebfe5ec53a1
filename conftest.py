"""Run the executable blocks of docs/**/*.md as tests (see scripts/pytest_plugin.py);
pytester is for the build engine's own tests of that plugin (tests/build)."""

pytest_plugins = ["scripts.pytest_plugin", "pytester"]
