"""Cache keys: a page's items plus everything every page depends on.

The environment key covers every file of the packages the pages import (named in the
settings), the engine's own execution code, the Python version, Graphviz's version and the
versions of the packages that shape displays. A page key adds the page's executable items
(code, options, inline expressions and their lines, in order): prose edits that move no item do
not change it; those that do re-run the page, since outputs can quote line numbers
(`docs/x.md:5: UserWarning`). Presentation is not in the key: it happens after the cache.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Any

from literate.parse.page import Page
from literate.settings import Settings

# Python packages that shape a page's displays (figures, highlighted source, graphs).
DISPLAY_PACKAGES = ("matplotlib", "pygments", "graphviz")
# The engine's code that decides what a worker produces (not parsing, presentation or front
# ends, which do not change a result: editing them must not re-run every page).
ENGINE_DIR = Path(__file__).resolve().parent.parent
RESULT_CODE = ("execute", "results.py")


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


def environment_key(settings: Settings) -> str:
    """Hash of what every page depends on; compute it once per build."""
    digest = hashlib.sha256()
    for name in settings.packages:
        directory = package_directory(name, settings.project_root)
        digest.update(f"package {name}\0".encode())
        if directory is not None:
            _hash_tree(digest, directory)
    for part in RESULT_CODE:
        _hash_tree(digest, ENGINE_DIR / part)
    digest.update(sys.version.encode())
    digest.update(graphviz_version().encode())
    for package in DISPLAY_PACKAGES:
        digest.update(f"{package}={package_version(package)}\0".encode())
    return digest.hexdigest()


def _hash_tree(digest: Any, path: Path) -> None:
    """Every file under path (or path itself), by relative name and content."""
    files = [path] if path.is_file() else sorted(path.rglob("*"))
    for file in files:
        if file.is_file() and "__pycache__" not in file.parts:
            name = file.name if file == path else file.relative_to(path).as_posix()
            digest.update(name.encode() + b"\0" + hashlib.sha256(file.read_bytes()).digest())


def package_version(name: str) -> str:
    """The installed version of a distribution, or "absent"."""
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return "absent"


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
