"""The pytest plugin: one item per executable item, located failures, later blocks skipped."""

import pytest

from .helpers import REPO_ROOT

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
    pytester.makeconftest('pytest_plugins = ["scripts.pytest_plugin"]')
    pytester.syspathinsert(REPO_ROOT)
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
    project.makeconftest(
        """
        import scripts.runner

        pytest_plugins = ["scripts.pytest_plugin"]


        def pytest_configure(config):
            config.saved_startup_timeout = scripts.runner.STARTUP_TIMEOUT
            scripts.runner.STARTUP_TIMEOUT = 0.0


        def pytest_unconfigure(config):
            scripts.runner.STARTUP_TIMEOUT = config.saved_startup_timeout
        """
    )
    result = project.runpytest("-rfs", "docs/good.md")
    result.assert_outcomes(failed=1, skipped=2)
    result.stdout.fnmatch_lines(
        [
            "docs/good.md:3: the worker did not respond within 0 s",
            "FAILED docs/good.md::line 3 - docs/good.md:3: the worker did not respond*",
            "SKIPPED [[]1[]] docs/good.md:7: an earlier block * failed at docs/good.md:3",
        ]
    )
    assert result.ret != 0
