"""Fixtures shared by the build engine's tests."""

from __future__ import annotations

from pathlib import Path

import pytest

from literate.frontends.project import load_plugin_config

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def runtime() -> Path:
    """The vendored runtime folder of mkdocs.yml, with KaTeX in it (make setup fills it)."""
    config, _ = load_plugin_config(ROOT)
    folder = ROOT / config.runtime
    if not (folder / "katex/katex.min.js").is_file():
        pytest.fail(f"KaTeX is not vendored in {folder}: make setup")
    return folder
