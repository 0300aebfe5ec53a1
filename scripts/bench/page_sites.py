"""The sites bench_pages.py compares, built and served: this site (`mkdocs build`), optionally
the site as an earlier commit built it (its own engine, packages and pages), and the same docs/
built by Material alone (the `literate` plugin and the site's module scripts removed,
every executable fence shown as a plain ```python fence, those it hides left out), each served
from 127.0.0.1 with text gzipped, as static hosts such as GitHub Pages serve it."""

from __future__ import annotations

import gzip
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPRESSED = ("text/", "application/javascript", "application/json", "image/svg+xml")

# An executable fence's opening line; its options decide how Material alone shows it.
_EXEC_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})python\s.*\bexec\s*=.*$")


def build_ours(site: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=True,
    )


def plain_fences(markdown: str) -> str:
    """The page as Material alone would show it: executable fences as plain ```python fences,
    the hidden ones (hide_code="1") left out."""
    lines, out, hiding = markdown.splitlines(keepends=True), [], None
    for line in lines:
        if hiding:
            if line.strip() == hiding:
                hiding = None
            continue
        match = _EXEC_FENCE.match(line)
        if not match:
            out.append(line)
        elif 'hide_code="1"' in line:
            hiding = match["fence"]
        else:
            out.append(f"{match['indent']}{match['fence']}python\n")
    return "".join(out)


def build_at(commit: str, site: Path, work: Path) -> None:
    """The site as `commit` builds it: its checkout (a git worktree) with its own engine and
    packages first on the path, the vendored runtime shared."""
    checkout = work / f"checkout-{commit}"
    git = ["git", "-C", str(ROOT)]
    subprocess.run([*git, "worktree", "add", "-q", "--detach", str(checkout), commit], check=True)
    try:
        (checkout / ".cache").mkdir(exist_ok=True)
        (checkout / ".cache/runtime").symlink_to(ROOT / ".cache/runtime")
        path = f"{checkout / 'scripts'}{os.pathsep}{checkout}"
        subprocess.run(
            [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
            cwd=checkout,
            env={**os.environ, "NO_MKDOCS_2_WARNING": "1", "PYTHONPATH": path},
            check=True,
        )
    finally:
        subprocess.run([*git, "worktree", "remove", "--force", str(checkout)], check=True)


def build_material_alone(site: Path, work: Path) -> None:
    docs = work / "docs"
    shutil.copytree(ROOT / "docs", docs)
    for page in docs.rglob("*.md"):
        page.write_text(plain_fences(page.read_text(encoding="utf-8")), encoding="utf-8")
    config = work / "mkdocs.yml"
    config.write_text(
        f"INHERIT: {ROOT / 'mkdocs.yml'}\n"
        f"docs_dir: {docs}\n"
        f"theme:\n  custom_dir: {ROOT / 'overrides'}\n"
        "plugins:\n  - search\n"
        "extra_javascript: []\n"  # math.js needs the plugin's modules beside it
        "strict: false\n",  # the notebooks (.py) in the nav are the plugin's pages
        encoding="utf-8",
    )
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(config), "-d", str(site)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        check=True,
        stderr=subprocess.DEVNULL,  # its warnings are about the notebooks it cannot render
    )


class _GzipHandler(http.server.SimpleHTTPRequestHandler):
    """Static files, text gzipped when the client accepts it (as static hosts serve them)."""

    def log_message(self, format: str, *args: object) -> None:
        pass

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir() and self.path.endswith("/"):
            path = path / "index.html"
        if not path.is_file():
            super().do_GET()
            return
        body, kind = path.read_bytes(), self.guess_type(str(path))
        gzipped = "gzip" in self.headers.get("Accept-Encoding", "") and kind.startswith(COMPRESSED)
        if gzipped:
            body = gzip.compress(body, compresslevel=6)
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        self.end_headers()
        self.wfile.write(body)


@contextmanager
def serve(root: Path) -> Iterator[str]:
    handler = type("_Handler", (_GzipHandler,), {})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), lambda *a: handler(*a, directory=str(root))
    )
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
