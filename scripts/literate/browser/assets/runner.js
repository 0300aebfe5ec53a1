// Run it yourself: every executable block of a page can be edited and run in the browser, in a
// Web Worker (runner-worker.js) running this site's own micrograd and the build's own execution
// core. Nothing of it is downloaded with the page: Python, the runs (live-session.js) and the
// blocks' code (a file, block-list.js) come on the reader's intent (focus in an editor, the
// pointer or the keyboard on Run), the editor (CodeMirror) when the reader reaches for a block.
//
// The build marks each shown block with <div class="lit-run" data-lit-block="N"> (its code
// follows, then its output). Blocks share one namespace in page order, as at build: running a
// block first runs the blocks above it that have not run yet. Each block says whether it ran in
// this visit, changed since, or is stale (block-view.js); Run all, Stop, Restart act on the page
// (page-bar.js); Reset restores a block (it and every later block are then not run).
import { fetchWhole, fileOf, listedBlocks } from "./block-list.js";
import { BlockView } from "./block-view.js";
import { inSlices, onPage } from "./content.js";
import { PageBar } from "./page-bar.js";
import { DownloadWords } from "./status-line.js";

/** @typedef {import("./contracts.js").WorkerMessage} WorkerMessage */

const workerUrl = new URL("runner-worker.js", import.meta.url);
// What only a run needs (the runs, live output, drawn SVG, prose numbers): fetched on intent.
const liveUrl = new URL("live-session.js", import.meta.url);
let live = null;
let liveModule = null;
function loadLive() {
  if (liveModule) return liveModule;
  if (!document.querySelector("link.lit-live-sheet")) {
    const href = new URL("runner-live.css", import.meta.url).href;
    document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", className: "lit-live-sheet", href }));
  }
  liveModule = import(liveUrl.href).then((module) => (live = module));
  liveModule.catch(() => (liveModule = null)); // tried again on the next run
  return liveModule;
}
let page = null; // the state of the page on screen

function setUpPage() {
  if (page) page.stop();
  const listed = listedBlocks();
  page = listed ? new PageRunner(listed) : null;
}

export class PageRunner {
  /** @param {import("./contracts.js").BlocksInPage} data */
  constructor(data) {
    this.path = data.path;
    this.source = fileOf(data);
    /** @type {import("./block-list.js").RunnerBlock[]} */
    this.blocks = data.blocks.map((block, index) => ({ ...block, index, ranSeq: null }));
    this.worker = null;
    this.pending = new Map();
    this.nextId = 1;
    this.seq = 0; // counts runs, to tell which block ran after which
    this.dirty = false; // Python holds effects of blocks now marked not run
    this.busy = Promise.resolve();
    this.views = [];
    this.download = new DownloadWords(); // what runs say while Python comes
    /** @type {import("./contracts.js").InlineValueEntry[]} */
    this.valuesData = [];
    /** @type {import("./inline-values.js").InlineValues | null} */
    this.values = null;
    this.fetched = null;
    /** @type {import("./live-session.js").LiveSession | null} */
    this.session = null; // its runs, once loaded
    this.restarts = 0; // a run waiting for what it needs is void once Python restarted
    const markers = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".lit-run[data-lit-block]")]);
    // each block's toolbar, and the page's, stays disabled until its view wires it up
    const blockOf = (marker) => this.blocks[Number(marker.dataset.litBlock)];
    const addView = (marker) => this.views.push(new BlockView(this, blockOf(marker), marker));
    const addBar = () => {
      const bar = /** @type {HTMLElement | null} */ (document.querySelector(".lit-page-bar"));
      if (bar) this.bar = new PageBar(this, bar); // the build's, before the first block that runs
      this.refresh();
    };
    inSlices(markers.filter(blockOf), addView, addBar);
  }

  // The runs (live-session.js), loaded once on intent.
  live() {
    return loadLive().then(() => (this.session = this.session || new live.LiveSession(this)));
  }

  // The page's code (its block list file), fetched once on intent; a failed fetch is tried
  // again on the next run.
  code() {
    if (!this.fetched) {
      this.fetched = fetchWhole(this.source, this.path, this.blocks).then((values) => {
        this.valuesData = values;
      });
      this.fetched.catch(() => (this.fetched = null));
    }
    return this.fetched;
  }

  // What a run of the page's blocks needs: the runs and the page's code. Rejects as "stopped"
  // when Python was stopped or restarted (or the page left) while they came.
  prepared() {
    const restarts = this.restarts;
    return Promise.all([this.live(), this.code()]).then(([session]) => {
      if (this.restarts !== restarts) throw new Error("stopped");
      return session;
    });
  }

  // Start Python (on the reader's intent: focus in an editor, the pointer on a Run button,
  // or a run); its download's progress goes to every watcher (what says "Downloading...").
  startWorker() {
    if (this.worker) return;
    this.prepared().catch(() => {}); // said by the run that waits for it
    this.worker = new Worker(workerUrl, { type: "module" });
    this.booted = false;
    this.ready = new Promise((resolve, reject) => {
      this.notReady = reject; // by a restart: no run waits for this Python forever
      /** @param {MessageEvent<WorkerMessage>} event */
      this.worker.onmessage = ({ data }) => {
        if (data.type === "ready") {
          this.booted = true;
          resolve(data.ms);
        } else if (data.type === "failed") reject(new Error(data.error));
        else if (data.type === "progress") this.download.progress(data);
        else this.session.receive(data); // a request's: it waited for the session
      };
      this.worker.onerror = (event) => reject(new Error(event.message || "the worker failed"));
    });
    this.ready.catch(() => {}); // said by the run that waits for it
  }

  // What to say while a run waits for Python; watch(text) hears the download's progress
  // until the returned function is called.
  starting(watch) {
    return this.booted ? { text: "Running…", stop: () => {} } : this.download.starting(watch);
  }

  // Send one request to the worker (started on first use); resolves to {result, ms, streams}.
  /** @param {import("./contracts.js").WorkerJob} job */
  request(job, onStream = null) {
    this.startWorker();
    const id = this.nextId++;
    return Promise.all([this.ready, this.live()]).then(
      () =>
        new Promise((resolve, reject) => {
          this.pending.set(id, { resolve, reject, onStream, streams: [] });
          /** @type {import("./contracts.js").WorkerRequest} */
          const message = { id, ...job };
          this.worker.postMessage(message);
        }),
    );
  }

  // Run one block after the blocks above it that have not run yet; one run at a time.
  // say(text) hears which of those blocks runs.
  runBlock(view, say) {
    return this.prepared().then((session) =>
      session.after(view.block.index, () => session.runOne(view.block), say),
    );
  }

  // A fresh Python: the worker ends (even mid-run); every block is marked not run.
  restart(announce = true) {
    if (this.worker) this.worker.terminate();
    if (this.notReady) this.notReady(new Error("stopped"));
    this.restarts += 1;
    this.worker = null;
    this.booted = false;
    this.download = new DownloadWords();
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
    const above = this.blocks.slice(0, block.index).filter((b) => b.runs);
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

// The page's runner, for other modules (exercises, the stepper, the visiting order).
export const runner = {
  // Whether this page has blocks the runner knows (no block list: no Python on this page).
  available: () => Boolean(page),
  // Call a Python helper, module.name(...args): resolves to {value, error}.
  call: (module, name, args) => livePage(false).then((session) => session.callHelper(module, name, args)),
  // Grade the reader's attempt at the exercise that is block `index` of the page; say(text)
  // hears which block above runs first.
  grade: (index, attempt, say) => livePage().then((session) => session.grade(index, attempt, say)),
  // Block `index` of the page (all of it, an exercise's success text included, once graded).
  block: (index) => page && page.blocks[index],
  started: () => Boolean(page && page.booted),
  // Start Python now (the reader showed intent), and hear its download's progress.
  warm: () => page && page.startWorker(),
  starting: (watch) => (page ? page.starting(watch) : { text: "", stop: () => {} }),
  stop: () => page && page.stop(),
  // An SVG from the worker (a helper's answer holds one) as an element, cleaned there.
  svgElement: (markup) => loadLive().then(() => live.svgElement(markup)),
};
onPage(setUpPage);

// The runs of the page, once loaded, with the page's code if the work needs it (the blocks above
// an exercise run before its check).
function livePage(needsCode = true) {
  const current = page; // the page asked, even if the reader moves on meanwhile
  if (!current) return Promise.reject(new Error("no page"));
  return needsCode ? current.prepared() : current.live();
}
