"""`mkdocs build` of a tiny site through the hook: outputs in pages, notebooks, located failures."""

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest

from .helpers import REPO_ROOT

MKDOCS = [sys.executable, "-m", "mkdocs"]

CONFIG = f"""\
site_name: tiny
theme: mkdocs
hooks:
  - {REPO_ROOT / "scripts" / "mkdocs_hook.py"}
markdown_extensions:
  - admonition
  - pymdownx.superfences
  - pymdownx.tabbed:
      alternate_style: true
"""

GOOD = """\
---
title: Good page
---

# Good

```python exec="1"
square = 7 ** 2
print("printed <b>")
```

The square is `{python} square`.

!!! note

    ```python exec="1"
    square + 1
    ```
"""

BAD = """\
---
title: Bad page
---

# Bad

```python exec="1"
ok = 1
```

```python exec="1"
ok.missing
```
"""


def make_site(tmp_path, pages):
    (tmp_path / "mkdocs.yml").write_text(CONFIG)
    (tmp_path / "docs").mkdir()
    for name, text in pages.items():
        (tmp_path / "docs" / name).write_text(textwrap.dedent(text))
    return tmp_path


def build(site, **env):
    return subprocess.run(
        [*MKDOCS, "build", "--strict", "-f", str(site / "mkdocs.yml"), "-d", str(site / "out")],
        capture_output=True,
        text=True,
        cwd=site,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        timeout=120,
    )


def cli(site, *arguments):
    """`python -m scripts.cli ARGUMENTS` in the site's folder."""
    return subprocess.run(
        [sys.executable, "-m", "scripts.cli", *arguments],
        capture_output=True,
        text=True,
        cwd=site,
        env={**os.environ, "PYTHONPATH": str(REPO_ROOT)},
        timeout=120,
    )


def test_failing_block_fails_the_build_with_its_location(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "bad.md": BAD})
    done = build(site)
    assert done.returncode != 0
    assert "docs/bad.md:11: AttributeError: 'int' object has no attribute 'missing'" in done.stderr
    assert 'File "docs/bad.md", line 12, in <module>' in done.stderr


def test_every_failing_page_is_reported(tmp_path):
    other = '# Other\n\n```python exec="1" timeout="1"\nwhile True:\n    pass\n```\n'
    site = make_site(tmp_path, {"index.md": GOOD, "bad.md": BAD, "other.md": other})
    done = build(site)
    assert done.returncode != 0
    assert "stopped by 2 page error(s)" in done.stderr
    assert "docs/bad.md:11: AttributeError" in done.stderr
    assert "docs/other.md:3: timed out after 1 s" in done.stderr


def test_unknown_option_fails_the_build_with_its_location(tmp_path):
    site = make_site(tmp_path, {"index.md": '# X\n\n```python exec="1" hide="1"\n1\n```\n'})
    done = build(site)
    assert done.returncode != 0
    assert "docs/index.md:3: unknown option 'hide'" in done.stderr


def test_good_site_has_outputs_inline_values_and_a_notebook(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD})
    done = build(site)
    assert done.returncode == 0, done.stderr
    html = (site / "out" / "index.html").read_text()
    assert "The square is 49." in html
    assert '<pre class="lit-stdout"><code>printed &lt;b&gt;\n</code></pre>' in html
    assert '<pre class="lit-result"><code>50</code></pre>' in html
    assert "LITERATE" not in html and 'exec="1"' not in html
    assert '<a href="index.ipynb" download="index.ipynb">' in html
    notebook = json.loads((site / "out" / "index.ipynb").read_text())
    assert notebook["nbformat"] == 4
    assert list((site / ".cache" / "literate").glob("*.json"))

    again = build(site)  # from the cache, same page
    assert again.returncode == 0, again.stderr
    assert without_build_date((site / "out" / "index.html").read_text()) == without_build_date(html)


def without_build_date(html):
    return re.sub(r"<!--\s*MkDocs version.*?-->", "", html, flags=re.DOTALL)


def test_disabled_hook_shows_fences_without_running_them(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "bad.md": BAD})
    done = build(site, LITERATE_DISABLE="1")
    assert done.returncode == 0, done.stderr
    assert "lit-output" not in (site / "out" / "index.html").read_text()


@pytest.mark.parametrize("command", [["check"], ["run", "docs/bad.md"]])
def test_cli_lists_errors_as_path_and_line(tmp_path, command):
    site = make_site(tmp_path, {"index.md": GOOD, "bad.md": BAD})
    done = cli(site, *command)
    assert done.returncode == 1
    assert "docs/bad.md:11: AttributeError" in done.stderr


def test_cli_run_prints_outputs(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD})
    done = cli(site, "run", "docs/index.md")
    assert done.returncode == 0, done.stderr
    assert "printed <b>" in done.stdout and "50" in done.stdout
    assert "docs/index.md:12: {python} square → 49" in done.stdout


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (["run", "docs/missing.md"], "docs/missing.md: cannot read the page: No such file"),
        (["run", "docs/latin1.md"], "docs/latin1.md: cannot read the page: not UTF-8"),
        (["check", "docs/latin1.md"], "docs/latin1.md: cannot read the page: not UTF-8"),
    ],
)
def test_cli_reports_a_page_it_cannot_read(tmp_path, command, message):
    site = make_site(tmp_path, {"index.md": GOOD})
    (site / "docs" / "latin1.md").write_bytes("# Café\n".encode("latin-1"))
    done = cli(site, *command)
    assert done.returncode == 1
    assert done.stderr.startswith(message), done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("jobs", ["abc", "0"])
def test_bad_literate_jobs_fails_the_build_naming_the_variable(tmp_path, jobs):
    site = make_site(tmp_path, {"index.md": GOOD})
    done = build(site, LITERATE_JOBS=jobs)
    assert done.returncode != 0
    assert f"LITERATE_JOBS must be a whole number of at least 1, got '{jobs}'" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_check_counts_pages_without_code_apart_from_cached_ones(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "plain.md": "# Plain\n\nNo code.\n"})
    done = cli(site, "check", "--no-cache")
    assert done.returncode == 0, done.stderr
    assert "2 page(s) checked: 1 run, 0 from cache, 1 with nothing to run" in done.stdout
