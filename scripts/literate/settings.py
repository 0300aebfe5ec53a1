"""What a build may be told: one validated set of settings for every front end.

The MkDocs plugin fills it from its `plugins:` entry in mkdocs.yml; the command line and the
pytest plugin read the same entry, so a page runs alike everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


class SettingsError(ValueError):
    """A setting with a bad value; the message names the setting and the value."""


@dataclass(frozen=True)
class Settings:
    project_root: Path
    cache_dir: Path = Path(".cache/literate")  # relative to project_root
    use_cache: bool = True
    # False: every page runs afresh, and a result is stored only where the cache has none (the
    # pytest plugin: its tests run every block, then the site build of the same run finds them).
    read_cache: bool = True
    jobs: int = 2  # pages run at once, each in its own worker process
    timeout: float = 60.0  # seconds a block may run, unless it sets timeout="..."
    startup_timeout: float = 60.0  # seconds a worker may take to start or between blocks
    output_limit: int = 1_000_000  # bytes of captured text kept per stream and block
    # Packages the pages import: their files are in the cache key, watched by `mkdocs serve`,
    # and found first in project_root by the workers.
    packages: tuple[str, ...] = ("micrograd",)
    notebooks: tuple[str, ...] = field(default=())  # globs under docs/ of percent notebooks
    docs_dir: Path = Path("docs")  # relative to project_root

    def __post_init__(self) -> None:
        _at_least("jobs", self.jobs, 1)
        _between("timeout", self.timeout, 0, 3600)
        _between("startup_timeout", self.startup_timeout, 0, 3600)
        _at_least("output_limit", self.output_limit, 1000)
        _own_folder("cache_dir", self.cache_path, self.project_root, self.docs_path)
        for pattern in self.notebooks:
            if not pattern.endswith(".py"):
                raise SettingsError(f"notebooks: {pattern!r} must name .py files (percent format)")
        for name in self.packages:
            if not name.replace("_", "a").isalnum() or name[0].isdigit():
                raise SettingsError(f"packages: {name!r} is not a Python package name")

    @property
    def cache_path(self) -> Path:
        return (self.project_root / self.cache_dir).resolve()

    @property
    def docs_path(self) -> Path:
        return self.project_root / self.docs_dir


def _own_folder(name: str, folder: Path, root: Path, docs: Path) -> None:
    """The cache gets a folder of its own: never the project, a folder above it, or the docs
    (clearing the cache deletes the folder)."""
    root, docs = root.resolve(), docs.resolve()
    if folder in (root, docs) or folder in root.parents or docs in folder.parents:
        raise SettingsError(f"{name} must be a folder of its own, not {folder}")


def _at_least(name: str, value: object, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise SettingsError(f"{name} must be a whole number of at least {minimum}, got {value!r}")


def _between(name: str, value: object, low: float, high: float) -> None:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if not number or not low < value <= high:  # type: ignore[operator]
        raise SettingsError(f"{name} must be a number of seconds in ({low}, {high}], got {value!r}")
