// The page's Python, in a Web Worker: Pyodide running this site's own micrograd (copied into the
// site at build, listed in runtime/manifest.json), and Graphviz compiled to WebAssembly for
// graphs. Loaded only when a reader presses Run (runner.js starts it).
//
// Messages in:  {id, code, path, line, raises}          run one block in the page's namespace
//               {id, code, path, line, grade: {check, check_line}}
//                                                      grade an exercise attempt (the code)
// Messages out: {id, type: "stream", name, text}         printed text, as it comes
//               {id, type: "done", displays, error, raised, ms} (grade: {passed, message})
//               {type: "ready", ms} | {type: "failed", error}
const runtime = new URL("runtime/", self.location.href);
let pyodide = null;
let viz = null;
let runBlock = null;
let gradeExercise = null;

const PYTHON = `
import ast, linecache, sys, traceback

namespace = {"__name__": "__main__"}
page_lines = {}


def _remember(path, line, code):
    """Let tracebacks quote the page's lines, as the build's do."""
    lines = page_lines.setdefault(path, {})
    for offset, text in enumerate(code.split("\\n")):
        lines[line + offset] = text + "\\n"
    last = max(lines)
    body = [lines.get(n, "\\n") for n in range(1, last + 1)]
    linecache.cache[path] = (sum(map(len, body)), None, body, path)


def _display(value):
    if value is None:
        return None
    kind = type(value)
    if kind.__module__.startswith("graphviz.") and hasattr(value, "source"):
        return {"graph": value.source}
    for method, key in (("_repr_html_", "html"), ("_repr_svg_", "svg")):
        shown = getattr(kind, method, None)
        if callable(shown):
            try:
                result = shown(value)
            except Exception:
                continue  # e.g. highlighting that needs a package the browser lacks
            if result is not None:
                return {key: result}
    return {"text": repr(value)}


def _matches(error, name):
    return any(name in (c.__name__, f"{c.__module__}.{c.__qualname__}") for c in type(error).__mro__)


def grade_exercise(attempt, check, path, line, check_line):
    """The reader's attempt and the exercise's check, in a copy of the page's namespace."""
    from literate.exercise import grade

    _remember(path, line, attempt)
    return {"grade": grade(attempt, check, namespace, path, (line, check_line))}


def run_block(code, path, line, raises):
    _remember(path, line, code)
    source = "\\n" * (line - 1) + code
    try:
        tree = ast.parse(source, path, "exec")
    except SyntaxError as error:
        return {"error": "".join(traceback.format_exception_only(error))}
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    try:
        exec(compile(tree, path, "exec"), namespace)
        value = None
        if last is not None:
            value = eval(compile(ast.Expression(last.value), path, "eval"), namespace)
    except BaseException as error:
        if raises and _matches(error, raises):
            return {"raised": traceback.format_exception_only(error)[-1].rstrip()}
        tb = error.__traceback__
        while tb is not None and tb.tb_frame.f_code.co_filename != path:
            tb = tb.tb_next  # drop this runner's own frames
        return {"error": "".join(traceback.format_exception(type(error), error, tb))}
    if raises:
        return {"error": f"expected {raises} to be raised, but nothing was\\n"}
    displays = [_display(value)] if value is not None else []
    pyplot = sys.modules.get("matplotlib.pyplot")
    if hasattr(pyplot, "take_open_figures"):  # figures a block left open, as at build
        displays += [_display(f) for f in pyplot.take_open_figures() if f is not value]
    return {"displays": displays}
`;

async function boot() {
  const started = performance.now();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", runtime).href);
  pyodide = await loadPyodide({ indexURL: new URL("pyodide/", runtime).href });
  const manifest = await (await fetch(new URL("manifest.json", runtime))).json();
  for (const wheel of manifest.wheels) {
    await pyodide.loadPackage(new URL(`wheels/${wheel}`, runtime).href);
  }
  const home = "/home/pyodide/";
  for (const file of manifest.packages) {
    const text = await (await fetch(new URL(`packages/${file}`, runtime))).text();
    pyodide.FS.mkdirTree(home + file.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile(home + file, text);
  }
  pyodide.runPython(PYTHON);
  runBlock = pyodide.globals.get("run_block");
  gradeExercise = pyodide.globals.get("grade_exercise");
  return performance.now() - started;
}

async function graphSvg(source) {
  if (!viz) {
    const module = await import(new URL("viz/viz.js", runtime).href);
    viz = await module.instance();
  }
  return viz.renderString(source, { format: "svg" });
}

let current = null; // the id of the block running, for the streams
const booting = boot().then(
  (ms) => self.postMessage({ type: "ready", ms }),
  (error) => self.postMessage({ type: "failed", error: String(error) }),
);

self.onmessage = async ({ data }) => {
  await booting;
  if (!runBlock) return;
  current = data.id;
  const stream = (name) => ({
    batched: (text) => self.postMessage({ id: current, type: "stream", name, text: `${text}\n` }),
  });
  pyodide.setStdout(stream("stdout"));
  pyodide.setStderr(stream("stderr"));
  const started = performance.now();
  const proxy = data.grade
    ? gradeExercise(data.code, data.grade.check, data.path, data.line, data.grade.check_line)
    : runBlock(data.code, data.path, data.line, data.raises || null);
  const result = proxy.toJs({ dict_converter: Object.fromEntries });
  proxy.destroy();
  const displays = result.displays || [];
  for (const display of displays) {
    if (display.graph === undefined) continue;
    try {
      display.svg = await graphSvg(display.graph);
    } catch (error) {
      display.text = `could not draw the graph: ${error}`;
    }
  }
  self.postMessage({
    id: data.id,
    type: "done",
    displays,
    error: result.error || null,
    raised: result.raised || null,
    grade: result.grade || null,
    ms: performance.now() - started,
  });
};
