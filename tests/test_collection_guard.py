"""The collection guard of `make test` (tests/collection_guard.py), run on small projects."""

import pytest

from tests import collection_guard

PASSING = "def test_one():\n    pass\n"


@pytest.fixture
def project(pytester: pytest.Pytester) -> pytest.Pytester:
    pytester.mkdir("tests")
    (pytester.path / "tests" / "test_a.py").write_text(PASSING + "\ndef test_two():\n    pass\n")
    return pytester


def test_a_complete_run_passes_with_the_guard_as_one_more_item(project):
    result = project.runpytest("--collect-guard", plugins=[collection_guard])
    result.assert_outcomes(passed=3)


def test_a_file_renamed_out_of_collection_fails_the_run(project):
    # pytest's default norecursedirs passes over any folder named build
    (project.path / "tests" / "build").mkdir()
    (project.path / "tests" / "build" / "test_engine.py").write_text(PASSING)
    result = project.runpytest("--collect-guard", plugins=[collection_guard])
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines(
        ["*the test run is incomplete:*", "*not collected: tests/build/test_engine.py*"]
    )


@pytest.mark.parametrize(
    "shadowed",
    [
        "\ndef test_two():\n    pass\n",  # defined twice: pytest keeps the last one only
        "\nclass TestThree:\n    def __init__(self):\n        pass\n    def test_three(self):\n"
        "        pass\n",  # a test class with __init__: pytest skips it with a warning
    ],
)
def test_a_defined_test_that_is_not_collected_fails_the_run(project, shadowed):
    source = PASSING.replace("test_one", "test_two") + shadowed
    (project.path / "tests" / "test_b.py").write_text(source)
    result = project.runpytest("--collect-guard", "-W", "ignore", plugins=[collection_guard])
    result.stdout.fnmatch_lines(["*the test run is incomplete:*"])
    outcomes = result.parseoutcomes()
    assert outcomes.get("failed") == 1, outcomes


def test_without_the_flag_there_is_no_guard(project):
    (project.path / "tests" / "build").mkdir()
    (project.path / "tests" / "build" / "test_engine.py").write_text(PASSING)
    result = project.runpytest(plugins=[collection_guard])
    result.assert_outcomes(passed=2)


GROUPED = """
import os
import pytest

pytestmark = pytest.mark.xdist_group("kernels")


@pytest.fixture(scope="session")
def expensive():
    with open("setups.txt", "a") as log:
        log.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")


@pytest.mark.parametrize("n", range(8))
def test_grouped(n, expensive):
    pass
"""


def test_make_tests_distribution_keeps_a_group_in_one_process(pytester: pytest.Pytester):
    """`make test` runs `-n 2 --dist loadgroup`: a page's blocks, or the notebooks' kernels,
    share one process and set up their session fixture once. pytest 9.2 silently broke that
    (pytest-dev/pytest-xdist#1386, hence the pin in constraints.txt); this fails if it recurs."""
    pytester.makepyfile(test_grouped=GROUPED, test_other="def test_other():\n    pass\n")
    result = pytester.runpytest_subprocess("-n", "2", "--dist", "loadgroup", "-p", "xdist")
    result.assert_outcomes(passed=9)
    workers = (pytester.path / "setups.txt").read_text().split()
    assert len(workers) == 1, f"the group's session fixture was set up in {workers}"
