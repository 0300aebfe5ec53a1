// The backward pass, step by step (see scripts/spelled_out/stepper.py). Each .mg-stepper holds the SVG of
// the finished graph and, as JSON in data-frames, one frame per step: the node whose rule ran
// and every grad.
// A frame rewrites the "grad ..." text of each node and highlights the active node.
(function () {
  function gradTexts(svg, name) {
    // graphviz gives each node a <title> with its name; the grad is the text starting "grad "
    for (const title of svg.querySelectorAll("g.node > title")) {
      if (title.textContent === name) {
        return [title.parentNode, [...title.parentNode.querySelectorAll("text")].find(
          (t) => t.textContent.startsWith("grad "))];
      }
    }
    return [null, null];
  }

  function setUp(root) {
    if (root.dataset.ready) return;
    root.dataset.ready = "1";
    const data = JSON.parse(root.dataset.frames);
    const svg = root.querySelector("svg");
    const nodes = data.names.map((name) => gradTexts(svg, name));
    const ops = data.names.map((name) => gradTexts(svg, name + "op")[0]);
    const slider = root.querySelector("input[type=range]");
    const counter = root.querySelector(".mg-stepper-counter");
    const caption = root.querySelector(".mg-stepper-caption");
    const last = data.frames.length - 1;

    function show(step) {
      step = Math.max(0, Math.min(last, step));
      const frame = data.frames[step];
      nodes.forEach(([group, text], i) => {
        if (text) text.textContent = frame.grads[i];
        const active = data.names[i] === frame.active;
        if (group) group.classList.toggle("mg-active", active);
        if (ops[i]) ops[i].classList.toggle("mg-active", active);
      });
      slider.value = step;
      counter.textContent = `step ${step} of ${last}`;
      slider.setAttribute("aria-valuetext", `step ${step} of ${last}: ${frame.caption}`);
      caption.textContent = frame.caption;
      root.dataset.step = step;
    }

    root.querySelector(".mg-stepper-controls").hidden = false;
    const moves = { first: () => 0, prev: (s) => s - 1, next: (s) => s + 1, last: () => last };
    for (const button of root.querySelectorAll("button[data-step]")) {
      button.addEventListener("click", () => show(moves[button.dataset.step](+root.dataset.step)));
    }
    slider.addEventListener("input", () => show(+slider.value));
    root.addEventListener("keydown", (event) => {
      if (event.target === slider) return; // the slider moves itself, and says so
      if (event.key === "ArrowRight") show(+root.dataset.step + 1);
      else if (event.key === "ArrowLeft") show(+root.dataset.step - 1);
      else if (event.key === "Home") show(0);
      else if (event.key === "End") show(last);
      else return;
      event.preventDefault();
    });
    show(0); // start at the seed: the reader steps forward from there
  }

  function setUpAll() {
    document.querySelectorAll(".mg-stepper").forEach(setUp);
  }
  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
  else document.addEventListener("DOMContentLoaded", setUpAll);
})();
