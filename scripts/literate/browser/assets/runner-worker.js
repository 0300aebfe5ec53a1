// The page's Python, in a Web Worker: Pyodide running this site's own micrograd (copied into the
// site at build, listed in runtime/manifest.json), and Graphviz compiled to WebAssembly for
// graphs. Loaded only when a reader presses Run (runner.js starts it).
//
// What runs a block is the build's own execution core, literate/execute/core.py, shipped as a
// file: this worker only loads it, gives it Viz.js as the program that draws DOT, and passes
// messages. The core answers with dicts, converted here with toJs.
//
// Messages in:  {id, op: "run", code, path, line, raises}     run one block in the namespace
//               {id, op: "grade", code, path, line, check, check_line, refuse}
//                                                            grade an exercise attempt
//               {id, op: "call", module, name, args}         a page helper's answer (a dict)
//               {id, op: "inline", expr, line}               an inline value of the prose
// Messages out: {id, type: "stream", name, text}   printed text, gathered and sent at most
//                                                  every FLUSH_MS (a flood cannot swamp the page)
//               {id, type: "done", result, ms}     result: {outputs, error}, {passed, message}
//                                                  or {value, error}
//               {type: "progress", loaded, total}  bytes of the runtime downloaded so far
//               {type: "ready", ms} | {type: "failed", error}
// (The shapes of both kinds of message: contracts.js, WorkerRequest and WorkerMessage.)
const runtime = new URL("runtime/", self.location.href);

/** @param {import("./contracts.js").WorkerMessage} message */
function send(message) {
  self.postMessage(message);
}
const FLUSH_MS = 50;
let session = null;
let flushStdout = null;
let cleanSvgs = null; // literate.present.svg.inline_result_svgs, once Python is up

async function loadViz() {
  const module = await import(new URL("viz/viz.js", runtime).href);
  return module.instance();
}

// The download, honestly: every fetch of the runtime (Pyodide's WebAssembly and standard
// library, the wheels, the packages) is counted as its bytes arrive, against the total the
// build wrote in manifest.json, and posted as {type: "progress", loaded, total} at most every
// PROGRESS_MS. (The two scripts imported as modules, pyodide.mjs and viz.js, are not fetch()ed
// and not counted.)
const PROGRESS_MS = 100;
const download = { loaded: 0, total: 0, sent: 0 };
const plainFetch = self.fetch.bind(self);

function report(last) {
  if (!last && performance.now() - download.sent < PROGRESS_MS) return;
  download.sent = performance.now();
  send({ type: "progress", loaded: download.loaded, total: download.total });
}

self.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  if (!response.ok || !response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        report(true);
        controller.close();
        return;
      }
      download.loaded += value.byteLength;
      report(false);
      controller.enqueue(value);
    },
  });
  const { status, statusText, headers } = response;
  return new Response(body, { status, statusText, headers });
};

// The packages' files as text and the wheels as bytes, fetched at once, while Pyodide
// downloads and starts: they need no Python until they are installed.
function fetchFiles(manifest) {
  const get = async (path, read) => {
    const response = await fetch(new URL(path, runtime));
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
    return read(response);
  };
  return Promise.all([
    Promise.all(manifest.packages.map((file) => get(`packages/${file}`, (r) => r.text()))),
    Promise.all(manifest.wheels.map((wheel) => get(`wheels/${wheel}`, (r) => r.arrayBuffer()))),
  ]);
}

// Python as it stands once started, which the build saved (scripts/tools/pyodide-snapshot.mjs,
// gzipped): restoring it skips seconds of starting. Undefined if it cannot be had: Python then
// starts as usual. (A host may have sent it decoded already: gzip's first two bytes tell.)
async function snapshot() {
  try {
    const response = await fetch(new URL("pyodide/snapshot.bin.gz", runtime));
    if (!response.ok) return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const unpacked = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(unpacked).arrayBuffer());
  } catch (error) {
    console.warn("Python's snapshot could not be fetched or unpacked; starting Python instead:", error);
    return undefined;
  }
}

async function startPyodide() {
  const saved = snapshot();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", runtime).href);
  const indexURL = new URL("pyodide/", runtime).href;
  const restored = await saved;
  if (restored) {
    try {
      return await loadPyodide({ indexURL, _loadSnapshot: restored });
    } catch (error) {
      console.warn("Python's snapshot could not be restored; starting Python instead:", error);
    }
  }
  return loadPyodide({ indexURL });
}

async function loadPython(manifest) {
  const files = fetchFiles(manifest);
  files.catch(() => {}); // said when awaited below
  const pyodide = await startPyodide();
  const [texts, wheels] = await files;
  const home = "/home/pyodide/"; // the working directory, first on sys.path
  manifest.packages.forEach((file, index) => {
    pyodide.FS.mkdirTree(home + file.split("/").slice(0, -1).join("/"));
    pyodide.FS.writeFile(home + file, texts[index]);
  });
  // pure-Python wheels: unpacked where the packages are (no dependencies to resolve)
  for (const wheel of wheels) pyodide.unpackArchive(wheel, "wheel", { extractDir: home });
  return pyodide;
}

async function boot() {
  const started = performance.now();
  const manifest = await (await plainFetch(new URL("manifest.json", runtime))).json();
  download.total = manifest.bytes || 0;
  const [pyodide, viz] = await Promise.all([loadPython(manifest), loadViz()]);
  const renderDot = (source) => viz.renderString(source, { format: "svg" });
  session = pyodide.pyimport("literate.execute.core").Session("", renderDot);
  // the build's own SVG cleaner (present/svg.py): the page receives SVG ready to show
  cleanSvgs = pyodide.pyimport("literate.present.svg").inline_result_svgs;
  const sys = pyodide.pyimport("sys");
  flushStdout = () => {
    sys.stdout.flush();
    sys.stderr.flush();
  };
  pyodide.setStdout({ write: (bytes) => output.write("stdout", bytes) });
  pyodide.setStderr({ write: (bytes) => output.write("stderr", bytes) });
  return performance.now() - started;
}

// Printed text of the block running, sent in pieces at most every FLUSH_MS.
const output = {
  id: null,
  chunks: [],
  decoders: { stdout: new TextDecoder(), stderr: new TextDecoder() },
  sent: 0,
  write(name, bytes) {
    const text = this.decoders[name].decode(bytes, { stream: true });
    const last = this.chunks[this.chunks.length - 1];
    if (last && last.name === name) last.text += text;
    else this.chunks.push({ name, text });
    if (performance.now() - this.sent >= FLUSH_MS) this.flush();
    return bytes.length;
  },
  flush() {
    for (const { name, text } of this.chunks) {
      if (text) send({ id: this.id, type: "stream", name, text });
    }
    this.chunks = [];
    this.sent = performance.now();
  },
};

function answer(proxy) {
  const value = proxy.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
  proxy.destroy();
  return value;
}

const booting = boot().then(
  (ms) => send({ type: "ready", ms }),
  (error) => send({ type: "failed", error: String(error) }),
);

// Set when Pyodide itself failed (it ran out of the browser's stack, say): this Python is
// gone, and every later request says so until the page starts a fresh one (Restart).
let crashed = null;

function crashResult(error) {
  const message =
    `Python in your browser crashed (${error}). ` +
    "Press Restart for a fresh Python; the page's build ran this block in full.";
  return { outputs: [], error: { message, traceback: message } };
}

/** @param {MessageEvent<import("./contracts.js").WorkerRequest>} event */
self.onmessage = async ({ data }) => {
  await booting;
  if (!session) return;
  output.id = data.id;
  output.sent = performance.now();
  const started = performance.now();
  let result;
  if (crashed) {
    send({ id: data.id, type: "done", result: crashResult(crashed), ms: 0 });
    return;
  }
  try {
    let proxy;
    if (data.op === "grade") {
      proxy = session.grade(
        data.code,
        data.check,
        data.line,
        data.check_line,
        data.path,
        data.refuse,
      );
    } else if (data.op === "inline") {
      proxy = session.run_inline(data.expr, data.line);
    } else if (data.op === "call") {
      proxy = session.call(data.module, data.name, ...data.args);
    } else {
      proxy = session.run_block(data.code, data.line, data.raises || undefined, data.path);
    }
    // ids prefixed by the request's number (unique in the page's visit): no clash between runs
    const cleaned = cleanSvgs(proxy, `lit-live${data.id}-`);
    proxy.destroy();
    result = answer(cleaned);
  } catch (error) {
    crashed = error instanceof Error ? `${error.name}: ${error.message.split("\n")[0]}` : error;
    result = crashResult(crashed);
  } finally {
    flushStdout();
    output.flush();
  }
  send({ id: data.id, type: "done", result, ms: performance.now() - started });
};
