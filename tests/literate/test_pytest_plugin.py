"""The pytest plugin: one item per executable item, located failures, later blocks skipped."""

import pytest

GOOD = """\
# Good

```python exec="1"
x = 1
```

Inline `{python} x + 1`.

```python exec="1"
assert x == 1
```
"""

BAD = """\
# Bad

```python exec="1"
y = 2
```

```python exec="1"
z = y / 0
```

The value `{python} z`.

```python exec="1"
print(z)
```
"""


@pytest.fixture
def project(pytester):
    # no conftest: the installed package registers the plugin (entry point pytest11)
    docs = pytester.mkdir("docs")
    (docs / "good.md").write_text(GOOD)
    (docs / "bad.md").write_text(BAD)
    (pytester.path / "outside.md").write_text(BAD)  # only docs/ is collected
    return pytester


def test_items_are_named_by_page_and_line(project):
    result = project.runpytest("--collect-only", "-q", "docs")
    result.stdout.fnmatch_lines(
        [
            "docs/bad.md::line 3",
            "docs/bad.md::line 7",
            "docs/bad.md::line 11 inline",
            "docs/bad.md::line 13",
            "docs/good.md::line 3",
            "docs/good.md::line 7 inline",
            "docs/good.md::line 9",
        ]
    )
    assert "outside" not in result.stdout.str()


def test_failure_is_located_and_later_items_are_skipped(project):
    result = project.runpytest("-rfs", "docs")
    result.assert_outcomes(passed=4, failed=1, skipped=2)
    result.stdout.fnmatch_lines(
        [
            "*docs/bad.md:7: ZeroDivisionError: division by zero",
            '*File "docs/bad.md", line 8, in <module>',
            "*z = y / 0",
            "FAILED docs/bad.md::line 7 - docs/bad.md:7: ZeroDivisionError: division by zero",
            "SKIPPED [[]1[]] docs/bad.md:11: an earlier block of this page failed at docs/bad.md:7",
            "SKIPPED [[]1[]] docs/bad.md:13: an earlier block of this page failed at docs/bad.md:7",
        ]
    )


def test_malformed_page_is_a_collection_error_with_its_location(project):
    (project.path / "docs" / "broken.md").write_text('# B\n\n```python exec="1" nope="1"\n```\n')
    result = project.runpytest("docs")
    result.stdout.fnmatch_lines(["*docs/broken.md:3: unknown option 'nope'*"])
    assert result.ret != 0


def test_page_level_error_fails_the_first_item_and_skips_the_rest(project):
    # A worker that never answers is an error of the page, not of any one block.
    # The settings come from mkdocs.yml, as for the MkDocs plugin and the command line.
    (project.path / "mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - literate:\n      startup_timeout: 0.001\n"
    )
    result = project.runpytest("-rfs", "docs/good.md")
    result.assert_outcomes(failed=1, skipped=2)
    result.stdout.fnmatch_lines(
        [
            "docs/good.md:3: the worker did not respond within 0.001 s",
            "FAILED docs/good.md::line 3 - docs/good.md:3: the worker did not respond*",
            "SKIPPED [[]1[]] docs/good.md:7: an earlier block * failed at docs/good.md:3",
        ]
    )
    assert result.ret != 0


def test_a_bad_setting_in_mkdocs_yml_is_a_usage_error_naming_it(project):
    (project.path / "mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - literate:\n      jobs: 0\n"
    )
    result = project.runpytest("docs/good.md")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*literate: jobs must be a whole number of at least 1, got 0*"])


def test_notebooks_named_in_mkdocs_yml_are_collected(project):
    (project.path / "mkdocs.yml").write_text(
        "site_name: t\nplugins:\n  - literate:\n      notebooks: ['nb/*.py']\n"
    )
    nb = project.mkdir("docs/nb")
    (nb / "n.py").write_text("# %%\nx = 1\n\n# %%\nassert x == 2\n")
    (project.path / "docs" / "helper.py").write_text("# %%\n1 / 0\n")  # not a notebook
    result = project.runpytest("-rf", "docs")
    result.assert_outcomes(passed=5, failed=2, skipped=2)
    result.stdout.fnmatch_lines(["FAILED docs/nb/n.py::line 4 - docs/nb/n.py:4: AssertionError*"])
