"""Where the command line and the pytest plugin find the build's settings: the `literate`
entry of the nearest mkdocs.yml, validated as the MkDocs plugin validates it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from literate.settings import Settings, SettingsError

PLUGIN_NAME = "literate"


def find_project_root(start: Path) -> Path:
    """The nearest directory at or above start holding mkdocs.yml (else start)."""
    for directory in (start, *start.parents):
        if (directory / "mkdocs.yml").is_file():
            return directory
    return start


def load_settings(root: Path) -> Settings:
    """The settings of the project at root (defaults without a mkdocs.yml that names the
    plugin); SettingsError when mkdocs.yml gives a bad value."""
    from literate.frontends.mkdocs_config import LiterateConfig, settings_from

    config = LiterateConfig()
    config.load_dict(_plugin_options(root / "mkdocs.yml"))
    failed, _warnings = config.validate()
    if failed:
        name, error = failed[0]
        raise SettingsError(f"mkdocs.yml: plugin {PLUGIN_NAME}: option '{name}': {error}")
    return settings_from(config, root)


def _plugin_options(config_file: Path) -> dict[str, Any]:
    if not config_file.is_file():
        return {}
    from mkdocs.utils.yaml import yaml_load

    with config_file.open(encoding="utf-8") as file:
        data = yaml_load(file) or {}
    for entry in data.get("plugins") or []:
        if isinstance(entry, dict) and PLUGIN_NAME in entry:
            return dict(entry[PLUGIN_NAME] or {})
    return {}
