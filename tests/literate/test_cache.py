"""The cache: keys that follow what a result depends on, atomic and forgiving storage."""

import shutil
import time
from dataclasses import replace
from pathlib import Path

import pytest

import literate.cache.keys
import literate.cache.store
from literate.cache import Cache, environment_key, page_key
from literate.cache.store import NotACache
from literate.execute.pool import start_pages
from literate.results import ItemResult
from literate.settings import Settings, SettingsError

from .helpers import REPO_ROOT, SETTINGS, fence, page_of, result_of, stderr


def settings_of(project):
    return Settings(project_root=project, packages=("micrograd",))


def execute_pages(pages, project, cache, environment=None):
    settings = settings_of(project)
    environment = environment or environment_key(settings)
    return start_pages(pages, settings, cache, environment).wait_all()


PAGE = "# T\n\nSome prose.\n\n" + fence("x = 1\nx") + "\nThe value is `{python} x`.\n"


def make_project(tmp_path):
    shutil.copytree(REPO_ROOT / "micrograd", tmp_path / "micrograd")
    return tmp_path


def test_prose_edit_in_place_keeps_the_key_code_edit_changes_it():
    key = page_key(page_of(PAGE), "env")
    assert page_key(page_of(PAGE.replace("Some prose.", "Other words.")), "env") == key
    assert page_key(page_of(PAGE + "\nMore prose\nbelow the last item.\n"), "env") == key
    assert page_key(page_of(PAGE.replace("x = 1", "x = 2")), "env") != key
    assert page_key(page_of(PAGE.replace("{python} x", "{python} x + 0")), "env") != key
    assert page_key(page_of(PAGE.replace('exec="1"', 'exec="1" hide_code="1"')), "env") != key
    assert page_key(page_of(PAGE), "other env") != key


def test_prose_that_moves_an_item_changes_the_key():
    # Outputs can quote line numbers (tracebacks, warnings), so a moved item runs again.
    key = page_key(page_of(PAGE), "env")
    assert page_key(page_of(PAGE.replace("Some prose.", "Other words,\nnew lines.")), "env") != key
    moved_inline = PAGE.replace("The value", "A new line.\n\nThe value")
    assert page_key(page_of(moved_inline), "env") != key


def test_output_that_quotes_a_line_is_not_served_after_the_line_moved(tmp_path):
    project = make_project(tmp_path)
    cache = Cache(tmp_path / "cache")
    warn = fence('import warnings\nwarnings.warn("careful")')
    first = execute_pages([page_of("# W\n\n" + warn, "docs/w.md")], project, cache)
    assert "docs/w.md:5: UserWarning: careful" in stderr(first["docs/w.md"].results[0])
    moved = page_of("# W\n\nNew prose,\nover two lines.\n\n" + warn, "docs/w.md")
    second = execute_pages([moved], project, cache)["docs/w.md"]
    assert not second.from_cache
    assert "docs/w.md:8: UserWarning: careful" in stderr(second.results[0])


def test_editing_any_micrograd_file_changes_the_environment_key(tmp_path):
    project = make_project(tmp_path)
    before = environment_key(settings_of(project))
    assert environment_key(settings_of(project)) == before
    engine = project / "micrograd" / "engine.py"
    engine.write_text(engine.read_text() + "\n# edited\n")
    assert environment_key(settings_of(project)) != before
    edited = environment_key(settings_of(project))
    (project / "micrograd" / "new_module.py").write_text("")
    assert environment_key(settings_of(project)) != edited


def test_the_packages_named_in_the_settings_are_hashed(tmp_path):
    project = make_project(tmp_path)
    (project / "helpers").mkdir()
    (project / "helpers" / "__init__.py").write_text("A = 1\n")
    with_helpers = Settings(project_root=project, packages=("micrograd", "helpers"))
    before = environment_key(with_helpers)
    without = environment_key(settings_of(project))
    (project / "helpers" / "__init__.py").write_text("A = 2\n")
    assert environment_key(with_helpers) != before
    assert environment_key(settings_of(project)) == without
    # an installed package is found where this interpreter imports it from
    assert literate.cache.keys.package_directory("spelled_out", tmp_path) == (
        REPO_ROOT / "scripts" / "spelled_out"
    )


def test_store_then_load_round_trips(tmp_path):
    cache = Cache(tmp_path)
    results = [result_of(stdout="hi\n", text="1")]
    cache.store("k", results)
    assert cache.load("k") == results
    assert sorted(p.name for p in tmp_path.iterdir()) == ["CACHEDIR.TAG", "k.json"]  # no temp


def test_torn_or_foreign_entries_are_misses(tmp_path):
    cache = Cache(tmp_path)
    cache.store("k", [result_of(stdout="x")])
    whole = cache.path_for("k").read_text()
    for bad in (whole[: len(whole) // 2], "", "[]", '{"schema": 999}', whole.replace('"k"', '"j"')):
        cache.path_for("k").write_text(bad)
        assert cache.load("k") is None
    cache.path_for("k").write_bytes(b"\xff\xfe\x00")
    assert cache.load("k") is None
    cache.path_for("k").write_text(whole.replace('"outputs"', '"outputz"'))
    assert cache.load("k") is None
    cache.path_for("k").write_text(whole.replace('"output_type"', '"kind"'))
    assert cache.load("k") is None
    assert Cache(tmp_path / "missing").load("k") is None


def test_execute_pages_uses_the_cache_and_never_caches_errors(tmp_path):
    project = make_project(tmp_path)
    cache = Cache(tmp_path / "cache")
    good, bad = page_of(PAGE, "docs/good.md"), page_of(fence("1 / 0"), "docs/bad.md")
    first = execute_pages([good, bad], project, cache)
    assert not first["docs/good.md"].from_cache and first["docs/bad.md"].errors
    assert len([p for p in cache.directory.glob("*.json") if p.name != "timings.json"]) == 1
    assert set(cache.load_timings()) == {"docs/good.md"}
    second = execute_pages(
        [page_of(PAGE.replace("prose", "words"), "docs/good.md"), bad], project, cache
    )
    assert second["docs/good.md"].from_cache
    assert second["docs/good.md"].results == first["docs/good.md"].results
    assert not second["docs/bad.md"].from_cache and second["docs/bad.md"].errors
    engine = project / "micrograd" / "engine.py"
    engine.write_text(engine.read_text() + "\n# edited\n")
    third = execute_pages([good], project, cache)
    assert not third["docs/good.md"].from_cache


def test_execution_code_counts_but_presentation_and_front_ends_do_not(tmp_path, monkeypatch):
    project = make_project(tmp_path / "project")
    engine = tmp_path / "engine"
    for folder in ("execute", "present", "frontends"):
        (engine / folder).mkdir(parents=True)
        (engine / folder / "module.py").write_text("A = 1\n")
    (engine / "results.py").write_text("R = 1\n")
    monkeypatch.setattr(literate.cache.keys, "ENGINE_DIR", engine)
    before = environment_key(settings_of(project))
    for folder in ("present", "frontends"):
        (engine / folder / "module.py").write_text("A = 2\n")
    assert environment_key(settings_of(project)) == before
    (engine / "execute" / "module.py").write_text("A = 2\n")
    assert environment_key(settings_of(project)) != before
    after = environment_key(settings_of(project))
    (engine / "results.py").write_text("R = 2\n")
    assert environment_key(settings_of(project)) != after


def test_slowest_known_pages_start_first(tmp_path):
    cache = Cache(tmp_path / "cache")
    cache.store_timings({"docs/quick.md": 0.5, "docs/slow.md": 9.0})
    pages = [page_of(fence("1"), f"docs/{name}.md") for name in ("quick", "new", "slow")]
    pending = start_pages(pages, SETTINGS, cache, environment="env")
    assert list(pending.futures) == ["docs/new.md", "docs/slow.md", "docs/quick.md"]
    assert all(run.ok for run in pending.wait_all().values())
    assert set(cache.load_timings()) == {"docs/quick.md", "docs/new.md", "docs/slow.md"}


def test_unreadable_timings_are_ignored(tmp_path):
    cache = Cache(tmp_path)
    (tmp_path / "timings.json").write_text("{torn")
    assert cache.load_timings() == {}


def test_cancel_stops_pages_under_way(tmp_path):
    slow = page_of(fence("import time\ntime.sleep(30)"), "docs/slow.md")
    pending = start_pages([slow], SETTINGS, Cache(tmp_path), environment="env")
    time.sleep(1.0)  # let the worker start
    started = time.monotonic()
    pending.cancel()
    run = pending.get("docs/slow.md")
    assert time.monotonic() - started < 5
    assert run.errors and "killed by SIGKILL" in run.errors[0].message


def test_a_cache_that_cannot_be_written_warns_and_the_build_goes_on(tmp_path, caplog):
    (tmp_path / "a-file").write_text("")
    cache = Cache(tmp_path / "a-file" / "cache")  # cannot be created
    runs = execute_pages([page_of(PAGE)], REPO_ROOT, cache, environment="env")
    assert runs["docs/t.md"].ok and runs["docs/t.md"].results[1].value == "1"
    assert "could not store results of docs/t.md" in caplog.text


def test_the_version_of_every_installed_package_is_in_the_environment_key(tmp_path, monkeypatch):
    project = make_project(tmp_path)
    before = environment_key(settings_of(project))
    installed = literate.cache.keys.installed_versions()
    assert {"torch", "matplotlib", "pygments", "graphviz"} <= {
        name.lower() for name, _ in installed
    }
    for index in (0, len(installed) - 1):
        changed = [*installed]
        changed[index] = (changed[index][0], "0.0-other")
        monkeypatch.setattr(literate.cache.keys, "installed_versions", lambda c=changed: c)
        assert environment_key(settings_of(project)) != before


def test_the_output_limit_is_in_the_environment_key(tmp_path):
    project = make_project(tmp_path)
    small = Settings(project_root=project, packages=("micrograd",), output_limit=1000)
    assert environment_key(small) != environment_key(settings_of(project))


def test_an_unknown_package_is_named(tmp_path):
    project = make_project(tmp_path)
    settings = Settings(project_root=project, packages=("micrograd", "micrgrad"))
    with pytest.raises(literate.cache.keys.UnknownPackage, match="micrgrad is neither in"):
        environment_key(settings)


def test_a_failed_timings_write_leaves_no_temporary_file(tmp_path, monkeypatch):
    def fail(source, target):
        raise OSError("disk full")

    monkeypatch.setattr(literate.cache.store.os, "replace", fail)
    cache = Cache(tmp_path)
    for write in (lambda: cache.store("k", [ItemResult()]), lambda: cache.store_timings({})):
        with pytest.raises(OSError, match="disk full"):
            write()
        assert [p.name for p in tmp_path.iterdir()] == ["CACHEDIR.TAG"]


def test_cancelling_one_build_leaves_another_builds_workers_running(tmp_path):
    sleeper = fence("import time\ntime.sleep(3)\nprint('finished')")
    mine = start_pages([page_of(sleeper, "docs/a.md")], SETTINGS, None, None)
    other = start_pages([page_of(sleeper, "docs/b.md")], SETTINGS, None, None)
    time.sleep(1.0)  # both workers are running
    mine.cancel()
    assert "killed by SIGKILL" in mine.get("docs/a.md").errors[0].message
    survivor = other.get("docs/b.md")
    assert survivor.ok, survivor.errors
    assert stderr(survivor.results[0]) == "" and survivor.results[0].outputs[0]["text"] == (
        "finished\n"
    )


def test_clear_deletes_only_a_folder_the_cache_made(tmp_path):
    cache = Cache(tmp_path / "cache")
    cache.store("k", [result_of(stdout="x")])
    cache.clear()
    assert not (tmp_path / "cache").exists()
    (tmp_path / "project").mkdir()
    (tmp_path / "project" / "keep.txt").write_text("mine")
    with pytest.raises(NotACache, match="not a literate cache, not deleted"):
        Cache(tmp_path / "project").clear()
    assert (tmp_path / "project" / "keep.txt").read_text() == "mine"


@pytest.mark.parametrize("cache_dir", ["", ".", "..", "docs", "docs/cache"])
def test_a_cache_folder_that_is_not_its_own_is_refused(tmp_path, cache_dir):
    with pytest.raises(SettingsError, match="cache_dir must be a folder of its own"):
        Settings(project_root=tmp_path, cache_dir=Path(cache_dir))


def test_without_reading_the_cache_a_page_runs_afresh_and_fills_only_an_empty_entry(tmp_path):
    """The pytest plugin's mode: its tests never take a result from the cache, and what they ran
    is left for a site build of the same run, but an entry a build stored (and may have shown)
    is never replaced."""
    project = make_project(tmp_path)
    cache = Cache(tmp_path / "cache")
    settings = replace(settings_of(project), read_cache=False)
    environment = environment_key(settings)
    page = page_of("# R\n\n" + fence("import random\nrandom.random()"), "docs/r.md")
    key = page_key(page, environment)

    first = start_pages([page], settings, cache, environment).wait_all()["docs/r.md"]
    assert not first.from_cache and cache.load(key) == first.results  # filled: it was empty

    second = start_pages([page], settings, cache, environment).wait_all()["docs/r.md"]
    assert not second.from_cache, "a test took its result from the cache"
    assert second.results != first.results  # a fresh run: another random number
    assert cache.load(key) == first.results, "an entry was replaced"
