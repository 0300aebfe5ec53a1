"""Running pages in fresh workers: namespaces, capture, errors with locations, timeouts."""

import os
import time
from pathlib import Path

import literate.execute.watchdog
from literate.execute.watchdog import run_page
from literate.parse.markdown import parse_page

from .helpers import SETTINGS, displays, fence, raised, run_markdown, stderr, stdout


def test_blocks_and_inline_values_share_one_namespace_in_page_order():
    _, run = run_markdown(
        "`{python} 2 * 3`\n\n" + fence("x = 20") + "\nx is `{python} x + 1`\n\n" + fence("x * 2")
    )
    assert run.ok, run.errors
    assert [r.value for r in run.results] == ["6", None, "21", "40"]
    assert displays(run.results[3]) == [
        {"type": "execute_result", "data": {"text/plain": "40"}, "kind": ""}
    ]


def test_last_expression_none_displays_nothing_and_statements_show_no_value():
    _, run = run_markdown(fence("print('hi')") + "\n" + fence("x = 1\nNone"))
    assert stdout(run.results[0]) == "hi\n" and displays(run.results[0]) == []
    assert displays(run.results[1]) == []


def test_output_is_captured_at_the_file_descriptor_level():
    code = """
    import os, subprocess, sys
    print("python")
    os.write(1, b"raw fd\\n")
    subprocess.run(["echo", "child"], check=True)
    print("to stderr", file=sys.stderr)
    """
    _, run = run_markdown(fence(code))
    assert stdout(run.results[0]) == "python\nraw fd\nchild\n"
    assert stderr(run.results[0]) == "to stderr\n"


def test_each_page_runs_in_a_fresh_interpreter():
    marker = fence(
        "import sys\nprint('marker_module' in sys.modules)\nsys.modules['marker_module'] = 1"
    )
    _, first = run_markdown(marker)
    _, second = run_markdown(marker)
    assert stdout(first.results[0]) == stdout(second.results[0]) == "False\n"


def test_blocks_run_in_a_temporary_directory_but_can_import_micrograd(tmp_path):
    code = """
    import os, micrograd
    open("litter.txt", "w").write("x")
    print(os.path.isfile("litter.txt"), os.path.isfile("pyproject.toml"))
    """
    _, run = run_markdown(fence(code))
    assert run.ok, run.errors
    assert stdout(run.results[0]) == "True False\n"
    assert not (Path.cwd() / "litter.txt").exists()


def test_exception_names_page_and_line_with_a_traceback_into_the_markdown():
    text = "# T\n\n" + fence("a = 1\nb = 0\nc = a / b") + "\nafter `{python} a`\n"
    _, run = run_markdown(text, path="docs/chain-rule.md")
    (error,) = run.errors
    assert error.location_line() == "docs/chain-rule.md:3: ZeroDivisionError: division by zero"
    assert 'File "docs/chain-rule.md", line 6, in <module>' in error.detail
    assert "c = a / b" in error.detail
    assert "worker.py" not in error.detail and "scripts" not in error.detail
    assert len(run.results) == 1  # the page stops at its first failure


def test_traceback_through_a_function_defined_in_an_earlier_block():
    text = fence("def f(x):\n    return 1 / x") + "\n" + fence("f(0)")
    _, run = run_markdown(text)
    (error,) = run.errors
    assert error.line == 6
    assert 'File "docs/t.md", line 7, in <module>' in error.detail
    assert 'File "docs/t.md", line 3, in f' in error.detail


def test_syntax_error_is_located():
    _, run = run_markdown("x\n\n" + fence("ok = 1\ndef broken(:"))
    (error,) = run.errors
    assert error.location_line().startswith("docs/t.md:3: SyntaxError")
    assert 'File "docs/t.md", line 5' in error.detail


def test_inline_value_error_is_located():
    _, run = run_markdown("intro\n\nThe value `{python} undefined_name` here.\n")
    (error,) = run.errors
    assert error.location_line() == "docs/t.md:3: NameError: name 'undefined_name' is not defined"


def test_raises_shows_the_last_traceback_line():
    _, run = run_markdown(fence("print('before')\n{}['k']", 'raises="KeyError"'))
    assert run.ok, run.errors
    assert raised(run.results[0]) == "KeyError: 'k'"
    assert stdout(run.results[0]) == "before\n"


def test_raises_accepts_a_base_class_and_a_qualified_name():
    _, run = run_markdown(
        fence("1 / 0", 'raises="ArithmeticError"')
        + "\n"
        + fence("import json\njson.loads('{')", 'raises="json.decoder.JSONDecodeError"')
    )
    assert run.ok, run.errors


def test_raises_accepts_the_name_except_would_use_where_a_module_exports_it():
    """json.JSONDecodeError is defined in json.decoder: `except json.JSONDecodeError` catches
    it, and so does raises= (a name not of a loaded module's class still fails the block)."""
    _, run = run_markdown(
        fence("import json\njson.loads('{')", 'raises="json.JSONDecodeError"')
        + "\n"
        + fence("import json\njson.loads('{')", 'raises="json.JSONDecoder"')
    )
    (error,) = run.errors
    assert error.location_line().startswith("docs/t.md:6: expected json.JSONDecoder, but "), (
        error.location_line()
    )


def test_raises_fails_when_nothing_is_raised():
    _, run = run_markdown("a\n\n" + fence("x = 1", 'raises="ValueError"'))
    (error,) = run.errors
    assert error.location_line() == (
        "docs/t.md:3: expected ValueError to be raised, but nothing was"
    )


def test_raises_fails_when_something_else_is_raised():
    _, run = run_markdown(fence("int('x')", 'raises="KeyError"'))
    (error,) = run.errors
    assert error.location_line().startswith("docs/t.md:1: expected KeyError, but ValueError:")
    assert 'File "docs/t.md", line 2' in error.detail


def test_timeout_kills_the_worker_and_says_where_it_was_stuck():
    code = "import time\nwhile True:\n    time.sleep(0.01)"
    _, run = run_markdown("x\n\n" + fence(code, 'timeout="1"') + "\n" + fence("print(1)"))
    (error,) = run.errors
    assert error.location_line() == "docs/t.md:3: timed out after 1 s"
    assert "at docs/t.md:6" in error.detail
    assert len(run.results) == 0


def test_timeout_also_kills_child_processes(tmp_path):
    marker = tmp_path / "pid"
    code = f"""
    import subprocess
    child = subprocess.Popen(["sleep", "600"])
    open({str(marker)!r}, "w").write(str(child.pid))
    child.wait()
    """
    _, run = run_markdown(fence(code, 'timeout="1"'))
    assert run.errors[0].message == "timed out after 1 s"
    assert_gone(int(marker.read_text()))


def test_sys_exit_is_an_error_for_that_block():
    _, run = run_markdown("x\n\n" + fence("import sys\nsys.exit(3)"))
    (error,) = run.errors
    assert error.location_line() == (
        "docs/t.md:3: the block called sys.exit(3), which would end the page"
    )


def test_os_exit_is_a_crash_of_that_block():
    _, run = run_markdown(fence("x = 1") + "\n" + fence("import os\nos._exit(7)"))
    (error,) = run.errors
    assert error.location_line() == (
        "docs/t.md:5: the worker process exited with code 7 (os._exit?) while running this block"
    )


def test_segfault_is_a_crash_of_that_block():
    _, run = run_markdown(fence("import ctypes\nctypes.string_at(0)"))
    (error,) = run.errors
    assert error.message == "the worker process was killed by SIGSEGV while running this block"
    assert "at docs/t.md:3" in error.detail


def test_huge_output_is_cut_with_a_note():
    _, run = run_markdown(fence("print('x' * 300_000)"), output_limit=1000)
    printed = stdout(run.results[0])
    assert printed.startswith("x" * 1000)
    assert "[output truncated: 300,001 bytes, showing the first 1,000]" in printed
    assert len(printed) < 1200


def test_expect_checks_printed_output():
    _, run = run_markdown(
        fence("print('a')\nprint('b')", r'expect="a\nb"') + "\n" + fence("print('c')", 'expect="d"')
    )
    (error,) = run.errors
    assert error.location_line() == "docs/t.md:6: printed output differs from expect"
    assert "expected:\nd\ngot:\nc" in error.detail


def test_reading_stdin_sees_end_of_file_instead_of_hanging():
    _, run = run_markdown(fence("import sys\nprint(repr(sys.stdin.read()))", 'timeout="5"'))
    assert stdout(run.results[0]) == "''\n"


def test_threads_left_running_by_a_block_do_not_hang_the_page():
    code = "import threading, time\nthreading.Thread(target=time.sleep, args=(600,)).start()"
    _, run = run_markdown(fence(code, 'timeout="5"'))
    assert run.ok, run.errors
    assert run.seconds < 10


def test_processes_left_behind_by_a_page_are_stopped(tmp_path):
    marker = tmp_path / "pid"
    code = f"""
    import subprocess
    child = subprocess.Popen(["sleep", "600"])
    open({str(marker)!r}, "w").write(str(child.pid))
    """
    _, run = run_markdown(fence(code))
    assert run.ok, run.errors
    assert_gone(int(marker.read_text()))


def assert_gone(pid: int) -> None:
    """The process is gone (or a zombie waiting for init) within 2.5 s."""
    for _ in range(50):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        if Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z":
            return  # killed, waiting to be reaped by init
        time.sleep(0.05)
    raise AssertionError(f"the page's child process {pid} is still running")


def test_only_newlines_end_lines_as_in_python_and_markdown():
    # U+2028 and form feed are not line breaks in Markdown or Python source.
    text = (
        "# T\n\nProse with a\u2028line separator\x0c and form feed.\n\n"
        + fence("s = 'a\u2028b\x1cc'\nprint(len(s))\n1 / 0")
        + "\nValue `{python} len(s)`.\n"
    )
    page = parse_page(text, "docs/t.md")
    assert [item.line for item in page.items] == [5, 11]
    run = run_page(page, SETTINGS)
    assert stdout(run.results[0]) == "5\n"
    (error,) = run.errors
    assert error.location_line() == "docs/t.md:5: ZeroDivisionError: division by zero"
    assert 'File "docs/t.md", line 8, in <module>' in error.detail
    assert "1 / 0" in error.detail


def test_crlf_pages_run_with_the_right_lines():
    text = (
        "# T\r\n\r\n"
        + fence("x = 1\nprint(x)\nx").replace("\n", "\r\n")
        + "\r\nIt is `{python} x`."
    )
    page = parse_page(text, "docs/t.md")
    assert [item.line for item in page.items] == [3, 9]
    assert page.blocks[0].code == "x = 1\nprint(x)\nx\n"
    run = run_page(page, SETTINGS)
    assert run.ok and stdout(run.results[0]) == "1\n" and run.results[1].value == "1"


def test_inline_value_over_several_lines_is_a_located_error():
    # A newline in a sentence would end a table row or a paragraph.
    _, run = run_markdown("intro\n\nThe value `{python} 'a\\nb'` here.\n")
    (error,) = run.errors
    assert error.location_line() == (
        "docs/t.md:3: the inline value 'a\\nb' spans several lines; "
        "give a one-line value (e.g. .replace('\\n', ' '))"
    )


def test_a_bad_message_from_the_worker_is_an_error_of_the_page(monkeypatch):
    def refuse(data):
        raise ValueError("not an item result")

    monkeypatch.setattr(literate.execute.watchdog.ItemResult, "from_json", staticmethod(refuse))
    _, run = run_markdown("# T\n\n" + fence("x = 1"))
    (error,) = run.errors
    assert error.location_line() == "docs/t.md:3: the worker sent an unreadable message"
    assert error.index is None
