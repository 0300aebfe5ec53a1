"""Cache keys: a page's items plus everything every page depends on.

The environment key covers every file of the packages the pages import (named in the
settings), the engine's code that makes and grades results, the output limit, the Python
version, Graphviz's version and the version of every installed distribution. A page key adds
the page's executable items (code, options, inline expressions and their lines, in order): prose
edits that move no item do not change it (an exercise's heading above it included); those that
do re-run the page, since outputs can quote line numbers (`docs/x.md:5: UserWarning`).
Presentation is not in the key: it happens after the cache.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
import sysconfig
from pathlib import Path
from typing import Any

from literate.parse.page import Page
from literate.settings import Settings

# The engine's code that decides what a worker produces (not parsing, presentation or front
# ends, which do not change a result: editing them must not re-run every page).
ENGINE_DIR = Path(__file__).resolve().parent.parent
RESULT_CODE = (
    "execute",
    "results.py",
    "grading.py",
    "shortcuts.py",  # an exercise's refusals, graded with it
    "shortcut_steps.py",
    "stand_ins.py",
    "escape_hatches.py",
    "answers.py",
    "parse/exercise_sections.py",
)


def package_directory(name: str, project_root: Path) -> Path | None:
    """Where a package the pages import lives: in the project (the workers look there first),
    else wherever this interpreter finds it; None when it is nowhere."""
    for candidate in (project_root / name, project_root / f"{name}.py"):
        if candidate.exists():
            return candidate
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        return None
    origin = Path(spec.origin)
    return origin.parent if origin.name == "__init__.py" else origin


class UnknownPackage(ValueError):
    """A package named in the settings that neither the project nor this Python has."""


def package_directories(settings: Settings) -> dict[str, Path]:
    """Where each package the settings name lives; UnknownPackage names a missing one."""
    found = {name: package_directory(name, settings.project_root) for name in settings.packages}
    missing = [name for name, directory in found.items() if directory is None]
    if missing:
        raise UnknownPackage(
            f"packages: {', '.join(missing)} is neither in {settings.project_root} "
            "nor importable here"
        )
    return {name: directory for name, directory in found.items() if directory is not None}


def environment_key(settings: Settings) -> str:
    """Hash of what every page depends on; compute it once per build."""
    digest = hashlib.sha256()
    for name, directory in package_directories(settings).items():
        digest.update(f"package {name}\0".encode())
        _hash_tree(digest, directory)
    for part in RESULT_CODE:
        _hash_tree(digest, ENGINE_DIR / part)
    digest.update(f"output_limit {settings.output_limit}\0".encode())
    digest.update(sys.version.encode())
    digest.update(graphviz_version().encode())
    for name, version in installed_versions():
        digest.update(f"{name}={version}\0".encode())
    return digest.hexdigest()


def installed_versions() -> list[tuple[str, str]]:
    """Every installed distribution and its version: a page may import any of them (torch,
    matplotlib...), and an upgrade can change what it prints. Read from the names of the
    `name-version.dist-info` folders of the environment (reading each one's metadata is
    slower)."""
    found = set()
    folders = {sysconfig.get_paths()[kind] for kind in ("purelib", "platlib")}
    for entry in map(Path, folders):
        if entry.is_dir():
            for child in entry.iterdir():
                if child.suffix in (".dist-info", ".egg-info"):
                    name, _, version = child.stem.partition("-")
                    found.add((name, version))
    return sorted(found)


def _hash_tree(digest: Any, path: Path) -> None:
    """Every file under path (or path itself), by relative name and content."""
    files = [path] if path.is_file() else sorted(path.rglob("*"))
    for file in files:
        if file.is_file() and "__pycache__" not in file.parts:
            name = file.name if file == path else file.relative_to(path).as_posix()
            digest.update(name.encode() + b"\0" + hashlib.sha256(file.read_bytes()).digest())


def graphviz_version() -> str:
    try:
        done = subprocess.run(["dot", "-V"], capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "no dot"
    return (done.stderr or done.stdout).strip()


def page_key(page: Page, environment: str) -> str:
    """The cache key of a page: its items' signatures plus the environment key."""
    payload = json.dumps(
        [environment, page.path, page.kind, [item.signature() for item in page.items]],
        default=repr,
    )
    return hashlib.sha256(payload.encode()).hexdigest()
