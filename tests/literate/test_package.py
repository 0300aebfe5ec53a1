"""The build engine is an installed package: entry points, no path tricks, small modules."""

import re
from importlib.metadata import entry_points

import yaml

from .helpers import REPO_ROOT

ENGINE = REPO_ROOT / "scripts"


def test_the_front_ends_resolve_through_entry_points():
    from literate.frontends import cli, mkdocs_plugin, pytest_plugin

    (plugin,) = entry_points(group="mkdocs.plugins", name="literate")
    assert plugin.load() is mkdocs_plugin.LiteratePlugin
    (tests,) = entry_points(group="pytest11", name="literate")
    assert tests.load() is pytest_plugin
    (command,) = entry_points(group="console_scripts", name="literate")
    assert command.load() is cli.main


def test_mkdocs_yml_lists_the_plugin_and_no_hooks():
    text = (REPO_ROOT / "mkdocs.yml").read_text()
    config = yaml.load(text, Loader=yaml.BaseLoader)  # !ENV tags read as plain strings
    assert "hooks" not in config
    assert any(isinstance(p, dict) and "literate" in p for p in config["plugins"])


def test_no_import_path_or_module_table_tricks_in_the_engine():
    for path in ENGINE.rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"sys\.path|sys\.modules\[", text), path


def test_no_module_over_250_lines():
    sizes = {path: len(path.read_text().splitlines()) for path in ENGINE.rglob("*.py")}
    assert sizes and all(lines <= 250 for lines in sizes.values()), max(sizes.values())
