// What a run says, and where it leads: a block's or the page's status line, the button that
// takes the reader to the block a failure names, and Python started on the reader's intent.

// A status line (role="status"): what a run is doing, in words read aloud as they change.
// While it waits, a stage that lasts past a second shows its seconds after it (not read
// aloud), so the line never sits still while Python works. A message may end with a button
// (to the block that failed, say).
export class StatusLine {
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
export function showButton(view, words) {
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

// A run that a button starts, told in a status line (say): while it waits, the button is off and
// Stop shown, and the line says how Python comes (busyText once it is up, if given); then what
// work(waiting) resolved to (a failure above leads to its block; doneText, if given), "Stopped."
// or why it could not run.
/**
 * @param {import("./runner.js").PageRunner} runner
 * @param {{button: HTMLButtonElement, stopButton: HTMLButtonElement,
 *   say: (text: string, options?: object) => void, work: (waiting: (text: string) => void) => Promise<any>,
 *   busyText?: string, doneText?: string}} run
 */
export async function runTold(runner, { button, stopButton, say, work, busyText = "", doneText = "" }) {
  const waiting = (text) => say(text, { waiting: true });
  const starting = runner.starting(waiting);
  waiting(runner.booted && busyText ? busyText : starting.text);
  button.disabled = true;
  stopButton.hidden = false;
  try {
    const result = await work(waiting);
    if (result.earlier) say(result.earlier, { action: culpritButton(result) });
    else if (doneText) say(doneText);
  } catch (error) {
    say(error.message === "stopped" ? "Stopped." : `Could not run: ${error.message}`);
  } finally {
    starting.stop();
    button.disabled = false;
    stopButton.hidden = true;
  }
}

// The way to the block that a failure names (live-session.js, runInTurn), if it is shown.
export function culpritButton(result) {
  return result.culprit ? showButton(result.culprit, "Show it") : null;
}

// Python starts when the reader shows they mean to run: the pointer on the button, or the
// keyboard's focus on it.
export function preloadOnIntent(button, runner) {
  button.addEventListener("pointerenter", () => runner.startWorker());
  button.addEventListener("focus", () => runner.startWorker());
}

// What a run says while Python downloads and starts, for every run that waits (a block's, Run
// all's, an exercise's): the megabytes in so far, then, once every byte is in, that Python is
// starting (seconds more: its WebAssembly compiled, its standard library unpacked).
export class DownloadWords {
  constructor() {
    this.text = null;
    this.watchers = new Set();
  }

  progress({ loaded, total }) {
    const mb = (bytes) => (bytes / 1e6).toFixed(1);
    const said = this.text;
    if (total && loaded >= total) this.text = "Starting Python…";
    else this.text = `Downloading Python for your browser: ${mb(loaded)}${total ? ` of ${mb(total)}` : ""} MB…`;
    if (this.text !== said) this.watchers.forEach((watch) => watch(this.text));
  }

  // What to say now; watch(text) hears what follows until the returned stop() is called.
  starting(watch) {
    this.watchers.add(watch);
    return { text: this.text || "Downloading Python for your browser…", stop: () => this.watchers.delete(watch) };
  }
}
