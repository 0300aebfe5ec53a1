"""`mkdocs build` of a tiny site through the installed plugin: outputs in pages, notebooks,
located failures; and the `literate` command line."""

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import nbformat
import pytest

MKDOCS = [sys.executable, "-m", "mkdocs"]

CONFIG = """\
site_name: tiny
theme: mkdocs
plugins:
  - literate:
      enabled: !ENV [LITERATE_ENABLED, true]
      jobs: !ENV [LITERATE_JOBS, 2]
      packages: [micrograd, spelled_out]
      notebooks: ["notebooks/*.py"]
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
        (tmp_path / "docs" / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "docs" / name).write_text(textwrap.dedent(text))
    return tmp_path


def build(site, *options, mkdocs=MKDOCS, **env):
    """`mkdocs build --strict OPTIONS` of the site into site/out (mkdocs: how to start it)."""
    return subprocess.run(
        [
            *mkdocs,
            "build",
            "--strict",
            *options,
            "-f",
            str(site / "mkdocs.yml"),
            "-d",
            str(site / "out"),
        ],
        capture_output=True,
        text=True,
        cwd=site,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **env},
        timeout=120,
    )


def cli(site, *arguments):
    """`literate ARGUMENTS` (the installed console script) in the site's folder."""
    return subprocess.run(
        [str(Path(sys.executable).parent / "literate"), *arguments],
        capture_output=True,
        text=True,
        cwd=site,
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
    assert re.search(
        r'The square is <span class="lit-inline" data-lit-line="\d+">49</span>\.', html
    )
    stdout = r'<pre class="lit-stdout" id="[^"]+">.*?<samp>printed &lt;b&gt;\n</samp>'
    assert re.search(stdout, html)
    assert re.search(r'<pre class="lit-result" id="[^"]+">.*?<samp>50</samp></pre>', html)
    assert "LITERATE" not in html and 'exec="1"' not in html
    assert '<a href="index.ipynb" download="index.ipynb">' in html
    notebook = json.loads((site / "out" / "index.ipynb").read_text())
    assert notebook["nbformat"] == 4
    assert list((site / ".cache" / "literate").glob("*.json"))

    again = build(site)  # from the cache, same page
    assert again.returncode == 0, again.stderr
    assert without_build_date((site / "out" / "index.html").read_text()) == without_build_date(html)


def test_a_computed_value_that_markdown_drops_fails_the_build_at_its_line(tmp_path):
    page = GOOD + "\n[label]: `{python} square`\n"  # a link reference: Markdown keeps it out
    site = make_site(tmp_path, {"index.md": page})
    done = build(site)
    assert done.returncode != 0
    line = page.count("\n")
    assert f"docs/index.md:{line}: the inline value `square`" in done.stderr


def without_build_date(html):
    return re.sub(r"<!--\s*MkDocs version.*?-->", "", html, flags=re.DOTALL)


def test_disabled_plugin_shows_fences_without_running_them(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "bad.md": BAD})
    done = build(site, LITERATE_ENABLED="false")
    assert done.returncode == 0, done.stderr
    page = (site / "out" / "index.html").read_text()
    assert "lit-output" not in page
    assert "<code>{python} square</code>" in page  # shown as written, not dropped
    assert not (site / "out" / "index.ipynb").exists()


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
def test_bad_jobs_setting_fails_the_build_naming_the_option(tmp_path, jobs):
    site = make_site(tmp_path, {"index.md": GOOD})
    done = build(site, LITERATE_JOBS=jobs)
    assert done.returncode != 0
    assert "Plugin 'literate' option 'jobs'" in done.stderr or "literate: jobs" in done.stderr
    assert "Traceback" not in done.stderr


def test_cli_check_counts_pages_without_code_apart_from_cached_ones(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "plain.md": "# Plain\n\nNo code.\n"})
    done = cli(site, "check", "--no-cache")
    assert done.returncode == 0, done.stderr
    assert "2 page(s) checked: 1 run, 0 from cache, 1 with nothing to run" in done.stdout


QUOTED = """\
# Quoted

> A quotation with code in it:
>
> ```python exec="1"
> 1 / 0
> ```
"""


def test_an_executable_fence_in_a_blockquote_fails_the_build_at_its_line(tmp_path):
    site = make_site(tmp_path, {"index.md": QUOTED})
    done = build(site)
    assert done.returncode != 0
    assert "docs/index.md:5: an executable fence in a blockquote cannot be run" in done.stderr


NOTEBOOK = """\
# %% [markdown]
# # A notebook
#
# Prose.

# %%
from micrograd import Value
a = Value(3.0)
(a * a).backward()
print(a.grad)

# %%
a.grad * 2
"""

SPY = """\
import json, subprocess, sys
launched = []
real_init = subprocess.Popen.__init__
def spy(self, args, *rest, **kwargs):
    launched.append([str(part) for part in args] if isinstance(args, list) else [str(args)])
    real_init(self, args, *rest, **kwargs)
subprocess.Popen.__init__ = spy
from mkdocs.__main__ import cli
try:
    cli(sys.argv[1:])
except SystemExit as exit:
    code = exit.code
print(json.dumps(launched))
sys.exit(code)
"""


def test_notebooks_run_in_the_engine_and_no_kernel_starts(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "notebooks/nb.py": NOTEBOOK})
    (site / "mkdocs.yml").write_text(CONFIG + "nav:\n  - index.md\n  - notebooks/nb.py\n")
    (site / "spy.py").write_text(SPY)
    done = build(site, mkdocs=[sys.executable, "spy.py"])
    assert done.returncode == 0, done.stderr
    launched = json.loads(done.stdout.strip().splitlines()[-1])
    assert launched and not any("kernel" in " ".join(args) for args in launched), launched
    assert "Kernel" not in done.stderr and "WARNING" not in done.stderr
    page = (site / "out" / "notebooks" / "nb" / "index.html").read_text()
    assert "12.0" in page and "6.0" in page
    notebook = nbformat.read(site / "out" / "notebooks" / "nb" / "nb.ipynb", as_version=4)
    nbformat.validate(notebook)
    assert notebook.cells[1].outputs[0]["text"] == "6.0\n"
    assert notebook.cells[2].outputs[0]["data"]["text/plain"] == "12.0"

    (site / "docs" / "notebooks" / "nb.py").write_text(NOTEBOOK.replace("* 2", "/ 0"))
    failed = build(site)
    assert failed.returncode != 0
    assert "docs/notebooks/nb.py:12: ZeroDivisionError: float division by zero" in failed.stderr


def test_make_build_style_output_is_quiet(tmp_path):
    site = make_site(tmp_path, {"index.md": GOOD, "notebooks/nb.py": NOTEBOOK})
    (site / "mkdocs.yml").write_text(CONFIG + "nav:\n  - index.md\n  - notebooks/nb.py\n")
    done = build(site, "--quiet")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""


GRAPH = """\
# Graph

```python exec="1"
from micrograd import Value, draw_dot
a = Value(2.0, label="a")
L = a * a
L.backward()
draw_dot(L)
```
"""


def test_graphs_are_in_the_written_page_and_not_in_the_search_index(tmp_path):
    site = make_site(tmp_path, {"index.md": GRAPH})
    (site / "mkdocs.yml").write_text(CONFIG.replace("plugins:\n", "plugins:\n  - search\n"))
    done = build(site)
    assert done.returncode == 0, done.stderr
    page = (site / "out" / "index.html").read_text()
    assert '<svg class="lit-graph"' in page and "grad 4.0000" in page
    assert "literate-svg" not in page
    index = (site / "out" / "search" / "search_index.json").read_text()
    assert "Graph" in index and "grad 4.0000" not in index
