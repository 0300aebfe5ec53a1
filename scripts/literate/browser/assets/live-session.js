// The runs of a page, loaded with Python on the reader's intent (runner.js imports this module
// then and gives its PageRunner a LiveSession): a block run after the blocks above it, Run all,
// an exercise graded, a helper called, each in the page's worker, one task at a time; and what
// the reader is told when a block above fails.
import { InlineValues } from "./inline-values.js";
import { OutputBox } from "./runner-live.js";

export { svgElement } from "./runner-live.js";

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

export class LiveSession {
  /** @param {import("./runner.js").PageRunner} runner its blocks, views, worker and state */
  constructor(runner) {
    this.runner = runner;
  }

  receive(data) {
    const call = this.runner.pending.get(data.id);
    if (!call) return;
    if (data.type === "stream") {
      call.streams.push(data);
      if (call.onStream) call.onStream(data);
    } else if (data.type === "done") {
      this.runner.pending.delete(data.id);
      call.resolve({ result: data.result, ms: data.ms, streams: call.streams });
    }
  }

  // Run code in the page's namespace: {outputs, error, ms, streams} (error: {message,
  // traceback}). `path` names code that is not the page's own (a script's helper call), so
  // that its tracebacks do not quote the page's lines.
  async run(code, { line = 1, raises = null, onStream = null, path = this.runner.path } = {}) {
    const { result, ms, streams } = await this.runner.request(
      { op: "run", code, path, line, raises },
      onStream,
    );
    return { ...result, ms, streams };
  }

  // A page helper's answer: {value, error}, the value a dict of plain values (graphs in it
  // drawn as SVG), without running the page's blocks.
  async callHelper(module, name, args) {
    const { result } = await this.runner.request({ op: "call", module, name, args });
    return result;
  }

  // What only a run needs, set up once per page: the prose's values, each block's live output.
  async livened() {
    if (!this.runner.values) this.runner.values = new InlineValues(this.runner, this.runner.valuesData);
    for (const view of this.runner.views) if (view.codeElement && !view.box) view.box = new OutputBox(view);
  }

  // Run one of the page's blocks (its view's code when it is shown) and record that it ran.
  /** @param {import("./block-list.js").RunnerBlock} block */
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
    block.ranSeq = ++this.runner.seq;
    block.ranCode = code;
    if (view) view.finishRun(result);
    this.runner.refresh();
    if (!result.error) await this.runner.values.recompute(block);
    return result;
  }

  // Every block of the page, in order, in the present Python (fresh if it must be); say(text)
  // hears which one runs. A failure resolves to its result with `earlier` (words for the
  // reader, starting "Stopped") and `culprit` (the view to show).
  runAll(say = () => {}) {
    const words = {
      step: (k, n) => `Running block ${k} of ${n}…`,
      failed: (which, starts) => `Stopped at ${which}${starts}, which failed`,
    };
    return this.after(0, () => this.runInTurn(this.runner.blocks.filter((b) => b.runs), words, say));
  }

  // Grade an exercise: the page up to it has run first, as for a block.
  grade(index, attempt, say) {
    const exercise = this.runner.blocks[index].exercise;
    /** @type {import("./contracts.js").GradeJob} */
    const request = {
      op: "grade",
      code: attempt,
      path: this.runner.path,
      line: exercise.starter_line,
      check: exercise.check,
      check_line: exercise.check_line,
      refuse: exercise.refuse,
    };
    return this.after(
      index,
      async () => {
        const { result, streams } = await this.runner.request(request);
        return { grade: result, streams };
      },
      say,
    );
  }

  // Run the blocks above `index` that have not run yet, then `then()`; one task at a time.
  // Python is up before the first of them runs, so that say(text) hears, in order, the
  // start and then each block above as it runs. Resolves to the result of then(), or to the
  // failing earlier block's result with `earlier` and `culprit` (see runInTurn).
  after(index, then, say = () => {}) {
    const task = this.runner.busy.then(async () => {
      if (this.runner.dirty) this.runner.restart(false);
      this.runner.startWorker();
      await this.runner.ready;
      const todo = this.runner.blocks.slice(0, index).filter((b) => b.ranSeq === null && b.runs);
      const failed = await this.runInTurn(todo, ABOVE, say);
      return failed.error ? failed : then();
    });
    this.runner.busy = task.catch(() => {});
    return task;
  }

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
  }

  // A hidden check failed: its failure is explained under the shown block the reader changed
  // (or the nearest one above it), the culprit.
  blame(block, result) {
    const above = this.runner.views.filter((v) => v.block.index < block.index && v.codeElement);
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
  }
}
