// The prose's numbers that the build computed (`{python} expr`, shown as
// <span class="lit-inline" data-lit-line="N">), recomputed in the reader's Python right after
// the last block above them ran, once every block above has run in this visit as it now
// reads. A value that differs from the page's own is marked, with the page's value beside it,
// on screen and read aloud: "3.0 (was 2.0 before your run)". Reset and Restart put the page's
// values back.
export class InlineValues {
  /**
   * @param {import("./runner.js").PageRunner} runner
   * @param {import("./contracts.js").InlineValueEntry[]} values
   */
  constructor(runner, values) {
    this.runner = runner;
    const byLine = new Map();
    for (const value of values) byLine.set(value.line, [value, ...(byLine.get(value.line) || [])]);
    /** @type {Array<import("./contracts.js").InlineValueEntry & {span: Element, built: string}>} */
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
    const above = runner.blocks.filter((b) => b.runs && b.index <= block.index);
    if (above.some((b) => runner.state(b) !== "ran")) return;
    const next = runner.blocks.find((b) => b.index > block.index && b.runs);
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
