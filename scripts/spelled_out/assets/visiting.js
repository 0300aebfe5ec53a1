// The visiting-order exercise (scripts/spelled_out/visiting_html.py): the reader orders the
// diamond's nodes, by clicking them in the graph or with the buttons under it, and the page's
// Python (runner.js) runs the backward pass in that order with the engine's own rules
// (spelled_out.visiting.check_order), then shows which gradients came out wrong, and why.
import { runner } from "./runner.js";

export function setUp(box) {
  if (box.dataset.ready) return;
  box.dataset.ready = "1";
  const data = JSON.parse(box.dataset.visiting);
  const controls = box.querySelector(".mg-visiting-controls");
  const shown = box.querySelector(".mg-visiting-order");
  const feedback = box.querySelector(".mg-visiting-feedback");
  const runButton = box.querySelector("[data-act=run]");
  const buttons = [...box.querySelectorAll("button[data-node]")];
  const svg = box.querySelector(".mg-visiting-graph svg");
  const groups = {};
  for (const title of svg.querySelectorAll("g.node > title")) {
    const label = data.labels.find((l) => data.names[l] === title.textContent);
    if (label) groups[label] = title.parentNode;
  }
  const gradText = (label) =>
    [...groups[label].querySelectorAll("text")].find((t) => t.textContent.startsWith("grad "));
  const builtGrads = Object.fromEntries(data.labels.map((l) => [l, gradText(l).textContent]));
  let order = [];
  let asked = 0;

  function render() {
    buttons.forEach((b) => (b.disabled = order.includes(b.dataset.node)));
    for (const label of data.labels) {
      groups[label].classList.toggle("mg-picked", order.includes(label));
      groups[label].dataset.position = order.indexOf(label) + 1 || "";
    }
    runButton.disabled = order.length !== data.labels.length;
    shown.textContent = order.length
      ? `Your order: ${order.join(", ")}${runButton.disabled ? "" : " (complete: run it)"}.`
      : "Your order: none yet.";
  }

  function reset() {
    for (const label of data.labels) {
      gradText(label).textContent = builtGrads[label];
      groups[label].classList.remove("mg-wrong", "mg-right");
    }
    feedback.textContent = "";
  }

  function pick(label) {
    if (order.includes(label)) return;
    if (order.length === 0) reset();
    order.push(label);
    render();
  }

  async function run() {
    const mine = ++asked;
    feedback.textContent = "Running your order with the engine (the first time starts Python in your browser)…";
    try {
      const answer = await runner.call("spelled_out.visiting", "check_order", [
        JSON.stringify(order),
      ]);
      if (mine !== asked) return;
      if (answer.error) throw new Error(answer.error.message);
      const verdict = answer.value;
      for (const label of data.labels) {
        gradText(label).textContent = verdict.grads[label];
        groups[label].classList.toggle("mg-wrong", verdict.wrong.includes(label));
        groups[label].classList.toggle("mg-right", !verdict.wrong.includes(label));
      }
      feedback.replaceChildren();
      feedback.dataset.ok = verdict.ok ? "1" : "0";
      const list = document.createElement("ul");
      for (const message of verdict.messages) {
        const item = document.createElement("li");
        item.textContent = message;
        list.append(item);
      }
      const heading = document.createElement("p");
      heading.textContent = `Order ${verdict.order.join(", ")}: ${verdict.ok ? "right" : "wrong"}.`;
      feedback.append(heading, list);
    } catch (error) {
      if (mine === asked) feedback.textContent = `Could not run the order: ${error.message}`;
    }
  }

  if (!runner.available()) return; // no Python on this page: the graph stays as built
  box.querySelector(".mg-visiting-nojs").hidden = true;
  controls.hidden = false;
  buttons.forEach((b) => b.addEventListener("click", () => pick(b.dataset.node)));
  for (const [label, group] of Object.entries(groups)) {
    group.classList.add("mg-choice");
    group.addEventListener("click", () => pick(label));
  }
  box.querySelector("[data-act=undo]").addEventListener("click", () => {
    order.pop();
    render();
  });
  box.querySelector("[data-act=clear]").addEventListener("click", () => {
    order = [];
    reset();
    render();
  });
  runButton.addEventListener("click", run);
  render();
}
