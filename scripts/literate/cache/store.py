"""A directory of JSON entries, each a page's results under its key. Writes are atomic; an
unreadable entry is a miss."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from literate.results import ItemResult

SCHEMA = 2  # 2: results are nbformat outputs
# The Cache Directory Tagging convention: backup tools skip the folder, and clear() deletes
# only a folder that carries it.
TAG = "CACHEDIR.TAG"
TIMINGS = "timings.json"  # beside the entries: how long each page last took
TAG_TEXT = "Signature: 8a477f597d28d172789f06886806bc55\n# the literate build engine's cache\n"


class NotACache(OSError):
    """A folder that clear() will not delete: it was not made by a Cache."""


class Cache:
    """`<key>.json` files holding a page's list of item results, plus the pages' timings."""

    def __init__(self, directory: Path):
        self.directory = Path(directory)

    def path_for(self, key: str) -> Path:
        return self.directory / f"{key}.json"

    def holds(self, key: str) -> bool:
        return self.path_for(key).is_file()

    def load(self, key: str) -> list[ItemResult] | None:
        """The stored results, or None when missing, torn or of another schema."""
        data = self.load_json(self.path_for(key))
        try:
            if data.get("schema") != SCHEMA or data.get("key") != key:
                return None
            return [ItemResult.from_json(item) for item in data["results"]]
        except (ValueError, TypeError, KeyError, AttributeError):
            return None

    def store(self, key: str, results: list[ItemResult]) -> None:
        """Write atomically: a reader sees the old entry, the new one, or none."""
        payload = {"schema": SCHEMA, "key": key, "results": [r.to_json() for r in results]}
        self.write_atomic(self.path_for(key), json.dumps(payload))

    def load_timings(self) -> dict[str, float]:
        """Seconds each page took when it last ran (to start the slowest first)."""
        timings = self.load_json(self.directory / TIMINGS)
        try:
            return {str(k): float(v) for k, v in timings.items()}
        except (ValueError, TypeError, AttributeError):
            return {}

    def store_timings(self, timings: dict[str, float]) -> None:
        self.write_atomic(self.directory / TIMINGS, json.dumps(timings))

    def load_json(self, path: Path) -> Any:
        """A stored JSON document, or {} when missing or unreadable."""
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}

    def write_atomic(self, path: Path, text: str) -> None:
        """Write a temporary file, then rename it over path; no temporary file is left behind."""
        path.parent.mkdir(parents=True, exist_ok=True)
        if not (self.directory / TAG).is_file():
            (self.directory / TAG).write_text(TAG_TEXT, encoding="utf-8")
        fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                file.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise

    def clear(self) -> None:
        """Delete the cache folder, if it is one (it carries CACHEDIR.TAG)."""
        if not self.directory.exists():
            return
        if not (self.directory / TAG).is_file():
            raise NotACache(f"{self.directory} has no {TAG}: not a literate cache, not deleted")
        shutil.rmtree(self.directory, ignore_errors=True)
