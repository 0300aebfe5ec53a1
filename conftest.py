"""Run the executable blocks of docs/**/*.md as tests (see scripts/pytest_plugin.py)."""

pytest_plugins = ["scripts.pytest_plugin"]
