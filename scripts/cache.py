"""Page results stored under a content hash, so a result cannot outlive what it depends on.

The key covers the page's executable items (code, options, inline expressions and their lines,
in order), every file of `micrograd/`, the engine's own source, the Python version, Graphviz's
version and the versions of the display packages (matplotlib, pygments, graphviz). Prose edits
that move no item do not change it; those that do re-run the page, since outputs can quote line
numbers (`docs/x.md:5: UserWarning`). Writes are atomic; an unreadable entry is a miss.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from importlib import metadata
from pathlib import Path

from scripts.parse import Page
from scripts.results import ItemResult

SCHEMA = 1
# Python packages that shape a page's displays (figures, highlighted source, graphs).
DISPLAY_PACKAGES = ("matplotlib", "pygments", "graphviz")
ENGINE_DIR = Path(__file__).resolve().parent
# Engine files that cannot change a page's results (front ends, and rendering, which is done
# after the cache on every build): editing them must not re-run every page.
NOT_IN_RESULTS = frozenset(
    {
        "bench_build.py",
        "bench_engine.py",
        "cli.py",
        "mkdocs_hook.py",
        "notebook.py",
        "notebooks_hook.py",
        "pytest_plugin.py",
        "render.py",
    }
)


def environment_key(project_root: Path, package: str = "micrograd") -> str:
    """Hash of what every page depends on; compute it once per build.

    That is every file of the package, the engine's modules (including the helpers pages
    import from `scripts`, such as pagetools; not the front ends in NOT_IN_RESULTS) and the
    toolchain.
    """
    digest = hashlib.sha256()
    for directory, pattern in ((project_root / package, "**/*"), (ENGINE_DIR, "*.py")):
        for path in sorted(directory.glob(pattern)):
            skip = directory == ENGINE_DIR and path.name in NOT_IN_RESULTS
            if path.is_file() and "__pycache__" not in path.parts and not skip:
                digest.update(str(path.relative_to(directory)).encode() + b"\0")
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    digest.update(sys.version.encode())
    digest.update(graphviz_version().encode())
    for package in DISPLAY_PACKAGES:
        digest.update(f"{package}={package_version(package)}\0".encode())
    return digest.hexdigest()


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
        [SCHEMA, environment, page.path, [item.signature() for item in page.items]],
        default=repr,
    )
    return hashlib.sha256(payload.encode()).hexdigest()


class Cache:
    """A directory of `<key>.json` files holding a page's list of item results."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def path_for(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def load(self, key: str) -> list[ItemResult] | None:
        """The stored results, or None when missing, torn or of another schema."""
        try:
            data = json.loads(self.path_for(key).read_text(encoding="utf-8"))
            if data.get("schema") != SCHEMA or data.get("key") != key:
                return None
            return [ItemResult.from_json(item) for item in data["results"]]
        except (OSError, ValueError, TypeError, KeyError, AttributeError):
            return None

    def store(self, key: str, results: list[ItemResult]) -> None:
        """Write atomically: a reader sees the old entry, the new one, or none."""
        payload = {"schema": SCHEMA, "key": key, "results": [r.to_json() for r in results]}
        self._write_atomic(self.path_for(key), json.dumps(payload))

    def load_timings(self) -> dict[str, float]:
        """Seconds each page took when it last ran (to start the slowest first)."""
        try:
            timings = json.loads((self.directory / "timings.json").read_text(encoding="utf-8"))
            return {str(k): float(v) for k, v in timings.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            return {}

    def store_timings(self, timings: dict[str, float]) -> None:
        self._write_atomic(self.directory / "timings.json", json.dumps(timings))

    def _write_atomic(self, path: Path, text: str) -> None:
        """Write a temporary file, then rename it over path; no temporary file is left behind."""
        self.directory.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=self.directory, prefix=".tmp-", suffix=".json")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def clear(self) -> None:
        shutil.rmtree(self.directory, ignore_errors=True)
