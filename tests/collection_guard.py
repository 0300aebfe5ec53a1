"""A guarded run (`pytest --collect-guard`, as `make test` runs) must collect every test file
under tests/, and in each every test its source defines: a module-level `def test*` or a
`test*` method of a `Test*` class, read from the file itself, so the count it holds the run to
is derived from the code and needs no hand edit. A file that pytest passes over (a folder named
`build`, a misspelt name) or a test it never collects (a class whose `__init__` stops its
collection, a name shadowed by a second `def`) protects nothing, so the run fails, through one
more test item that names what is missing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GUARD_NAME = "collection-guard"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--collect-guard",
        action="store_true",
        help="fail when a tests/**/test_*.py file, or a test it defines, is not collected",
    )


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not config.getoption("collect_guard"):
        return
    problems = uncollected_problems(config.rootpath, items)
    items.append(CollectionGuard.from_parent(session, name=GUARD_NAME, problems=problems))


def uncollected_problems(root: Path, items: list[pytest.Item]) -> list[str]:
    collected: dict[Path, set[str]] = {}
    for item in items:
        name = getattr(item, "originalname", None) or item.name.split("[")[0]
        collected.setdefault(item.path, set()).add(name)
    problems = []
    for path in sorted((root / "tests").rglob("test_*.py")):
        if any(part.startswith(".") for part in path.parts):
            continue
        shown = path.relative_to(root).as_posix()
        if path not in collected:
            problems.append(f"not collected: {shown}")
            continue
        defined = defined_tests(path)
        problems += [
            f"defined but not collected: {shown}::{name}"
            for name in sorted(set(defined))
            if name not in collected[path]
        ]
        problems += [
            f"defined twice, only the last is collected: {shown}::{name}"
            for name in sorted({name for name in defined if defined.count(name) > 1})
        ]
    return problems


def defined_tests(path: Path) -> list[str]:
    """The tests a file defines, by pytest's default names, once per `def`: module-level
    `test*` functions and the `test*` methods of module-level `Test*` classes."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    functions = (ast.FunctionDef, ast.AsyncFunctionDef)
    found = [node.name for node in tree.body if isinstance(node, functions)]
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            found += [n.name for n in node.body if isinstance(n, functions)]
    return [name for name in found if name.startswith("test")]


class CollectionGuard(pytest.Item):
    def __init__(self, *, problems: list[str], **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.problems = problems

    def runtest(self) -> None:
        if self.problems:
            raise GuardFailure(self.problems)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style=None) -> str:
        if isinstance(excinfo.value, GuardFailure):
            return "the test run is incomplete:\n" + "\n".join(excinfo.value.problems)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, GUARD_NAME


class GuardFailure(Exception):
    def __init__(self, problems: list[str]):
        super().__init__(problems)
        self.problems = problems
