// One shown block of the page (runner.js makes one per block): its toolbar (Run, Stop, Reset,
// its state in words, "Your version"), its editor and its status.
import { CodeEditor } from "./code-editor.js";
import { StatusLine, preloadOnIntent, runTold } from "./status-line.js";
import { work } from "./work.js";

const STATES = {
  "not-run": "Not run yet",
  ran: "Ran",
  changed: "Changed since it ran",
  stale: "Stale: a block above changed since this ran",
};

export class BlockView {
  /**
   * @param {import("./runner.js").PageRunner} runner
   * @param {import("./block-list.js").RunnerBlock} block
   * @param {HTMLElement} marker
   */
  constructor(runner, block, marker) {
    this.runner = runner;
    this.block = block;
    block.view = this;
    this.marker = marker;
    this.codeBlock = marker.nextElementSibling;
    const after = this.codeBlock && this.codeBlock.nextElementSibling;
    /** @type {HTMLElement | null} the build's output, shown until the reader's run */
    this.builtOutput = after && after.classList.contains("lit-output") ? /** @type {HTMLElement} */ (after) : null;
    this.codeElement = this.codeBlock && this.codeBlock.querySelector("pre > code");
    if (!this.codeElement) return;
    this.builtCode = this.codeElement.textContent.replace(/\n$/, "") + "\n";
    this.box = null; // its live output, once Python is on its way (runner-live.js)
    this.wireToolbar();
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

  // the toolbar the build put in the block's marker (literate/present/toolbars.py), wired up
  wireToolbar() {
    const bar = this.marker.querySelector(".lit-toolbar");
    if (!this.block.browser || !bar) return; // a block run at build only: its note says why
    this.runButton = /** @type {HTMLButtonElement} */ (bar.querySelector(".lit-run-button"));
    this.stopButton = /** @type {HTMLButtonElement} */ (bar.querySelector(".lit-stop-button"));
    this.stateBadge = /** @type {HTMLElement} */ (bar.querySelector(".lit-state"));
    this.yoursBadge = /** @type {HTMLElement} */ (bar.querySelector(".lit-yours"));
    this.status = new StatusLine(bar.querySelector(".lit-status"));
    this.runButton.addEventListener("click", () => this.onRun());
    preloadOnIntent(this.runButton, this.runner);
    this.stopButton.addEventListener("click", () => this.onStop());
    bar.querySelector(".lit-reset-button").addEventListener("click", () => this.onReset());
    for (const button of bar.querySelectorAll("button")) button.disabled = false; // answered now
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
    await runTold(this.runner, {
      button: this.runButton,
      stopButton: this.stopButton,
      say: (text, options) => this.setStatus(text, options),
      work: (waiting) => this.runner.runBlock(this, waiting),
    });
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
