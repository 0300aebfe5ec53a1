"""A guarded run (`pytest --collect-guard`, as `make test` runs) must collect every test file
under tests/ and at least the committed number of tests (`collect_floor` in pyproject.toml).
A file that pytest passes over (a folder named `build`, a misspelt name) protects nothing, so
the run fails, through one more test item that names what is missing."""

from __future__ import annotations

from pathlib import Path

import pytest

GUARD_NAME = "collection-guard"


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--collect-guard",
        action="store_true",
        help="fail when a tests/**/test_*.py file is not collected or fewer tests than "
        "collect_floor are",
    )
    parser.addini("collect_floor", "the fewest tests a guarded run may collect", default="0")


def pytest_collection_modifyitems(
    session: pytest.Session, config: pytest.Config, items: list[pytest.Item]
) -> None:
    if not config.getoption("collect_guard"):
        return
    problems = uncollected_problems(config.rootpath, items, int(config.getini("collect_floor")))
    items.append(CollectionGuard.from_parent(session, name=GUARD_NAME, problems=problems))


def uncollected_problems(root: Path, items: list[pytest.Item], floor: int) -> list[str]:
    collected = {item.path for item in items}
    files = sorted((root / "tests").rglob("test_*.py"))
    missing = [
        path.relative_to(root).as_posix()
        for path in files
        if path not in collected and not any(p.startswith(".") for p in path.parts)
    ]
    problems = [f"not collected: {path}" for path in missing]
    if len(items) < floor:
        problems.append(
            f"{len(items)} tests collected, fewer than the floor of {floor} "
            "(collect_floor in pyproject.toml; lower it only when tests were removed on purpose)"
        )
    return problems


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
