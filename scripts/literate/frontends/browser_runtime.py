"""The browser's runtime in the built site: the vendored Pyodide, Viz.js and wheels (copied from
the folder `make` fills), and this build's own package sources, so that the browser runs exactly
the code the pages were built with. Nothing here is loaded until a reader presses Run.

    site/assets/runtime/pyodide/...      Pyodide (pyodide.mjs, .wasm, stdlib, lock file), and
                                         snapshot.bin.gz, Python once started
    site/assets/runtime/viz/viz.js       Graphviz compiled to WebAssembly
    site/assets/runtime/editor/editor.js CodeMirror 6, bundled (scripts/tools/vendor-editor.sh)
    site/assets/runtime/wheels/*.whl     pure-Python wheels (graphviz)
    site/assets/runtime/packages/...     micrograd/*.py, spelled_out/*.py as built, the
                                         stand-in for matplotlib (literate/browser/packages),
                                         the execution core (literate/execute/core.py and the
                                         display code it uses), the exercise grader and
                                         the SVG cleaner (literate/present/svg.py)
    site/assets/runtime/manifest.json    what the worker loads
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from literate.cache.keys import package_directory

SITE_DIR = "assets/runtime"
# Python only the browser runs: packages it lacks, as small stand-ins (matplotlib's pyplot).
BROWSER_ONLY = Path(__file__).resolve().parent.parent / "browser" / "packages"
NEEDED = ("pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm", "viz/viz.js", "editor/editor.js")
# What Pyodide itself fetches (the worker counts these bytes as they arrive).
FETCHED = (
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "pyodide/pyodide-lock.json",
    "pyodide/snapshot.bin.gz",  # Python once started (scripts/tools/pyodide-snapshot.mjs)
)
# The engine's own modules the browser runs too: running a block, grading an exercise.
ENGINE = Path(__file__).resolve().parent.parent
SHARED = (
    "__init__.py",
    "grading.py",
    "shortcuts.py",
    "shortcut_steps.py",
    "stand_ins.py",
    "escape_hatches.py",
    "execute/__init__.py",
    "execute/core.py",
    "execute/formatters.py",
    "results.py",
    "present/__init__.py",
    "present/graph_text.py",  # a graph drawn by the reader's run, as text for screen readers
    "present/outputs.py",
    "present/svg.py",  # the one SVG cleaner: the browser shows SVG cleaned by it
)


class RuntimeMissing(Exception):
    """The vendored runtime is not where the configuration says."""


def check_runtime(runtime: Path) -> None:
    missing = [name for name in NEEDED if not (runtime / name).is_file()]
    if missing:
        raise RuntimeMissing(
            f"the browser runtime is missing from {runtime} ({', '.join(missing)}): run "
            "'make setup' (scripts/tools/vendor-runtime.sh fills it)"
        )


def install_runtime(
    runtime: Path, packages: tuple[str, ...], root: Path, site: Path, left: str = ""
) -> None:
    """Copy the runtime (unchanged files are skipped), but for its folder `left` (installed by
    another), and the packages into the site."""
    target = site / SITE_DIR
    for source in sorted(runtime.rglob("*")):
        if left and source.is_relative_to(runtime / left):
            continue
        if source.is_file() and not source.name.startswith("."):
            _copy_if_changed(source, target / source.relative_to(runtime))
    files: list[str] = []
    for name in packages:
        directory = package_directory(name, root)
        if directory is None:
            continue
        sources = [directory] if directory.is_file() else sorted(directory.rglob("*.py"))
        for source in sources:
            relative = (
                Path(name) / source.relative_to(directory) if directory.is_dir() else source.name
            )
            _copy_if_changed(source, target / "packages" / relative)
            files.append(Path(relative).as_posix())
    for source in sorted(BROWSER_ONLY.rglob("*.py")):  # the browser's pyplot stand-in
        relative = source.relative_to(BROWSER_ONLY)
        _copy_if_changed(source, target / "packages" / relative)
        files.append(relative.as_posix())
    for name in SHARED:  # exactly the code the build ran the page with
        _copy_if_changed(ENGINE / name, target / "packages" / "literate" / name)
        files.append(f"literate/{name}")
    wheels = sorted(path.name for path in (runtime / "wheels").glob("*.whl"))
    fetched = [target / name for name in FETCHED] + [target / "wheels" / w for w in wheels]
    fetched += [target / "packages" / name for name in files]
    # what the worker downloads with fetch(), for its progress in MB
    size = sum(path.stat().st_size for path in fetched if path.is_file())
    manifest = {"packages": files, "wheels": wheels, "bytes": size}
    (target / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")


def _copy_if_changed(source: Path, target: Path) -> None:
    if target.is_file():
        kept, new = target.stat(), source.stat()
        if kept.st_size == new.st_size and kept.st_mtime >= new.st_mtime:
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)
