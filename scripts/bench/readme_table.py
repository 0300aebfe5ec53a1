"""Write a benchmark's table into README.md, between its two marker comments."""

from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def update_readme(markers: tuple[str, str], text: str) -> None:
    start, end = markers
    readme = README.read_text(encoding="utf-8")
    if start not in readme or end not in readme:
        raise SystemExit(f"README.md has no {start} ... {end} markers")
    head, rest = readme.split(start, 1)
    _, tail = rest.split(end, 1)
    README.write_text(f"{head}{start}\n{text}\n{end}{tail}", encoding="utf-8")
