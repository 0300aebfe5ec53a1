"""Results as terminal text, for the command line."""

from __future__ import annotations

from literate.present.outputs import cut, pick, raised_line
from literate.results import ItemResult

RICH = ("image/svg+xml", "image/png", "text/html", "text/markdown", "text/latex")


def result_text(result: ItemResult) -> str:
    """What a block printed, raised and showed, one output after another."""
    parts = []
    for output in result.outputs:
        if output["output_type"] == "stream":
            parts.append(cut(output["text"]).rstrip("\n"))
        elif output["output_type"] == "error":
            parts.append(raised_line(output))
        else:
            mime = pick(output, RICH)
            data = output["data"][mime]
            parts.append(
                cut(data) if mime == "text/plain" else f"[{mime}, {len(data):,} characters]"
            )
    return "\n".join(part for part in parts if part)
