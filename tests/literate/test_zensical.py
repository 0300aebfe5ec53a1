"""The Zensical front end on a tiny project: outputs and inline values in the page, a failing
block stops the build at its page and line, and a plain `zensical build` (which would let
Zensical's page cache keep pages of older code) is refused with what to run instead."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.site.browsing import REPO_ROOT

pytest.importorskip("zensical")

MKDOCS_YML = """\
site_name: tiny
plugins:
  - literate:
      packages: [micrograd]
      cache: false
      jobs: 1
markdown_extensions:
  - admonition
"""

GOOD = """\
# Good

```python exec="1"
from micrograd import Value
a = Value(2.0)
print("printed", a.data * 21)
```

!!! note
    The value is `{python} a.data` here.
"""

FAILING = """\
# Bad

Some prose.

```python exec="1"
x = 1
1 / 0
```
"""


def build(tmp_path: Path, page: str, *command: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text(page, encoding="utf-8")
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML, encoding="utf-8")
    config = (REPO_ROOT / "zensical.yml").read_text(encoding="utf-8")
    (tmp_path / "zensical.yml").write_text(config.replace("site-zensical", "site"), "utf-8")
    if not command:
        command = (sys.executable, "-m", "literate.frontends.zensical_build")
    return subprocess.run(
        [*command, "-f", "zensical.yml"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )


def test_outputs_and_inline_values_reach_the_page(tmp_path: Path) -> None:
    result = build(tmp_path, GOOD)
    assert result.returncode == 0, result.stderr
    html = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "printed 42.0" in html
    assert '<span class="lit-inline" data-lit-line="10">2.0</span>' in html
    assert 'href="index.ipynb"' in html and (tmp_path / "site" / "index.ipynb").is_file()
    assert '<div class="admonition note">' in html
    assert "exec=" not in html


def test_a_failing_block_fails_the_build_at_its_page_and_line(tmp_path: Path) -> None:
    result = build(tmp_path, FAILING)
    assert result.returncode == 1
    assert "docs/index.md:5: ZeroDivisionError: division by zero" in result.stderr
    assert "Traceback (most recent call last)" not in result.stderr.split("\n")[-3:]


def test_a_plain_zensical_build_is_refused(tmp_path: Path) -> None:
    zensical = Path(sys.executable).with_name("zensical")
    result = build(tmp_path, GOOD, str(zensical), "build")
    assert result.returncode != 0
    assert "make build-zensical" in result.stderr


def test_the_render_key_follows_the_packages_the_pages_import(tmp_path: Path) -> None:
    """It is in the extension's configuration, which Zensical's page cache is keyed by."""
    from literate.build import Build
    from literate.frontends.zensical_pages import render_key
    from literate.settings import Settings

    (tmp_path / "mypkg").mkdir()
    module = tmp_path / "mypkg" / "__init__.py"
    module.write_text("ANSWER = 42\n", encoding="utf-8")
    settings = Settings(project_root=tmp_path, packages=("mypkg",), use_cache=False)
    before = render_key(Build(settings))
    assert render_key(Build(settings)) == before
    module.write_text("ANSWER = 43\n", encoding="utf-8")
    assert render_key(Build(settings)) != before


def test_the_render_key_follows_the_results_in_the_cache(tmp_path: Path) -> None:
    """A page run again (an output that differs from run to run, a cache cleared) is rendered
    again: Zensical's page cache must not keep the older run; the pages' timings do not count."""
    from literate.build import Build
    from literate.cache.store import TIMINGS
    from literate.frontends.zensical_pages import render_key
    from literate.settings import Settings

    cache = tmp_path / "cache"
    settings = Settings(project_root=tmp_path, packages=(), cache_dir=Path("cache"))
    cache.mkdir()
    (cache / "page.json").write_text('{"results": ["first run"]}', encoding="utf-8")
    before = render_key(Build(settings))
    (cache / TIMINGS).write_text('{"docs/index.md": 1.5}', encoding="utf-8")
    assert render_key(Build(settings)) == before
    (cache / "page.json").write_text('{"results": ["second run"]}', encoding="utf-8")
    assert render_key(Build(settings)) != before
