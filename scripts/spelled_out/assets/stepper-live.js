// Editable leaves for the stepper (stepper.js): the reader changes a leaf's value (or swaps an
// operation), and the page's Python (runner.js: Pyodide with this site's micrograd) replays the
// graph's recipe on fresh Values, runs the forward and backward pass with the engine, and
// answers the new frames and the new graph (drawn by Viz.js), as one structured value.
// Nothing is re-derived here: every number comes from the engine.
import { runner } from "./runner.js";
import { setUpStepper } from "./stepper.js";

function field(text, control) {
  const label = document.createElement("label");
  label.append(`${text} `, control);
  return label;
}

export function setUp(root) {
  const stepper = setUpStepper(root);
  if (root.dataset.live) return;
  root.dataset.live = "1";
  if (stepper.box === root) return; // no setup panel to put the leaves in
  const fieldset = stepper.box.querySelector(".mg-stepper-leaves");
  const status = stepper.box.querySelector(".mg-stepper-status");
  if (!fieldset) return;
  if (!runner.available()) {
    fieldset.hidden = true; // no Python on this page
    return;
  }
  let asked = 0;

  function build(data) {
    fieldset.querySelectorAll("label, button").forEach((e) => e.remove());
    for (const leaf of data.leaves) {
      const input = document.createElement("input");
      Object.assign(input, { type: "number", step: "any", value: String(leaf.value) });
      input.dataset.leaf = leaf.label;
      input.setAttribute("aria-label", `value of the leaf ${leaf.label}`);
      input.addEventListener("change", recompute);
      fieldset.append(field(leaf.label, input));
    }
    for (const op of data.ops) {
      const select = document.createElement("select");
      select.dataset.op = op.index;
      select.setAttribute("aria-label", `operation of ${op.label}`);
      for (const choice of op.choices) select.add(new Option(choice, choice, false, choice === op.op));
      select.addEventListener("change", recompute);
      // the operation in its formula: e = a [*] b, o = [tanh](n)
      const label = document.createElement("label");
      const [first, second] = op.inputs;
      if (second !== undefined) label.append(`${op.label} = ${first} `, select, ` ${second}`);
      else label.append(`${op.label} = `, select, `(${first})`);
      fieldset.append(label);
    }
    const button = document.createElement("button");
    Object.assign(button, { type: "button", textContent: "Recompute" });
    button.addEventListener("click", recompute);
    fieldset.append(button);
    fieldset.hidden = !data.leaves.length && !data.ops.length;
  }

  async function recompute() {
    const data = stepper.example();
    const values = {};
    for (const input of fieldset.querySelectorAll("input[data-leaf]")) {
      const value = Number(input.value);
      if (input.value.trim() === "" || !Number.isFinite(value)) {
        status.textContent = `${input.dataset.leaf} must be a number.`;
        return;
      }
      values[input.dataset.leaf] = value;
    }
    const ops = {};
    fieldset.querySelectorAll("select[data-op]").forEach((s) => (ops[s.dataset.op] = s.value));
    const request = { title: data.title, recipe: data.recipe, values, ops, rankdir: stepper.box.dataset.rankdir };
    const mine = ++asked;
    status.textContent = "Recomputing with the engine (the first time starts Python in your browser)…";
    try {
      const answer = await runner.call("spelled_out.stepper", "live_example", [
        JSON.stringify(request),
      ]);
      if (mine !== asked) return; // a newer edit is on its way
      if (answer.error) {
        status.textContent = `Could not recompute: ${answer.error.message}`;
        return;
      }
      const fresh = answer.value.example;
      stepper.replace(fresh, await runner.svgElement(answer.value.graph));
      status.textContent = `Recomputed by the engine: ${fresh.summary}.`;
    } catch (error) {
      if (mine === asked) status.textContent = `Could not recompute: ${error.message}`;
    }
  }

  build(stepper.example());
  stepper.box.addEventListener("mg-stepper-example", (event) => {
    // another graph chosen: its own leaves; an edit keeps the reader's inputs as they are
    if (event.detail.title !== fieldset.dataset.title) build(event.detail);
    fieldset.dataset.title = event.detail.title;
  });
  fieldset.dataset.title = stepper.example().title;
}
