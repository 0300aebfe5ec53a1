"""The browser code the packages ship (literate/frontends/site_assets.py): every module that
ends up in the site's assets/, its imports resolved there, with no import cycle and no
`window.literate*` global."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from literate.frontends.site_assets import AssetError, loaded_modules, site_assets

from .helpers import shipped_modules

ROOT = Path(__file__).resolve().parents[2]
# static `import ... from "./x.js"`, `import "./x.js"` and dynamic `import("./x.js")`
IMPORT = re.compile(r"""\bimport\s*(?:[\w{}\s,*]+\sfrom\s*)?\(?\s*["']\./([\w.-]+)["']""")


# comments: a JSDoc type's `import("./x.js").T` (tsc reads it) loads nothing in the browser
COMMENT = re.compile(r"/\*.*?\*/|^\s*//[^\n]*", re.DOTALL | re.MULTILINE)


def import_graph(modules: dict[str, str]) -> dict[str, list[str]]:
    return {name: IMPORT.findall(COMMENT.sub("", text)) for name, text in modules.items()}


def find_cycle(graph: dict[str, list[str]]) -> list[str] | None:
    """One import cycle of the graph as a path (first module repeated at its end), or None."""
    state: dict[str, str] = {}  # "open" while on the path, "done" after

    def visit(name: str, path: list[str]) -> list[str] | None:
        if state.get(name) == "open":
            return [*path[path.index(name) :], name]
        if state.get(name) == "done":
            return None
        state[name] = "open"
        for other in graph.get(name, []):
            found = visit(other, [*path, name])
            if found:
                return found
        state[name] = "done"
        return None

    for name in sorted(graph):
        found = visit(name, [])
        if found:
            return found
    return None


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = import_graph({"a.js": 'import { b } from "./b.js";', "b.js": 'import("./a.js");'})
    assert find_cycle(graph) == ["a.js", "b.js", "a.js"]
    assert find_cycle({"a.js": ["b.js"], "b.js": []}) is None


def test_the_shipped_modules_import_each_other_without_cycles() -> None:
    graph = import_graph(shipped_modules())
    assert {"runner.js", "stepper.js", "graphs.js", "content.js"} <= set(graph)
    assert "content.js" in graph["stepper.js"] and "runner.js" in graph["visiting.js"]
    assert {"stepper-live.js", "frames.js", "visiting.js"} <= set(graph["widgets.js"])
    missing = {name: [m for m in used if m not in graph] for name, used in graph.items()}
    assert not any(missing.values()), f"imports of files the site lacks: {missing}"
    assert find_cycle(graph) is None, f"import cycle: {' -> '.join(find_cycle(graph) or [])}"


def test_no_shipped_module_uses_a_window_literate_global() -> None:
    found = [name for name, text in shipped_modules().items() if "window.literate" in text]
    assert found == []


def test_every_page_gets_the_same_tags_relative_to_it() -> None:
    assets = site_assets(["spelled_out.assets"])
    top, nested = assets.tags(""), assets.tags("notebooks/moons/")
    assert "./assets/runner.js" in loaded_modules(top)  # a path: import() reads "assets/" as a name
    assert "../../assets/widgets.js" in loaded_modules(nested)
    assert '<link rel="stylesheet" href="../../assets/pages.css">' in nested
    assert top.count("<script") == 1  # one loader, with no request of its own before first paint
    assert top.count("<link") == 1  # every stylesheet in one: one request before first paint
    for on_intent in ("live-session.js", "runner-live.js", "inline-values.js", "runner-worker.js"):
        assert on_intent not in top, on_intent  # fetched by runner.js on intent, not by the page
    assert "stepper.js" not in top  # fetched by widgets.js once a stepper is near
    assert top.index("runner.js") < top.index("widgets.js")  # the engine's first
    apart = assets.tags("", "chain-rule/")  # Zensical: links resolved from the source's folder
    assert '<link rel="stylesheet" href="assets/pages.css">' in apart
    assert loaded_modules(apart) == [f"../{href[2:]}" for href in loaded_modules(top)]


def test_the_stylesheets_reach_the_site_as_one_file(tmp_path: Path) -> None:
    """KaTeX's rules first (their addresses rebased to the file's folder, its @font-face
    rules left to the pages), then each package's stylesheets in PAGE's order; none of those
    is copied on its own, while a stylesheet fetched on intent (runner-live.css) is."""
    assets = site_assets(["spelled_out.assets"])
    katex = tmp_path / "assets/runtime/katex/katex.min.css"
    katex.parent.mkdir(parents=True)
    katex.write_text(
        '@font-face{src:url(fonts/Main.woff2) format("woff2")}'
        ".a{background:url('img/x.png')}.b{background:url(data:image/png;base64,AA)}"
        ".c{background:url(/top.png)}"
    )
    assets.install(tmp_path, first=("runtime/katex/katex.min.css",))
    combined = (tmp_path / "assets/pages.css").read_text()
    assert "@font-face" not in combined and "Main.woff2" not in combined
    assert "url('runtime/katex/img/x.png')" in combined
    assert "url(data:image/png;base64,AA)" in combined and "url(/top.png)" in combined
    starts = [combined.index(assets.files[name].read_text()) for name in assets.styles]
    assert starts == sorted(starts) and combined.index("url('runtime/katex/") < starts[0]
    assert assets.styles == ("literate.css", "runner.css", "stepper.css", "along.css")
    assert not any((tmp_path / "assets" / name).exists() for name in assets.styles)
    assert (tmp_path / "assets/runner-live.css").is_file()


def test_a_page_declares_the_fonts_of_the_stylesheets_in_a_style_of_its_own(
    tmp_path: Path,
) -> None:
    """Each @font-face rule once, its relative address from the page's folder (the home page,
    a chapter, a nested page), an absolute or data: address as written; no rules, no <style>;
    no stylesheet (KaTeX not installed), nothing, as install() then has none of its rules."""
    katex = tmp_path / "katex.min.css"
    katex.write_text(
        ".katex{font:1em KaTeX_Main}@font-face{font-family:KaTeX_Main;src:url(fonts/Main.woff2)"
        ' format("woff2")}.b{color:red}@font-face {font-family:X;src:url(/x.woff2)}'
    )
    name = "runtime/katex/katex.min.css"
    declared = {page: site_assets([]).font_faces(katex, name, page) for page in ("", "a/", "a/b/")}
    assert declared[""] == (
        "<style>@font-face{font-family:KaTeX_Main;src:url(assets/runtime/katex/fonts/Main.woff2)"
        ' format("woff2")}@font-face {font-family:X;src:url(/x.woff2)}</style>\n'
    )
    assert "url(../assets/runtime/katex/fonts/Main.woff2)" in declared["a/"]
    assert "url(../../assets/runtime/katex/fonts/Main.woff2)" in declared["a/b/"]
    assert all(".katex" not in text and ".b{" not in text for text in declared.values())
    katex.write_text(".katex{}")
    assert site_assets([]).font_faces(katex, name, "a/") == ""
    assert site_assets([]).font_faces(tmp_path / "absent.css", name, "a/") == ""


def test_a_bad_asset_module_fails_with_its_name() -> None:
    with pytest.raises(AssetError, match="no_such_module"):
        site_assets(["no_such_module"])
    with pytest.raises(AssetError, match="has no PAGE"):
        site_assets(["literate.browser"])


def test_no_shipped_module_is_over_250_lines() -> None:
    """As for the engine's Python (test_package.py): a module a reader can hold in mind."""
    sizes = {name: len(text.splitlines()) for name, text in shipped_modules().items()}
    assert len(sizes) > 10 and max(sizes.values()) <= 250, sorted(
        sizes.items(), key=lambda x: -x[1]
    )[:3]
