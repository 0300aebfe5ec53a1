"""The suite is strong enough: break any one backward rule of the engine and it fails.

Each case copies micrograd/ and the engine tests into a temporary folder, breaks one line of
engine.py there, and runs those tests on the copy: they must fail. A control run on an intact
copy must pass, so that a failure really comes from the broken rule.
"""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine_mutants import MUTANTS

ROOT = Path(__file__).resolve().parent.parent
# Not test_against_torch.py: importing torch took most of each copy's run, and every mutant is
# caught without it (the control run shows these pass on the intact engine).
ENGINE_TESTS = ["tests/test_engine.py", "tests/test_nn.py"]


def run_engine_tests_on_copy(tmp_path, mutant=None):
    for folder in ("micrograd", "tests"):
        shutil.copytree(ROOT / folder, tmp_path / folder, ignore=shutil.ignore_patterns("build"))
    for name in ("pyproject.toml", "conftest.py"):  # conftest.py: the ini options' plugins
        shutil.copy(ROOT / name, tmp_path)
    if mutant:
        engine = tmp_path / "micrograd" / "engine.py"
        source = engine.read_text()
        line, replacement = mutant
        assert source.count(line) == 1, f"the line to break is not in engine.py: {line!r}"
        engine.write_text(source.replace(line, replacement))
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-m",
        "not slow",
        *ENGINE_TESTS,
    ]
    return subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)


@pytest.mark.slow
def test_the_intact_copy_passes(tmp_path):
    result = run_engine_tests_on_copy(tmp_path)
    assert result.returncode == 0, result.stdout[-3000:]
    assert "passed" in result.stdout


@pytest.mark.slow
@pytest.mark.parametrize("name", MUTANTS)
def test_a_broken_backward_rule_fails_the_suite(tmp_path, name):
    result = run_engine_tests_on_copy(tmp_path, MUTANTS[name])
    assert result.returncode == 1, f"the suite did not notice: {name}\n{result.stdout[-3000:]}"
    assert "failed" in result.stdout
