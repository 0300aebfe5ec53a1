// The page's toolbar, before its first runnable block: Run all, Stop, Restart and "Forget my
// edits on this page" (the build puts it there, runner.js wires it up).
import { StatusLine, preloadOnIntent, runTold } from "./status-line.js";
import { CLEARED, work } from "./work.js";

// Run all and Restart, before the page's first runnable block: the build's toolbar
// (literate/present/toolbars.py), wired up.
export class PageBar {
  /**
   * @param {import("./runner.js").PageRunner} runner
   * @param {HTMLElement} bar
   */
  constructor(runner, bar) {
    this.runner = runner;
    this.status = new StatusLine(bar.querySelector(".lit-page-status"));
    this.runAllButton = /** @type {HTMLButtonElement} */ (bar.querySelector(".lit-run-all-button"));
    this.runAllButton.addEventListener("click", () => this.runAll());
    preloadOnIntent(this.runAllButton, runner);
    this.stopButton = /** @type {HTMLButtonElement} */ (bar.querySelector(".lit-stop-button"));
    this.stopButton.addEventListener("click", () => {
      runner.stop();
      this.say("Python stopped: every block is marked not run.");
    });
    bar.querySelector(".lit-restart-button").addEventListener("click", () => runner.restart());
    bar.querySelector(".lit-forget-button").addEventListener("click", () => this.forget());
    for (const button of bar.querySelectorAll("button")) button.disabled = false; // answered now
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
    await runTold(this.runner, {
      button: this.runAllButton,
      stopButton: this.stopButton,
      say: (text, options) => this.say(text, options),
      work: (waiting) => this.runner.prepared().then((session) => session.runAll(waiting)),
      busyText: "Running every block…",
      doneText: "Ran every block of the page.",
    });
  }
}
