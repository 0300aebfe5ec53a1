"""Where the command line and the pytest plugin find the build's settings: the `literate`
entry of the nearest mkdocs.yml, validated as the MkDocs plugin validates it."""

from __future__ import annotations

from fnmatch import fnmatch
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
    """The settings of the project at root (defaults without a mkdocs.yml, which is read only
    when there is one: MkDocs need not be installed to run pages); SettingsError when
    mkdocs.yml gives a bad value."""
    if not (root / "mkdocs.yml").is_file():
        return Settings(project_root=root)
    from literate.frontends.mkdocs_config import settings_from

    config, docs_dir = load_plugin_config(root)
    return settings_from(config, root, docs_dir)


def load_plugin_config(root: Path) -> tuple[Any, Path]:
    """The validated `literate` entry of root/mkdocs.yml (a LiterateConfig) and the docs
    folder it names; SettingsError for a bad value."""
    from mkdocs.utils.yaml import yaml_load

    from literate.frontends.mkdocs_config import LiterateConfig

    with (root / "mkdocs.yml").open(encoding="utf-8") as file:
        data = yaml_load(file) or {}
    config = LiterateConfig()
    config.load_dict(_plugin_options(data))
    failed, _warnings = config.validate()
    if failed:
        name, error = failed[0]
        raise SettingsError(f"mkdocs.yml: plugin {PLUGIN_NAME}: option '{name}': {error}")
    return config, Path(data.get("docs_dir") or "docs")


def is_notebook(path: Path, settings: Settings) -> bool:
    """Whether a file is one of the percent-format notebooks the settings name (the same test
    in every front end: fnmatch on the path relative to the docs folder)."""
    try:
        relative = Path(path).resolve().relative_to(settings.docs_path.resolve()).as_posix()
    except ValueError:
        return False
    return any(fnmatch(relative, pattern) for pattern in settings.notebooks)


def site_pages(settings: Settings) -> list[Path]:
    """Every Markdown page under the docs folder, then every percent-format notebook the
    configuration names (the pages `literate check` runs and `literate claims` reads)."""
    docs = settings.docs_path
    notebooks = [path for path in docs.rglob("*.py") if is_notebook(path, settings)]
    return sorted(docs.rglob("*.md")) + sorted(notebooks)


def _plugin_options(data: dict[str, Any]) -> dict[str, Any]:
    for entry in data.get("plugins") or []:
        if isinstance(entry, dict) and PLUGIN_NAME in entry:
            return dict(entry[PLUGIN_NAME] or {})
    return {}
