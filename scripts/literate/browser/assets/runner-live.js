// A block's live output, loaded with Python on the reader's intent (live-session.js imports
// it): printed text drawn at most once a frame and capped, the result's displays, SVG drawn in
// the browser, cleaned.
import { announce } from "./content.js";

const SHOWN_LINES = 500; // printed lines shown per block; the rest one click away
const KEPT_CHARS = 4_000_000; // printed text kept per block (a flood is counted, not kept)

// A block's live output: printed text gathered and drawn at most once a frame, the first
// SHOWN_LINES lines shown and the rest behind a button, then the result's displays.
export class OutputBox {
  /** @param {import("./block-view.js").BlockView} view */
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
    const session = this.view.runner.session; // the run that drew it came through it
    const answer = await session.callHelper("literate.present.graph_text", "live_graph_text", [svg]).catch(() => null);
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
