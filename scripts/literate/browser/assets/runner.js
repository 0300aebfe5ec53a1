// Run it yourself: every executable block of a page can be edited and run in the browser, in a
// Web Worker running this site's own micrograd and the build's own execution core
// (runner-worker.js). Nothing of the runtime is downloaded with the page: Python starts on the
// reader's intent (focus in an editor, the pointer on Run), the editor (CodeMirror,
// runtime/editor) when the reader first reaches for a block's code.
//
// The build marks each shown block with <div class="lit-run" data-lit-block="N"> (its code
// follows, then its output) and lists all of the page's blocks, typed by the parser (kind:
// code, setup, exercise, answer), in <div class="lit-blocks" data-lit-page="{path, blocks,
// source}"> without their code: that, the exercises' checks and the inline values to recompute
// are in a file (source, under assets/), fetched with runner-live.js on the reader's intent.
// Blocks share one namespace in page order, as at build: running a block first runs the
// blocks above it that have not run yet.
//
// The page is a notebook the reader can see: each block says whether it ran in this visit,
// changed since it ran, or is stale because a block above changed; Run all and Restart act on
// the page; Reset restores a block's code, output and state (it and every later block are
// marked not run, and the next run replays the page in a fresh Python). Printed text is drawn
// at most once a frame and capped per block; Stop ends the worker, whatever it is doing.
//
// For other modules (exercises, the stepper) it exports `runner`: runner.run(code, {line, path})
// runs code in the page's worker and resolves to the core's {outputs, error} with the streams;
// runner.call(module, name, args) resolves to a helper's {value, error}; runner.grade(index,
// attempt) grades an exercise and resolves to {grade: {passed, message}, streams}.
import { CodeEditor } from "./code-editor.js";
import { onPage } from "./content.js";
import { escapeHtml } from "./text.js";
import { CLEARED, work } from "./work.js";

const workerUrl = new URL("runner-worker.js", import.meta.url);
// What only a run needs (live output, drawn SVG, prose numbers): fetched on intent, with Python.
const liveUrl = new URL("runner-live.js", import.meta.url);
const assetsUrl = new URL("./", import.meta.url); // a page's block list file is under it
let live = null;
let liveModule = null;
function loadLive() {
  if (liveModule) return liveModule;
  const sheet = document.createElement("link");
  sheet.rel = "stylesheet";
  sheet.href = new URL("runner-live.css", import.meta.url).href;
  document.head.append(sheet);
  liveModule = import(liveUrl.href).then((module) => {
    Object.assign(PageRunner.prototype, module.runnerMethods); // run, runOne, after, ...
    live = module;
  });
  return liveModule;
}
const STATES = {
  "not-run": "Not run yet",
  ran: "Ran",
  changed: "Changed since it ran",
  stale: "Stale: a block above changed since this ran",
};
let page = null; // the state of the page on screen

// A status line (role="status"): what a run is doing, in words read aloud as they change.
// While it waits, a stage that lasts past a second shows its seconds after it (not read
// aloud), so the line never sits still while Python works. A message may end with a button
// (to the block that failed, say).
class StatusLine {
  constructor(element) {
    this.element = element;
    this.timer = null;
  }

  get waiting() {
    return this.timer !== null;
  }

  say(text, { waiting = false, action = null } = {}) {
    clearInterval(this.timer);
    this.timer = null;
    this.element.textContent = text;
    if (action) this.element.append(" ", action);
    if (waiting) this.count(performance.now());
  }

  count(since) {
    const clock = document.createElement("span");
    clock.className = "lit-clock";
    clock.setAttribute("aria-hidden", "true");
    this.timer = setInterval(() => {
      if (!clock.isConnected) this.element.append(clock);
      clock.textContent = ` ${Math.floor((performance.now() - since) / 1000)} s`;
    }, 1000);
  }
}

// A button in a status that takes the reader to a block of the page: it scrolls the block
// into view and puts the keyboard on its Run button. (A button, not a link: Material's
// instant navigation would take a link's click as a visit to another page.)
function showButton(view, words) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "lit-show-button";
  button.textContent = words;
  button.addEventListener("click", () => {
    view.marker.scrollIntoView({ block: "center" }); // not under the sticky header
    view.runButton.focus({ preventScroll: true });
  });
  return button;
}

function setUpPage() {
  if (page) page.stop();
  const list = document.querySelector(".lit-blocks[data-lit-page]");
  page = list ? new PageRunner(JSON.parse(list.dataset.litPage)) : null;
}

const runsInPage = (block) => block.browser && (block.kind === "code" || block.kind === "setup");

class PageRunner {
  constructor(data) {
    this.path = data.path;
    this.source = new URL(data.source, assetsUrl);
    this.blocks = data.blocks.map((block, index) => ({ ...block, index, ranSeq: null }));
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.seq = 0; // counts runs, to tell which block ran after which
    this.dirty = false; // Python holds effects of blocks now marked not run
    this.busy = Promise.resolve();
    this.views = [];
    this.watchers = new Set();
    document.querySelectorAll(".lit-run[data-lit-block]").forEach((marker) => {
      const block = this.blocks[Number(marker.dataset.litBlock)];
      if (block) this.views.push(new BlockView(this, block, marker));
    });
    const first = this.views.find((view) => view.block.browser && view.codeElement);
    if (first) this.bar = new PageBar(this, first.marker);
    this.valuesData = [];
    this.values = null;
    this.full = null;
    this.refresh();
  }

  // What only a run needs, once: runner-live.js and the page's code (its block list file).
  // A failed fetch is tried again on the next run.
  live() {
    if (!this.full) {
      this.full = Promise.all([loadLive(), this.fetchCode()]);
      this.full.catch(() => (this.full = null));
    }
    return this.full;
  }

  async fetchCode() {
    const response = await fetch(this.source);
    if (!response.ok) throw new Error(`this page's code did not load (${response.status} ${this.source.pathname})`);
    const data = await response.json();
    if (data.path !== this.path || data.blocks.length !== this.blocks.length) {
      throw new Error("this page's code is from another build of the site: reload the page");
    }
    data.blocks.forEach((full, index) => {
      const block = this.blocks[index];
      const { exercise, ...rest } = full;
      Object.assign(block, rest);
      if (exercise) Object.assign(block.exercise, exercise); // the exercise's view holds it
    });
    this.valuesData = data.values;
  }

  // Start Python (on the reader's intent: focus in an editor, the pointer on a Run button,
  // or a run); its download's progress goes to every watcher (what says "Downloading...").
  startWorker() {
    if (this.worker) return;
    this.live().catch(() => {}); // said by the run that waits for it
    this.worker = new Worker(workerUrl, { type: "module" });
    this.booted = false;
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          this.booted = true;
          resolve(data.ms);
        } else if (data.type === "failed") reject(new Error(data.error));
        else if (data.type === "progress") this.progress(data);
        else this.receive(data); // a run's: runner-live.js is here
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "the worker failed"));
    });
    this.ready.catch(() => {}); // said by the run that waits for it
  }

  // The download's progress, then, once every byte is in, that Python is starting (which
  // takes seconds more: its WebAssembly compiled, its standard library unpacked).
  progress({ loaded, total }) {
    const mb = (bytes) => (bytes / 1e6).toFixed(1);
    const said = this.download;
    if (total && loaded >= total) this.download = "Starting Python…";
    else this.download = `Downloading Python for your browser: ${mb(loaded)}${total ? ` of ${mb(total)}` : ""} MB…`;
    if (this.download !== said) this.watchers.forEach((watch) => watch(this.download));
  }

  // What to say while a run waits for Python; watch(text) hears the download's progress
  // until the returned function is called.
  starting(watch) {
    if (this.booted) return { text: "Running…", stop: () => {} };
    this.watchers.add(watch);
    return {
      text: this.download || "Downloading Python for your browser…",
      stop: () => this.watchers.delete(watch),
    };
  }

  // Send one request to the worker (started on first use); resolves to {result, ms, streams}.
  request(message, onStream = null) {
    this.startWorker();
    const id = this.nextId++;
    return Promise.all([this.ready, this.live()]).then(
      () =>
        new Promise((resolve, reject) => {
          this.pending.set(id, { resolve, reject, onStream, streams: [] });
          this.worker.postMessage({ id, ...message });
        }),
    );
  }

  // Run one block after the blocks above it that have not run yet; one run at a time.
  // say(text) hears which of those blocks runs.
  runBlock(view, say) {
    return this.live().then(() => this.after(view.block.index, () => this.runOne(view.block), say));
  }

  // A fresh Python: the worker ends (even mid-run); every block is marked not run.
  restart(announce = true) {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.booted = false;
    this.download = null;
    for (const call of this.pending.values()) call.reject(new Error("stopped"));
    this.pending.clear();
    this.blocks.forEach((block) => (block.ranSeq = null));
    this.dirty = false;
    if (this.values) this.values.restore(-1);
    this.refresh();
    if (announce) this.endWaits("Stopped: Python restarted.");
    if (announce && this.bar) this.bar.say("Python restarted: every block is marked not run.");
  }

  stop() {
    this.restart(false);
    this.busy = Promise.resolve();
    this.endWaits("Stopped.");
  }

  // The blocks whose status still waits (a block above the one run, cut short) say so.
  endWaits(text) {
    for (const view of this.views) if (view.status && view.status.waiting) view.setStatus(text);
  }

  // Reset of a block: it and every later block are not run; their effects stay in Python
  // until the next run, which starts a fresh one.
  unrun(index) {
    for (const block of this.blocks.slice(index)) {
      if (block.ranSeq !== null) this.dirty = true;
      block.ranSeq = null;
    }
    if (this.values) this.values.restore(index);
    this.refresh();
  }

  state(block) {
    if (block.ranSeq === null) return "not-run";
    if (block.view && block.view.code() !== block.ranCode) return "changed";
    const above = this.blocks.slice(0, block.index).filter(runsInPage);
    const moved = above.some(
      (b) => b.ranSeq === null || b.ranSeq > block.ranSeq || (b.view && b.view.code() !== b.ranCode),
    );
    return moved ? "stale" : "ran";
  }

  refresh() {
    let edited = false; // a block above (or this one) is not the page's code
    for (const view of this.views) {
      view.showState(this.state(view.block));
      edited = edited || Boolean(view.editor && view.edited());
      if (view.builtOutput) view.builtOutput.classList.toggle("lit-builds", edited);
    }
  }
}

// Run all and Restart, before the page's first runnable block.
class PageBar {
  constructor(runner, before) {
    this.runner = runner;
    const bar = document.createElement("div");
    bar.className = "lit-toolbar lit-page-bar";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", "Python of this page");
    bar.innerHTML =
      '<button type="button" class="lit-run-all-button">Run all</button>' +
      '<button type="button" class="lit-stop-button" hidden>Stop</button>' +
      '<button type="button" class="lit-restart-button">Restart</button>' +
      '<button type="button" class="lit-forget-button">Forget my edits on this page</button>' +
      '<span class="lit-page-status" role="status" aria-live="polite"></span>';
    before.before(bar);
    this.status = new StatusLine(bar.querySelector(".lit-page-status"));
    this.runAllButton = bar.querySelector(".lit-run-all-button");
    this.runAllButton.addEventListener("click", () => this.runAll());
    preloadOnIntent(this.runAllButton, runner);
    this.stopButton = bar.querySelector(".lit-stop-button");
    this.stopButton.addEventListener("click", () => {
      runner.stop();
      this.say("Python stopped: every block is marked not run.");
    });
    bar.querySelector(".lit-restart-button").addEventListener("click", () => runner.restart());
    bar.querySelector(".lit-forget-button").addEventListener("click", () => this.forget());
  }

  // Every edited block, exercise and answer of the page back to the page's own.
  forget() {
    if (!confirm("Forget every edit and answer of yours on this page?")) return;
    for (const view of this.runner.views) if (view.editor && view.edited()) view.onReset();
    try {
      localStorage.removeItem(work.name());
    } catch (error) {
      // nothing was kept
    }
    document.dispatchEvent(new Event(CLEARED));
    this.say("Your edits and answers on this page are forgotten; the page's own are back.");
  }

  say(text, options) {
    this.status.say(text, options);
  }

  async runAll() {
    this.runAllButton.disabled = true;
    this.stopButton.hidden = false;
    const waiting = (text) => this.say(text, { waiting: true });
    const starting = this.runner.starting(waiting);
    waiting(this.runner.booted ? "Running every block…" : starting.text);
    try {
      await this.runner.live();
      const result = await this.runner.runAll(waiting);
      if (result.earlier) this.say(result.earlier, { action: culpritButton(result) });
      else this.say("Ran every block of the page.");
    } catch (error) {
      this.say(error.message === "stopped" ? "Stopped." : `Could not run: ${error.message}`);
    } finally {
      starting.stop();
      this.runAllButton.disabled = false;
      this.stopButton.hidden = true;
    }
  }
}

// The way to the block that a failure names (runner-live.js, runInTurn), if it is shown.
function culpritButton(result) {
  return result.culprit ? showButton(result.culprit, "Show it") : null;
}

// Python starts when the reader shows they mean to run: the pointer on the button, or the
// keyboard's focus on it.
function preloadOnIntent(button, runner) {
  button.addEventListener("pointerenter", () => runner.startWorker());
  button.addEventListener("focus", () => runner.startWorker());
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
    this.builtCode = this.codeElement.textContent.replace(/\n$/, "") + "\n";
    this.box = null; // its live output, once Python is on its way (runner-live.js)
    this.buildToolbar();
    if (block.browser) {
      this.editor = new CodeEditor(this.codeElement, {
        firstLine: block.line,
        label: `Python code of this block (page lines from ${block.line})`,
        hint: this.marker.querySelector(".lit-hint"),
        onRun: () => this.onRun(),
        onChange: () => this.onEdit(),
        onFocus: () => runner.startWorker(),
      });
      this.workKey = work.key("block", block.index, this.builtCode);
      const kept = work.get(this.workKey);
      if (kept !== undefined && kept !== this.builtCode) this.editor.setCode(kept);
      this.showYours();
    }
  }

  // "Your version" while the code is not the page's; kept on this device as it changes.
  showYours() {
    const yours = this.edited();
    if (this.yoursBadge) this.yoursBadge.hidden = !yours;
    return yours;
  }

  buildToolbar() {
    const bar = document.createElement("div");
    bar.className = "lit-toolbar";
    this.hintId = `lit-hint-${this.block.index}`;
    if (!this.block.browser) {
      const why = this.block.build_only; // the fence's reason, or the one mark_build_only found
      bar.innerHTML = `<span class="lit-build-only">Runs at build only: ${escapeHtml(why)}.</span>`;
      this.marker.append(bar);
      return;
    }
    const stateId = `lit-state-${this.block.index}`;
    bar.innerHTML =
      `<button type="button" class="lit-run-button" aria-describedby="${stateId}">Run</button>` +
      '<button type="button" class="lit-stop-button" hidden>Stop</button>' +
      '<button type="button" class="lit-reset-button">Reset</button>' +
      `<span class="lit-state" id="${stateId}"></span>` +
      '<span class="lit-yours" hidden>Your version, kept on this device</span>' +
      `<span class="lit-hint" id="${this.hintId}"></span>` +
      '<span class="lit-status" role="status" aria-live="polite"></span>';
    this.marker.append(bar);
    this.runButton = bar.querySelector(".lit-run-button");
    this.stopButton = bar.querySelector(".lit-stop-button");
    this.stateBadge = bar.querySelector(".lit-state");
    this.yoursBadge = bar.querySelector(".lit-yours");
    this.status = new StatusLine(bar.querySelector(".lit-status"));
    this.runButton.addEventListener("click", () => this.onRun());
    preloadOnIntent(this.runButton, this.runner);
    this.stopButton.addEventListener("click", () => this.onStop());
    bar.querySelector(".lit-reset-button").addEventListener("click", () => this.onReset());
  }

  code() {
    return this.editor ? this.editor.code() : this.builtCode;
  }

  edited() {
    return this.code() !== this.builtCode;
  }

  showState(state) {
    if (!this.stateBadge || this.stateBadge.dataset.state === state) return;
    this.stateBadge.dataset.state = state;
    this.stateBadge.textContent = STATES[state];
  }

  onEdit() {
    work.set(this.workKey, this.showYours() ? this.code() : null);
    const was = this.stateBadge && this.stateBadge.dataset.state;
    this.runner.refresh();
    if (was === "ran" && this.stateBadge.dataset.state === "changed") {
      const later = this.runner.views.filter((v) => v.block.index > this.block.index && v.block.ranSeq !== null);
      const stale = later.length ? ` ${later.length} block(s) below ran with the old code.` : "";
      this.setStatus(`Changed since it ran.${stale}`);
    }
  }

  startRun() {
    this.box.clear();
    this.setStatus("Running…", { waiting: true });
  }

  finishRun(result) {
    this.box.show(result);
    this.setStatus(result.error ? "Error: see the output." : `Ran in ${Math.round(result.ms)} ms.`);
  }

  async onRun() {
    const waiting = (text) => this.setStatus(text, { waiting: true });
    const starting = this.runner.starting(waiting);
    waiting(starting.text);
    this.stopButton.hidden = false;
    this.runButton.disabled = true;
    try {
      const result = await this.runner.runBlock(this, waiting);
      if (result.earlier) this.setStatus(result.earlier, { action: culpritButton(result) });
    } catch (error) {
      this.setStatus(error.message === "stopped" ? "Stopped." : `Could not run: ${error.message}`);
    } finally {
      starting.stop();
      this.stopButton.hidden = true;
      this.runButton.disabled = false;
    }
  }

  onStop() {
    this.runner.stop();
    this.setStatus("Stopped.");
    if (this.runner.bar) this.runner.bar.say("Python stopped: every block is marked not run.");
  }

  onReset() {
    this.editor.reset(this.builtCode);
    work.set(this.workKey, null);
    this.showYours();
    if (this.box) this.box.clear();
    if (this.builtOutput) this.builtOutput.hidden = false;
    this.runner.unrun(this.block.index);
    this.setStatus("Reset to the code and output of the build; it and the blocks below are not run.");
  }

  // A message for the reader about this block (a hidden check it broke), in its output.
  explain(text) {
    this.box.append("lit-error", text);
    this.setStatus("Your change breaks a later check of the page: see the message below.");
  }

  setStatus(text, options) {
    if (this.status) this.status.say(text, options);
  }
}

export const runner = {
  // Whether this page has blocks the runner knows (no block list: no Python on this page).
  available: () => Boolean(page),
  run: (code, options) => livePage().then((runner) => runner.run(code, options)),
  // Call a Python helper, module.name(...args): resolves to {value, error}.
  call: (module, name, args) => livePage().then((runner) => runner.callHelper(module, name, args)),
  // Grade the reader's attempt at the exercise that is block `index` of the page; say(text)
  // hears which block above runs first.
  grade: (index, attempt, say) => livePage().then((runner) => runner.grade(index, attempt, say)),
  // Block `index` of the page: what the page's setup needs of it, and all of it (its code, an
  // exercise's solution and success text) once the promise resolves.
  block: (index) => page && page.blocks[index],
  loaded: () => livePage(),
  started: () => Boolean(page && page.booted),
  // Start Python now (the reader showed intent), and hear its download's progress.
  warm: () => page && page.startWorker(),
  starting: (watch) => (page ? page.starting(watch) : { text: "", stop: () => {} }),
  stop: () => page && page.stop(),
  // An SVG from the worker (a helper's answer holds one) as an element, cleaned there.
  svgElement: (markup) => loadLive().then(() => live.svgElement(markup)),
};
onPage(setUpPage);

// The page's runner, once what a run needs is in.
function livePage() {
  const current = page; // the page asked, even if the reader moves on meanwhile
  return current ? current.live().then(() => current) : Promise.reject(new Error("no page"));
}
