// What the page's runner (runner.js) needs only once the reader shows intent to run, loaded
// then with Python, so that a page load fetches none of it: the runs themselves (the methods
// below, which runner.js gives its PageRunner when this module arrives, before any run), a
// block's live output, SVG drawn in the browser, and the prose's numbers recomputed after the
// reader's runs.
import { announce } from "./content.js";

const SHOWN_LINES = 500; // printed lines shown per block; the rest one click away
const KEPT_CHARS = 4_000_000; // printed text kept per block (a flood is counted, not kept)

// A block's live output: printed text gathered and drawn at most once a frame, the first
// SHOWN_LINES lines shown and the rest behind a button, then the result's displays.
export class OutputBox {
  constructor(view) {
    this.view = view;
    this.element = null;
    this.clear();
  }

  clear() {
    if (this.element) this.element.remove();
    this.element = null;
    this.chunks = [];
    this.kept = 0;
    this.lines = 0;
    this.dropped = 0;
    this.full = false;
    this.frame = null;
    this.streamsBox = null;
  }

  container() {
    if (!this.element) {
      this.element = document.createElement("div");
      this.element.className = "lit-output lit-live";
      this.element.setAttribute("aria-label", "Output of your run");
      this.view.codeBlock.after(this.element);
      if (this.view.builtOutput) this.view.builtOutput.hidden = true;
      this.streamsBox = document.createElement("div");
      this.element.append(this.streamsBox);
    }
    return this.element;
  }

  stream({ name, text }) {
    if (this.view.block.quiet) return; // hide_output: not shown at build, nor here
    this.lines += text.split("\n").length - 1;
    // once text has been dropped, all that follows is too: "Show all" never shows a hole
    if (this.dropped || this.kept + text.length > KEPT_CHARS) {
      this.dropped += text.length;
    } else {
      this.kept += text.length;
      const last = this.chunks[this.chunks.length - 1];
      if (last && last.name === name) last.text += text;
      else this.chunks.push({ name, text });
    }
    if (this.frame === null) this.frame = requestAnimationFrame(() => this.draw());
  }

  // The first SHOWN_LINES lines, then "N more lines" with a button for the rest.
  draw(all = false) {
    this.frame = null;
    const box = this.container() && this.streamsBox;
    if (!this.full || all) {
      box.replaceChildren();
      let budget = all ? Infinity : SHOWN_LINES;
      for (const { name, text } of this.chunks) {
        if (budget <= 0) break;
        const lines = text.split("\n");
        const shown = lines.length - 1 > budget ? lines.slice(0, budget).join("\n") + "\n" : text;
        budget -= shown.split("\n").length - 1;
        box.append(pre(`lit-${name}`, shown));
      }
      this.full = budget <= 0 && !all;
      this.more = null;
    }
    const hidden = all ? 0 : this.lines - SHOWN_LINES;
    if (hidden > 0) this.showMore(box, hidden);
  }

  showMore(box, hidden) {
    if (!this.more) {
      this.more = document.createElement("p");
      this.more.className = "lit-more";
      const count = document.createElement("span");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = "Show all";
      button.addEventListener("click", () => this.draw(true));
      this.more.append(count, " ", button);
      box.append(this.more);
    }
    const lost = this.dropped ? ` (the text past ${KEPT_CHARS.toLocaleString("en")} characters was not kept)` : "";
    this.more.firstChild.textContent = `${hidden.toLocaleString("en")} more lines${lost}.`;
  }

  append(className, text) {
    this.container().append(pre(className, text));
  }

  // A result of the execution core: its outputs (nbformat), then its error.
  show(result) {
    if (this.frame !== null) {
      cancelAnimationFrame(this.frame);
      this.draw();
    }
    for (const output of result.outputs || []) this.showOutput(output);
    if (result.error) this.append("lit-error", result.error.traceback || result.error.message);
    if (this.element && this.view.block.varies) {
      const note = document.createElement("p");
      note.className = "lit-varies";
      note.textContent = `Your run; ${this.view.block.varies} differ from run to run.`;
      this.element.append(note);
    }
    // set up as the built outputs are (graphs.js: sizes, scrolling, the full-size button;
    // and any widget or maths in an HTML display)
    if (this.element) announce(this.element);
  }

  showOutput(output) {
    if (output.output_type === "error") {
      const last = output.traceback[output.traceback.length - 1] || output.ename;
      this.append("lit-raised", last.replace(/\n$/, ""));
      return;
    }
    if (this.view.block.quiet || !output.data) return;
    const data = output.data;
    if (data["text/html"] === undefined && data["image/svg+xml"] === undefined) {
      this.append("lit-result", data["text/plain"] || "");
      return;
    }
    const box = document.createElement("div");
    box.className = "lit-display";
    // HTML or SVG, its SVG cleaned in the worker as the build's is (present/svg.py)
    if (data["text/html"] !== undefined) box.innerHTML = data["text/html"];
    else box.append(svgElement(data["image/svg+xml"]));
    this.container().append(box);
    const kind = ((output.metadata || {}).literate || {}).kind;
    if (kind === "graph") this.describeGraph(box, data["image/svg+xml"]);
  }

  // A graph's values as text for screen readers, as the build gives its graphs: the build's
  // own code (literate.present.graph_text) asked in the page's Python, after the zoom bar.
  async describeGraph(box, svg) {
    const runner = this.view.runner;
    const answer = await runner.callHelper("literate.present.graph_text", "live_graph_text", [svg]).catch(() => null);
    if (!answer || !answer.value || !answer.value.html || !box.isConnected) return;
    const next = box.nextElementSibling;
    const after = next && next.classList.contains("lit-zoom-bar") ? next : box;
    after.insertAdjacentHTML("afterend", answer.value.html);
  }
}

function pre(className, text) {
  const element = document.createElement("pre");
  element.className = className;
  const output = document.createElement("samp"); // as the build shows it (present/output_html.py)
  output.textContent = text;
  element.append(output);
  return element;
}

// An SVG from the worker as an element: cleaned already, by the build's own cleaner
// (present/svg.py, run in Pyodide by runner-worker.js), so nothing here edits it.
export function svgElement(markup) {
  const holder = document.createElement("div");
  holder.innerHTML = markup;
  return holder.querySelector("svg");
}

// The prose's numbers that the build computed (`{python} expr`, shown as
// <span class="lit-inline" data-lit-line="N">), recomputed in the reader's Python right after
// the last block above them ran, once every block above has run in this visit as it now
// reads. A value that differs from the page's own is marked, with the page's value beside it,
// on screen and read aloud: "3.0 (was 2.0 before your run)". Reset and Restart put the page's
// values back.
export class InlineValues {
  constructor(runner, values, runsInPage) {
    this.runner = runner;
    this.runsInPage = runsInPage;
    const byLine = new Map();
    for (const value of values) byLine.set(value.line, [value, ...(byLine.get(value.line) || [])]);
    this.items = [];
    for (const [line, list] of byLine) {
      const spans = document.querySelectorAll(`.lit-inline[data-lit-line="${line}"]`);
      list.forEach((value, i) => {
        if (spans[i]) this.items.push({ ...value, span: spans[i], built: spans[i].textContent });
      });
    }
  }

  async recompute(block) {
    const runner = this.runner;
    const above = runner.blocks.filter((b) => this.runsInPage(b) && b.index <= block.index);
    if (above.some((b) => runner.state(b) !== "ran")) return;
    const next = runner.blocks.find((b) => b.index > block.index && this.runsInPage(b));
    const end = next ? next.index : Infinity;
    for (const item of this.items) {
      if (item.after <= block.index || item.after > end) continue;
      const { result } = await runner.request({ op: "inline", expr: item.expr, line: item.line });
      const output = (result.outputs || [])[0];
      if (!result.error && output) this.show(item, output.data["text/plain"]);
    }
  }

  show(item, value) {
    const span = item.span;
    if (value === item.built) return this.reset(item);
    span.classList.add("lit-changed");
    const now = document.createElement("span");
    now.className = "lit-now";
    now.textContent = value;
    const was = document.createElement("span");
    was.className = "lit-was";
    was.textContent = ` (was ${item.built} before your run)`;
    span.replaceChildren(now, was);
  }

  reset(item) {
    item.span.classList.remove("lit-changed");
    item.span.textContent = item.built;
  }

  // The build's values back for every value after block `index` (-1: all of them).
  restore(index) {
    for (const item of this.items) if (item.after > index) this.reset(item);
  }
}

const runsInPage = (block) => block.browser && (block.kind === "code" || block.kind === "setup");

// How a block's code starts, as the reader sees it: its first line that is not blank nor a
// comment, cut short.
function firstLine(code) {
  const line = (code || "").split("\n").find((l) => l.trim() && !l.trim().startsWith("#"));
  if (!line) return "";
  const text = line.trim();
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

// What runInTurn says of the blocks run before the one asked for.
const ABOVE = {
  step: (k, n) => (n === 1 ? "Running the block above first…" : `Running block ${k} of ${n} above first…`),
  failed: (which, starts) => `An earlier block failed: ${which} above${starts}`,
};

export const runnerMethods = {
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
  },

  // Run code in the page's namespace: {outputs, error, ms, streams} (error: {message,
  // traceback}). `path` names code that is not the page's own (a script's helper call), so
  // that its tracebacks do not quote the page's lines.
  async run(code, { line = 1, raises = null, onStream = null, path = this.path } = {}) {
    const { result, ms, streams } = await this.request(
      { op: "run", code, path, line, raises },
      onStream,
    );
    return { ...result, ms, streams };
  },

  // A page helper's answer: {value, error}, the value a dict of plain values (graphs in it
  // drawn as SVG), without running the page's blocks.
  async callHelper(module, name, args) {
    const { result } = await this.request({ op: "call", module, name, args });
    return result;
  },

  // Run one of the page's blocks (its view's code when it is shown) and record that it ran.
  // The code only a run needs, set up once per page.
  async livened() {
    if (!this.values) this.values = new InlineValues(this, this.valuesData, runsInPage);
    for (const view of this.views) if (view.codeElement && !view.box) view.box = new OutputBox(view);
  },

  async runOne(block) {
    await this.livened();
    const view = block.view;
    if (view) view.startRun();
    const code = view ? view.code() : block.code;
    const result = await this.run(code, {
      line: block.line,
      raises: block.raises,
      onStream: view ? (s) => view.box.stream(s) : null,
    });
    block.ranSeq = ++this.seq;
    block.ranCode = code;
    if (view) view.finishRun(result);
    this.refresh();
    if (!result.error) await this.values.recompute(block);
    return result;
  },

  // Every block of the page, in order, in the present Python (fresh if it must be); say(text)
  // hears which one runs. A failure resolves to its result with `earlier` (words for the
  // reader, starting "Stopped") and `culprit` (the view to show).
  runAll(say = () => {}) {
    const words = {
      step: (k, n) => `Running block ${k} of ${n}…`,
      failed: (which, starts) => `Stopped at ${which}${starts}, which failed`,
    };
    return this.after(0, () => this.runInTurn(this.blocks.filter(runsInPage), words, say));
  },

  // Grade an exercise: the page up to it has run first, as for a block.
  grade(index, attempt, say) {
    const exercise = this.blocks[index].exercise;
    const request = {
      op: "grade",
      code: attempt,
      path: this.path,
      line: exercise.starter_line,
      check: exercise.check,
      check_line: exercise.check_line,
      refuse: exercise.refuse,
    };
    return this.after(
      index,
      async () => {
        const { result, streams } = await this.request(request);
        return { grade: result, streams };
      },
      say,
    );
  },

  // Run the blocks above `index` that have not run yet, then `then()`; one task at a time.
  // Python is up before the first of them runs, so that say(text) hears, in order, the
  // start and then each block above as it runs. Resolves to the result of then(), or to the
  // failing earlier block's result with `earlier` and `culprit` (see runInTurn).
  after(index, then, say = () => {}) {
    const task = this.busy.then(async () => {
      if (this.dirty) this.restart(false);
      this.startWorker();
      await this.ready;
      const todo = this.blocks.slice(0, index).filter((b) => b.ranSeq === null && runsInPage(b));
      const failed = await this.runInTurn(todo, ABOVE, say);
      return failed.error ? failed : then();
    });
    this.busy = task.catch(() => {});
    return task;
  },

  // Run blocks one after the other, saying before each shown one which it is (k of the n
  // shown, as the reader counts them; a hidden step runs under the words before it); stop at
  // the first that fails, with its result, `earlier`: the words for the reader, naming the
  // block as the steps did and by how its code starts (a traceback's Markdown line numbers
  // mean nothing here), and `culprit`: the shown block whose output explains the failure.
  async runInTurn(blocks, words, say) {
    const n = blocks.filter((block) => block.view).length;
    let k = 0;
    for (const block of blocks) {
      if (block.view) say(words.step(++k, n));
      else if (k === 0) say(words.setup || "Running the page's setup first…");
      const result = await this.runOne(block);
      if (!result.error) continue;
      if (!block.view) return { ...result, ...this.blame(block, result) };
      const which = n === 1 ? "the block" : `block ${k} of ${n}`;
      const starts = firstLine(block.ranCode);
      const said = words.failed(which, starts ? ` (“${starts}”)` : "");
      return { ...result, earlier: `${said}; see its output.`, culprit: block.view };
    }
    return { error: null };
  },

  // A hidden check failed: its failure is explained under the shown block the reader changed
  // (or the nearest one above it), the culprit.
  blame(block, result) {
    const above = this.views.filter((v) => v.block.index < block.index && v.codeElement);
    const edited = above.filter((view) => view.edited());
    const view = edited.length ? edited[edited.length - 1] : above[above.length - 1];
    if (!view) return { earlier: `A setup step of the page failed: ${result.error.message}` };
    const change = edited.length ? "Your change to this block" : "The code above";
    view.explain(
      `${change} breaks a check the page makes on its results (${result.error.message}). ` +
        "Reset this block to get the page's own values back.",
    );
    const under = edited.length ? "the block you changed" : "the block above it";
    return { earlier: `A check of the page failed after an edit above; the message is under ${under}.`, culprit: view };
  },
};
