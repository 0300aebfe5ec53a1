"""The execution core's case table (tests/core_cases.py) in Pyodide, in Chromium, through the
site's own runner-worker.js: each case must pass there too, and say what CPython says. The
worker hands the page the core's result with its SVG cleaned by present/svg.py (the one SVG
cleaner): the CPython side goes through the same function."""

from __future__ import annotations

import pytest

from literate.present.svg import inline_result_svgs, inline_svg
from tests.core_cases import CASES, PATH, check, run_case, summary

BOOT_TIMEOUT = 120_000  # ms: Pyodide on a loaded 2-core machine
# every case in one process: one page and one Python answer them all
pytestmark = pytest.mark.xdist_group("core cases in pyodide")

RUN_CASES = """
async ([cases, path]) => {
  const worker = new Worker(new URL("assets/runner-worker.js", location.href), { type: "module" });
  const answers = new Map();
  let ready;
  const booted = new Promise((resolve, reject) => (ready = { resolve, reject }));
  worker.onmessage = ({ data }) => {
    if (data.type === "ready") ready.resolve();
    else if (data.type === "failed") ready.reject(new Error(data.error));
    else if (data.type === "done") answers.get(data.id)(data.result);
  };
  await booted;
  let id = 0;
  const run = (code, line, raises) =>
    new Promise((resolve) => {
      const mine = ++id;
      answers.set(mine, (result) => resolve({ id: mine, result }));
      worker.postMessage({ id: mine, op: "run", code, path, line, raises });
    });
  const results = [];
  for (const c of cases) {
    if (c.setup) await run(c.setup, 2, null);
    results.push(await run(c.code, c.line, c.raises));
  }
  worker.terminate();
  return results;
}
"""


@pytest.fixture(scope="module")
def pyodide_results(browser, site_url) -> list[dict]:
    page = browser.new_page()
    try:
        page.goto(site_url)
        cases = [
            {"code": c.code, "line": c.line, "raises": c.raises, "setup": c.setup} for c in CASES
        ]
        page.set_default_timeout(BOOT_TIMEOUT)
        return page.evaluate(RUN_CASES, [cases, PATH])
    finally:
        page.close()


@pytest.mark.parametrize("index", range(len(CASES)), ids=[case.name for case in CASES])
def test_core_case_in_pyodide_as_in_cpython(pyodide_results, index) -> None:
    case = CASES[index]
    answer = pyodide_results[index]
    result = answer["result"]
    # the worker prefixes a result's SVG ids with its request's number
    cpython = inline_result_svgs(run_case(case), f"lit-live{answer['id']}-")
    if "svg" in case.expect:  # what the core drew, cleaned: exactly as CPython cleans it
        shown = result["outputs"][0]["data"]["image/svg+xml"]
        assert shown == cpython["outputs"][0]["data"]["image/svg+xml"]
        assert shown == inline_svg(case.expect["svg"], f"lit-live{answer['id']}-1-", "lit-graph")
    else:
        check(case, result)
    assert summary(result) == summary(cpython)
