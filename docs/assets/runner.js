// Run it yourself: every executable block of a page can be edited and run in the browser, in a
// Web Worker running this site's own micrograd (runner-worker.js). Nothing of the runtime is
// downloaded until the reader first presses Run.
//
// The build marks each shown block with <div class="lit-run" data-lit-block="N"> (its code
// follows, then its output) and lists all of the page's blocks, hidden setup blocks included,
// in <div class="lit-blocks" data-lit-page="{path, blocks}">. Blocks share one namespace in page
// order, as at build: running a block first runs the blocks above it that have not run yet.
//
// For other scripts (exercises, the stepper): window.literateRunner.run(code, {line, path})
// runs code in the page's worker and resolves to the core's {outputs, error} with the streams;
// window.literateRunner.grade(index, attempt) grades an exercise and resolves to
// {grade: {passed, message}, streams} (exercises.js).
(function () {
  const scriptUrl = document.currentScript ? document.currentScript.src : location.href;
  const workerUrl = new URL("runner-worker.js", scriptUrl);
  let page = null; // the state of the page on screen

  function setUpPage() {
    if (page) page.stop();
    const list = document.querySelector(".lit-blocks[data-lit-page]");
    page = list ? new PageRunner(JSON.parse(list.dataset.litPage)) : null;
  }

  class PageRunner {
    constructor(data) {
      this.path = data.path;
      this.blocks = data.blocks.map((block, index) => ({ ...block, index, ran: false }));
      this.worker = null;
      this.pending = new Map();
      this.nextId = 1;
      this.busy = Promise.resolve();
      document.querySelectorAll(".lit-run[data-lit-block]").forEach((marker) => {
        const block = this.blocks[Number(marker.dataset.litBlock)];
        if (block) new BlockView(this, block, marker);
      });
    }

    startWorker() {
      if (this.worker) return;
      this.worker = new Worker(workerUrl, { type: "module" });
      this.ready = new Promise((resolve, reject) => {
        this.worker.onmessage = ({ data }) => {
          if (data.type === "ready") resolve(data.ms);
          else if (data.type === "failed") reject(new Error(data.error));
          else this.receive(data);
        };
        this.worker.onerror = (event) => reject(new Error(event.message || "the worker failed"));
      });
    }

    receive(data) {
      const call = this.pending.get(data.id);
      if (!call) return;
      if (data.type === "stream") {
        call.streams.push(data);
        if (call.onStream) call.onStream(data);
      } else if (data.type === "done") {
        this.pending.delete(data.id);
        call.resolve({ result: data.result, ms: data.ms, streams: call.streams });
      }
    }

    // Send one request to the worker (started on first use); resolves to {result, ms, streams}.
    call(message, onStream = null) {
      this.startWorker();
      const id = this.nextId++;
      return this.ready.then(
        () =>
          new Promise((resolve, reject) => {
            this.pending.set(id, { resolve, reject, onStream, streams: [] });
            this.worker.postMessage({ id, ...message });
          }),
      );
    }

    // Run code in the page's namespace: {outputs, error, ms, streams} (error: {message,
    // traceback}). `path` names code that is not the page's own (a script's helper call), so
    // that its tracebacks do not quote the page's lines.
    async run(code, { line = 1, raises = null, onStream = null, path = this.path } = {}) {
      const { result, ms, streams } = await this.call(
        { op: "run", code, path, line, raises },
        onStream,
      );
      return { ...result, ms, streams };
    }

    // Run one block after the blocks above it that have not run yet; one run at a time.
    runBlock(view) {
      return this.after(view.block.index, async () => {
        const result = await this.run(view.code(), {
          line: view.block.line,
          raises: view.block.raises,
          onStream: (s) => view.stream(s),
        });
        view.block.ran = true;
        return result;
      });
    }

    // Grade an exercise: the page up to it has run first, as for a block.
    grade(index, attempt) {
      const exercise = this.blocks[index].exercise;
      const request = {
        op: "grade",
        code: attempt,
        path: this.path,
        line: exercise.starter_line,
        check: exercise.check,
        check_line: exercise.check_line,
      };
      return this.after(index, async () => {
        const { result, streams } = await this.call(request);
        return { grade: result, streams };
      });
    }

    // Run the blocks above `index` that have not run yet, then `then()`; one task at a time.
    // Resolves to the result of then(), or to the failing earlier block's result.
    after(index, then) {
      const task = this.busy.then(async () => {
        for (const block of this.blocks.slice(0, index)) {
          if (block.ran || !block.browser || block.kind === "exercise" || block.kind === "answer") continue;
          const earlier = block.view;
          const result = await this.run(earlier ? earlier.code() : block.code, {
            line: block.line,
            raises: block.raises,
            onStream: earlier ? (s) => earlier.stream(s) : null,
          });
          block.ran = true;
          if (earlier) earlier.show(result);
          if (result.error) return { ...result, earlier: block };
        }
        return then();
      });
      this.busy = task.catch(() => {});
      return task;
    }

    stop() {
      if (this.worker) this.worker.terminate();
      this.worker = null;
      for (const call of this.pending.values()) call.reject(new Error("stopped"));
      this.pending.clear();
      this.blocks.forEach((block) => (block.ran = false)); // a new worker replays them
      this.busy = Promise.resolve();
    }
  }

  class BlockView {
    constructor(runner, block, marker) {
      this.runner = runner;
      this.block = block;
      block.view = this;
      this.marker = marker;
      this.codeBlock = marker.nextElementSibling;
      const after = this.codeBlock && this.codeBlock.nextElementSibling;
      this.builtOutput = after && after.classList.contains("lit-output") ? after : null;
      this.codeElement = this.codeBlock && this.codeBlock.querySelector("pre > code");
      if (!this.codeElement) return;
      this.builtHtml = this.codeElement.innerHTML;
      this.liveOutput = null;
      this.buildToolbar();
      if (block.browser) makeEditable(this.codeElement, () => this.onRun(), this.hintId);
    }

    buildToolbar() {
      const bar = document.createElement("div");
      bar.className = "lit-toolbar";
      this.hintId = `lit-hint-${this.block.index}`;
      if (!this.block.browser) {
        bar.innerHTML =
          '<span class="lit-build-only">Runs at build only: it needs a package the browser ' +
          "does not have (PyTorch).</span>";
        this.marker.append(bar);
        return;
      }
      bar.innerHTML =
        '<button type="button" class="lit-run-button">Run</button>' +
        '<button type="button" class="lit-stop-button" hidden>Stop</button>' +
        '<button type="button" class="lit-reset-button">Reset</button>' +
        `<span class="lit-hint" id="${this.hintId}">Edit the code in place; Ctrl+Enter runs it, ` +
        "Esc then Tab leaves it.</span>" +
        '<span class="lit-status" role="status" aria-live="polite"></span>';
      this.marker.append(bar);
      this.runButton = bar.querySelector(".lit-run-button");
      this.stopButton = bar.querySelector(".lit-stop-button");
      this.status = bar.querySelector(".lit-status");
      this.runButton.addEventListener("click", () => this.onRun());
      this.stopButton.addEventListener("click", () => this.onStop());
      bar.querySelector(".lit-reset-button").addEventListener("click", () => this.onReset());
    }

    code() {
      return this.codeElement.textContent.replace(/\n$/, "") + "\n";
    }

    async onRun() {
      this.clearOutput();
      this.setStatus(this.runner.worker ? "Running…" : "Starting Python in your browser…");
      this.stopButton.hidden = false;
      this.runButton.disabled = true;
      this.runner.startWorker();
      const running = this.runner.ready.then(() => {
        if (this.runButton.disabled) this.setStatus("Running…");
      });
      running.catch(() => {});
      try {
        const result = await this.runner.runBlock(this);
        if (result.earlier && result.earlier !== this.block) {
          this.setStatus(`An earlier block failed (line ${result.earlier.line}); see its output.`);
        } else {
          this.show(result);
          this.setStatus(result.error ? "Error: see the output." : `Ran in ${Math.round(result.ms)} ms.`);
        }
      } catch (error) {
        this.setStatus(error.message === "stopped" ? "Stopped." : `Could not run: ${error.message}`);
      } finally {
        this.stopButton.hidden = true;
        this.runButton.disabled = false;
      }
    }

    onStop() {
      this.runner.stop();
      this.setStatus("Stopped.");
    }

    onReset() {
      this.codeElement.innerHTML = this.builtHtml;
      if (this.liveOutput) this.liveOutput.remove();
      this.liveOutput = null;
      if (this.builtOutput) this.builtOutput.hidden = false;
      this.setStatus("Reset to the code and output of the build.");
    }

    setStatus(text) {
      if (this.status) this.status.textContent = text;
    }

    clearOutput() {
      if (this.liveOutput) this.liveOutput.remove();
      this.liveOutput = null;
    }

    output() {
      if (!this.liveOutput) {
        this.liveOutput = document.createElement("div");
        this.liveOutput.className = "lit-output lit-live";
        this.liveOutput.setAttribute("aria-label", "Output of your run");
        this.codeBlock.after(this.liveOutput);
        if (this.builtOutput) this.builtOutput.hidden = true;
      }
      return this.liveOutput;
    }

    stream({ name, text }) {
      const last = this.output().lastElementChild;
      if (last && last.classList.contains(`lit-${name}`)) {
        last.firstChild.textContent += text;
      } else {
        this.append(`lit-${name}`, text);
      }
    }

    append(className, text) {
      const pre = document.createElement("pre");
      pre.className = className;
      const code = document.createElement("code");
      code.textContent = text;
      pre.append(code);
      this.output().append(pre);
    }

    // A result of the execution core: its outputs (nbformat), then its error.
    show(result) {
      for (const output of result.outputs || []) this.showOutput(output);
      if (result.error) this.append("lit-error", result.error.traceback || result.error.message);
    }

    showOutput(output) {
      if (output.output_type === "error") {
        const last = output.traceback[output.traceback.length - 1] || output.ename;
        this.append("lit-raised", last.replace(/\n$/, ""));
        return;
      }
      if (this.block.quiet || !output.data) return;
      const data = output.data;
      const kind = ((output.metadata || {}).literate || {}).kind;
      if (data["text/html"] === undefined && data["image/svg+xml"] === undefined) {
        this.append("lit-result", data["text/plain"] || "");
        return;
      }
      const box = document.createElement("div");
      box.className = "lit-display";
      if (data["text/html"] !== undefined) box.innerHTML = data["text/html"];
      else box.append(svgElement(data["image/svg+xml"], kind === "figure" ? "lit-figure" : "lit-graph"));
      this.output().append(box);
      const svg = box.querySelector("svg");
      if (svg && window.literateSizeGraph) window.literateSizeGraph(svg);
    }
  }

  // An SVG drawn in the browser, cleaned and sized as the build's (present/svg.py): no prolog,
  // ids prefixed so that graphs on one page cannot clash, scalable, its natural width kept as
  // max-width so that graphs.js can keep its text legible.
  let svgsDrawn = 0;

  function svgElement(markup, cssClass) {
    const prefix = `lit-live${++svgsDrawn}-`;
    const cleaned = markup
      .slice(markup.indexOf("<svg"))
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/\bid="([^"]+)"/g, `id="${prefix}$1"`)
      .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`)
      .replace(/href="#([^"]+)"/g, `href="#${prefix}$1"`);
    const holder = document.createElement("div");
    holder.innerHTML = cleaned;
    const svg = holder.querySelector("svg");
    svg.classList.add(cssClass);
    const width = svg.getAttribute("width");
    if (!svg.getAttribute("viewBox") && width && svg.getAttribute("height")) {
      svg.setAttribute("viewBox", `0 0 ${parseFloat(width)} ${parseFloat(svg.getAttribute("height"))}`);
    }
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    if (width) svg.style.maxWidth = /^[\d.]+$/.test(width) ? `${width}px` : width;
    return svg;
  }

  // ---- the editor: the highlighted code, editable in place --------------------------------

  const KEYWORDS = new Set(
    ("False None True and as assert async await break class continue def del elif else except " +
      "finally for from global if import in is lambda nonlocal not or pass raise return try " +
      "while with yield").split(" "),
  );
  const BUILTINS = new Set(
    ("abs all any bool dict enumerate float int isinstance len list max min print range repr " +
      "reversed round set sorted str sum tuple type zip super").split(" "),
  );
  const TOKEN = new RegExp(
    [
      "(#[^\\n]*)", // comment
      "((?:[rRbBfFuU]{0,2})(?:'''[\\s\\S]*?(?:'''|$)|\"\"\"[\\s\\S]*?(?:\"\"\"|$)|'(?:\\\\.|[^'\\\\\\n])*'?|\"(?:\\\\.|[^\"\\\\\\n])*\"?))", // string
      "(\\b\\d[\\d_]*(?:\\.\\d*)?(?:[eE][-+]?\\d+)?\\b)", // number
      "([A-Za-z_]\\w*)", // name
    ].join("|"),
    "g",
  );

  function escapeHtml(text) {
    return String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  }

  function highlight(text) {
    let out = "";
    let last = 0;
    let previous = "";
    for (const match of text.matchAll(TOKEN)) {
      out += escapeHtml(text.slice(last, match.index));
      const [token, comment, string, number, name] = match;
      let cls = "";
      if (comment) cls = "c1";
      else if (string) cls = "s2";
      else if (number) cls = "mi";
      else if (name && KEYWORDS.has(name)) cls = ["True", "False", "None"].includes(name) ? "kc" : "k";
      else if (name && previous === "def") cls = "nf";
      else if (name && previous === "class") cls = "nc";
      else if (name && BUILTINS.has(name)) cls = "nb";
      out += cls ? `<span class="${cls}">${escapeHtml(token)}</span>` : escapeHtml(token);
      if (name) previous = name;
      last = match.index + token.length;
    }
    return out + escapeHtml(text.slice(last));
  }

  function caretOffset(element) {
    const selection = getSelection();
    if (!selection.rangeCount) return null;
    const range = selection.getRangeAt(0).cloneRange();
    range.selectNodeContents(element);
    range.setEnd(selection.getRangeAt(0).endContainer, selection.getRangeAt(0).endOffset);
    return range.toString().length;
  }

  function placeCaret(element, offset) {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let node;
    while ((node = walker.nextNode())) {
      if (offset <= node.length) {
        getSelection().collapse(node, offset);
        return;
      }
      offset -= node.length;
    }
  }

  function makeEditable(code, run, hintId) {
    code.setAttribute("contenteditable", "plaintext-only");
    code.setAttribute("role", "textbox");
    code.setAttribute("aria-multiline", "true");
    code.setAttribute("aria-label", "Python code of this block");
    code.setAttribute("aria-describedby", hintId);
    code.setAttribute("spellcheck", "false");
    code.classList.add("lit-editor");
    let escaped = false;
    code.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        run();
      } else if (event.key === "Escape") {
        escaped = true;
      } else if (event.key === "Tab" && !escaped && !event.shiftKey) {
        event.preventDefault();
        document.execCommand("insertText", false, "    ");
      } else if (event.key !== "Tab") {
        escaped = false;
      }
    });
    code.addEventListener("blur", () => (escaped = false));
    code.addEventListener("input", () => {
      const offset = caretOffset(code);
      code.innerHTML = highlight(code.textContent);
      if (offset !== null) placeCaret(code, offset);
    });
  }

  window.literateRunner = {
    run: (code, options) => (page ? page.run(code, options) : Promise.reject(new Error("no page"))),
    // Grade the reader's attempt at the exercise that is block `index` of the page.
    grade: (index, attempt) =>
      page ? page.grade(index, attempt) : Promise.reject(new Error("no page")),
    started: () => Boolean(page && page.worker),
    stop: () => page && page.stop(),
    // The editor of runnable blocks, for other scripts' editable code.
    makeEditable: (code, run, hintId) => makeEditable(code, run, hintId),
    // An SVG from the worker as an element, cleaned and sized like the build's graphs.
    svgElement: (markup, cssClass = "lit-graph") => svgElement(markup, cssClass),
    escapeHtml: (text) => escapeHtml(text),
  };
  if (typeof document$ !== "undefined") document$.subscribe(setUpPage);
  else document.addEventListener("DOMContentLoaded", setUpPage);
})();
