"""The plugin's options in mkdocs.yml, validated, and turned into the build's Settings."""

from __future__ import annotations

from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c

from literate.settings import Settings

# The Settings fields the plugin options map to, with the same names.
SETTING_NAMES = ("jobs", "timeout", "startup_timeout", "output_limit")


class LiterateConfig(base.Config):
    enabled = c.Type(bool, default=True)  # false: show the fences, run nothing
    cache = c.Type(bool, default=True)  # false: run every page afresh, store nothing
    cache_dir = c.Type(str, default=".cache/literate")  # relative to mkdocs.yml
    jobs = c.Type(int, default=2)
    timeout = c.Type((int, float), default=60)
    startup_timeout = c.Type((int, float), default=60)
    output_limit = c.Type(int, default=1_000_000)
    packages = c.ListOfItems(c.Type(str), default=["micrograd"])
    notebooks = c.ListOfItems(c.Type(str), default=[])  # globs under docs/, percent format
    notebook_downloads = c.Type(bool, default=True)  # a .ipynb of every Markdown page
    # The vendored browser runtime (relative to mkdocs.yml): when set, every block gets Run.
    runtime = c.Optional(c.Type(str))
    # Modules of browser code shipped with the engine's (site_assets.py): spelled_out.assets.
    assets = c.ListOfItems(c.Type(str), default=[])


def settings_from(config: LiterateConfig, project_root: Path, docs_dir: Path) -> Settings:
    """The Settings (SettingsError names a bad value)."""
    return Settings(
        project_root=project_root,
        docs_dir=docs_dir,
        cache_dir=Path(config.cache_dir),
        use_cache=config.cache,
        packages=tuple(config.packages),
        notebooks=tuple(config.notebooks),
        **{name: config[name] for name in SETTING_NAMES},
    )
