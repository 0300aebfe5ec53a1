"""Read a page from disk and hand it to the parser its suffix calls for."""

from __future__ import annotations

from pathlib import Path

from literate.parse.markdown import parse_page
from literate.parse.page import Page, ParseError
from literate.parse.percent import parse_percent_notebook


def display_path(path: Path, project_root: Path) -> str:
    """The path shown in messages and tracebacks: relative to the project, with slashes."""
    try:
        return Path(path).resolve().relative_to(project_root.resolve()).as_posix()
    except ValueError:
        return Path(path).as_posix()


def read_text(path: Path, shown: str) -> str:
    """The file's text (a BOM is not part of line 1); ParseError when missing or not UTF-8."""
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ParseError(shown, 0, f"cannot read the page: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        byte = error.object[error.start]
        reason = f"not UTF-8 (byte {byte:#04x} at offset {error.start})"
        raise ParseError(shown, 0, f"cannot read the page: {reason}") from None


def load_page(path: Path, project_root: Path, text: str | None = None) -> Page:
    """Parse one Markdown file or percent-format notebook (`.py`)."""
    shown = display_path(path, project_root)
    if text is None:
        text = read_text(path, shown)
    if Path(path).suffix == ".py":
        return parse_percent_notebook(text, shown)
    return parse_page(text, shown)
