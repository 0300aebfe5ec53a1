// Exercises graded in the page. The build renders each exercise as a marker
// <div class="lit-exercise" data-lit-block="N">, its starter code, a collapsed hint and a
// collapsed solution (present/practice_html.py). Here the starter becomes an editor with Check,
// Reset and "Load the solution"; Check runs the exercise's hidden check on the reader's code in
// the page's Python (runner.js, literate/grading.py) and says what is wrong, or what the
// reader just proved. Solved exercises are kept in localStorage, shown at the end of the
// chapter and, from assets/exercises.json, on the home page.
import { CodeEditor } from "./code-editor.js";
import { inSlices, onPage } from "./content.js";
import { runner } from "./runner.js";
import { escapeHtml } from "./text.js";
import { CLEARED, work } from "./work.js";
import { keepProgress, markSolved, progressWords, solved } from "./exercise-store.js";

let views = []; // the exercises of the page on screen

function setUp() {
  views = [];
  const markers = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".lit-exercise[data-lit-block]")]);
  const indexOf = (marker) => Number(marker.dataset.litBlock);
  const exerciseOf = (marker) => runner.block(indexOf(marker))?.exercise; // the runner's: filled on intent
  const addView = (marker) => views.push(new ExerciseView(marker, indexOf(marker), exerciseOf(marker)));
  const addProgress = () => {
    const progress = views.length ? new PageProgress(views) : null;
    views.forEach((view) => (view.progress = progress));
  };
  inSlices(markers.filter(exerciseOf), addView, addProgress);
  showSiteProgress();
}

class ExerciseView {
  /**
   * @param {HTMLElement} marker
   * @param {number} index
   * @param {import("./block-list.js").RunnerBlock["exercise"]} exercise filled in when graded
   */
  constructor(marker, index, exercise) {
    /** @type {PageProgress | null} */
    this.progress = null; // the page's tally, set once every exercise of the page has its view
    this.index = index;
    this.exercise = exercise;
    this.codeBlock = marker.nextElementSibling;
    this.codeElement = this.codeBlock && this.codeBlock.querySelector("pre > code");
    if (!this.codeElement) return;
    this.starter = this.codeElement.textContent.replace(/\n$/, "") + "\n";
    const id = `lit-exercise-${index}`;
    marker.innerHTML =
      `<div class="lit-toolbar" role="group" aria-label="Exercise: ${escapeHtml(exercise.title)}">` +
      '<button type="button" class="lit-check-button">Check</button>' +
      '<button type="button" class="lit-reset-button">Reset</button>' +
      '<span class="lit-yours" hidden>Your version, kept on this device</span>' +
      `<span class="lit-hint" id="${id}-help"></span></div>`;
    this.feedback = document.createElement("div");
    this.feedback.className = "lit-feedback";
    this.feedback.setAttribute("role", "status");
    this.feedback.setAttribute("aria-live", "polite");
    this.codeBlock.after(this.feedback);
    this.checkButton = /** @type {HTMLButtonElement} */ (marker.querySelector(".lit-check-button"));
    this.checkButton.addEventListener("click", () => this.check());
    this.checkButton.addEventListener("pointerenter", () => runner.warm());
    marker.querySelector(".lit-reset-button").addEventListener("click", () => this.reset());
    this.editor = new CodeEditor(this.codeElement, {
      firstLine: exercise.starter_line,
      label: `Your code: ${exercise.title}`,
      hint: marker.querySelector(".lit-hint"),
      onRun: () => this.check(),
      onChange: () => this.keep(),
      onFocus: () => runner.warm(),
    });
    this.yoursBadge = /** @type {HTMLElement} */ (marker.querySelector(".lit-yours"));
    this.workKey = work.key("exercise", index, this.starter);
    const kept = work.get(this.workKey);
    if (kept !== undefined && kept !== this.starter) this.setCode(kept);
    this.yoursBadge.hidden = this.code() === this.starter;
    this.addLoadButton();
    this.stepHints();
    if (solved()[exercise.id]) this.say("solved", "Solved before on this device.");
    else if (progressWords(exercise.id)) {
      this.say("", `Your last check on this device: ${progressWords(exercise.id)}.`);
    }
  }

  addLoadButton() {
    let details = this.feedback.nextElementSibling;
    while (details && !details.classList.contains("lit-solution")) {
      details = details.nextElementSibling;
    }
    if (!details) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "lit-load-button md-button";
    button.textContent = "Load the solution into the editor";
    const shown = details.querySelector("pre > code"); // the solution, as the page shows it
    button.addEventListener("click", () => {
      this.setCode(shown.textContent.replace(/\n$/, "") + "\n");
      this.say("", "The solution is in the editor: press Check to run it.");
      this.editor.focus();
    });
    details.append(button);
  }

  // Several hints: each after the first shows once the one before it has been opened.
  stepHints() {
    const hints = [];
    for (let next = this.feedback.nextElementSibling; next; next = next.nextElementSibling) {
      if (!next.classList.contains("lit-exercise-hint")) break;
      hints.push(/** @type {HTMLDetailsElement} */ (next));
    }
    hints.slice(1).forEach((hint, i) => {
      hint.hidden = true;
      hints[i].addEventListener("toggle", () => hints[i].open && (hint.hidden = false));
    });
  }

  code() {
    return this.editor.code();
  }

  setCode(text) {
    this.editor.setCode(text);
    this.keep();
  }

  // The reader's code kept on this device (until Reset), marked as theirs.
  keep() {
    const yours = this.code() !== this.starter;
    this.yoursBadge.hidden = !yours;
    work.set(this.workKey, yours ? this.code() : null);
  }

  reset() {
    this.editor.reset(this.starter);
    this.keep();
    this.say("", "Reset to the starter code.");
  }

  async check() {
    this.checkButton.disabled = true;
    const starting = runner.starting((text) => this.say("", text));
    this.say("", runner.started() ? "Checking…" : starting.text);
    try {
      const result = await runner.grade(this.index, this.code());
      const printed = (result.streams || []).map((s) => s.text).join("");
      if (result.earlier) {
        this.say("failed", result.earlier);
      } else if (!result.grade) {
        this.say("failed", `The check could not run: ${result.error ? result.error.message : "no result"}`);
      } else if (result.grade.passed) {
        markSolved(this.exercise.id);
        this.say("solved", ["Solved. ", ...withCode(this.exercise.success_parts)], printed);
        if (this.progress) this.progress.update();
      } else {
        keepProgress(this.exercise.id, result.grade.progress);
        if (this.progress) this.progress.update();
        this.say("failed", `Not yet. ${result.grade.message}`, printed);
      }
    } catch (error) {
      this.say("failed", `Could not check: ${error.message}`);
    } finally {
      starting.stop();
      this.checkButton.disabled = false;
    }
  }

  // The verdict (a string, or strings and nodes), then what the reader's code printed.
  say(state, verdict, printed = "") {
    this.feedback.className = `lit-feedback ${state ? `lit-${state}` : ""}`;
    const line = document.createElement("span");
    line.append(...[].concat(verdict));
    this.feedback.replaceChildren(line);
    if (printed) {
      const pre = document.createElement("pre");
      pre.textContent = printed;
      pre.setAttribute("aria-label", "What your code and the check printed");
      pre.tabIndex = 0; // it scrolls sideways at phone width: reachable by keyboard
      this.feedback.append(pre);
    }
  }
}

// The author's success text, cut by the build into plain text and inline code alternately
// (present/practice_html.py): text nodes and <code> elements, so nothing in it is read as markup.
export function withCode(parts) {
  return parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const code = document.createElement("code");
    code.textContent = part;
    return code;
  });
}

// "2 of 3 exercises solved" at the end of the chapter, with a link to each.
class PageProgress {
  constructor(views) {
    this.views = views;
    this.box = document.createElement("aside");
    this.box.className = "lit-progress admonition";
    this.box.setAttribute("aria-label", "Your progress on this page");
    const article = document.querySelector("article") || document.body;
    article.append(this.box);
    this.update();
  }

  update() {
    const done = solved();
    const count = this.views.filter((view) => done[view.exercise.id]).length;
    const items = this.views
      .map((view) => {
        const held = progressWords(view.exercise.id);
        const mark = done[view.exercise.id] ? "solved" : `not solved yet${held ? ` (${held})` : ""}`;
        return `<li><a href="#exercise-${view.exercise.id}">${escapeHtml(view.exercise.title)}</a>: ${mark}</li>`;
      })
      .join("");
    this.box.innerHTML =
      `<p class="admonition-title">Exercises on this page: ${count} of ${this.views.length} ` +
      `solved</p><ul>${items}</ul>`;
  }
}

// The home page's table of every chapter's exercises: only there, so fetched only there.
function showSiteProgress() {
  const box = document.querySelector(".lit-progress-all");
  if (!box) return;
  import("./exercises-home.js").then(
    (module) => module.showSiteProgress(box, escapeHtml),
    (error) => (box.textContent = `Your progress could not be read: ${error.message}`),
  );
}

// "Forget my edits on this page" (runner.js): the starters back.
document.addEventListener(CLEARED, () => {
  views.forEach((view) => view.editor && view.reset());
});

onPage(setUp);
