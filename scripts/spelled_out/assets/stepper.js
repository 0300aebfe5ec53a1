// The forward and backward pass, step by step (scripts/spelled_out/stepper.py and stepper_html.py).
// Each .mg-stepper holds the SVG of the finished graph and, as JSON in data-frames, one frame
// per step: the node it is about, every node's value and grad text, every edge's label (what it
// carries), the edges the step works on, and a caption. Further graphs wait in <template>s.
// A frame rewrites those texts in the SVG and highlights the node and its edges.
// Editing a leaf (stepper-live.js) replaces an example's frames and SVG through setUpStepper's
// answer.
import { announce } from "./content.js";
import { naturalWidth } from "./graphs.js";

function titled(svg, selector) {
  // graphviz gives each node and edge a <title>: v3, v3op, v0->v3op (twice for a * a)
  const seen = new Map();
  return [...svg.querySelectorAll(selector)].map((title) => {
    const name = title.textContent;
    seen.set(name, (seen.get(name) || 0) + 1);
    return { name, nth: seen.get(name), group: title.parentNode };
  });
}

function startsWith(group, prefix) {
  return group && [...group.querySelectorAll("text")].find((t) => t.textContent.startsWith(prefix));
}

// the parts of the SVG a frame rewrites, found once per graph
function bind(svg, data, onEdge) {
  const nodes = titled(svg, "g.node > title");
  const group = (name) => (nodes.find((n) => n.name === name) || {}).group || null;
  const edges = titled(svg, "g.edge > title");
  const counts = new Map();
  return {
    // the ids are the build's (micrograd.viz): each node's, its operation's, each edge's
    nodes: data.names.map((name, i) => {
      const g = group(name);
      const op = data.opNames[i] ? group(data.opNames[i]) : null;
      return { group: g, op, value: startsWith(g, "data "), grad: startsWith(g, "grad ") };
    }),
    edges: data.edgeTitles.map((title, e) => {
      counts.set(title, (counts.get(title) || 0) + 1);
      const found = edges.find((x) => x.name === title && x.nth === counts.get(title));
      const g = found ? found.group : null;
      if (g) {
        g.classList.add("mg-edge");
        g.setAttribute("tabindex", "0");
        g.setAttribute("role", "button");
        g.setAttribute("aria-label", data.edges[e]);
        const path = g.querySelector("path");
        if (path && !g.querySelector(".mg-hit")) {
          const hit = path.cloneNode(); // a wide, invisible stroke: an easier target to click
          hit.setAttribute("class", "mg-hit");
          g.prepend(hit);
        }
        g.onclick = () => onEdge(e);
        g.onfocus = () => onEdge(e);
        g.onkeydown = (event) => {
          if (event.key === "Enter" || event.key === " ") {
            onEdge(e);
            event.preventDefault();
          }
        };
      }
      return { group: g, label: g ? g.querySelector("text") : null };
    }),
  };
}

// Set up a stepper (once); its handle for stepper-live.js: {box, example(), replace()}.
export function setUpStepper(root) {
  if (root.mgStepper) return root.mgStepper;
  // the graph select, the phase buttons and the leaves follow the stepper (stepper_html.py)
  const after = root.nextElementSibling;
  const setup = after && after.classList.contains("mg-stepper-setup") ? after : null;
  const box = setup || root;
  const graph = root.querySelector(".mg-stepper-graph");
  const slider = root.querySelector("input[type=range]");
  const counter = root.querySelector(".mg-stepper-counter");
  const phase = root.querySelector(".mg-stepper-phase");
  const caption = root.querySelector(".mg-stepper-caption");
  const edgeInfo = root.querySelector(".mg-stepper-edge");
  // each example's frames, with its graph once drawn (svg) or the template it is drawn from
  /** @type {Array<{data: any, svg?: SVGSVGElement, template?: HTMLTemplateElement}>} */
  const examples = [{ data: JSON.parse(root.dataset.frames), svg: graph.querySelector("svg") }];
  for (const more of box.querySelectorAll(":scope > template.mg-stepper-more")) {
    examples.push({ data: JSON.parse(more.dataset.frames), template: more });
  }
  let current = 0;
  let parts = null;

  const last = () => examples[current].data.frames.length - 1;
  const firstBackward = () => examples[current].data.frames.findIndex((f) => f.phase === "backward");

  function showEdge(e) {
    if (!edgeInfo) return;
    edgeInfo.hidden = false;
    edgeInfo.textContent = examples[current].data.edges[e];
    parts.edges.forEach((edge, i) => edge.group && edge.group.classList.toggle("mg-picked", i === e));
  }

  // the graph is drawn as large as fits its box and 75 % of the window's height, but never
  // over its natural size nor under a share of it that keeps its text legible (stepper.css's
  // --mg-graph-smallest); wider than its box, it scrolls sideways, and each step brings its
  // node and the node's inputs into view
  function fit(svg) {
    const natural = naturalWidth(svg);
    const box = svg.viewBox.baseVal;
    if (!natural || !box || !box.width) return;
    const smallest = parseFloat(getComputedStyle(graph).getPropertyValue("--mg-graph-smallest")) || 0.6;
    const height = (natural * box.height) / box.width;
    const fits = Math.min(1, graph.clientWidth / natural, (0.75 * window.innerHeight) / height);
    svg.style.width = `${Math.round(natural * Math.max(smallest, fits))}px`;
  }

  function reveal(groups) {
    const boxes = groups.filter(Boolean).map((group) => group.getBoundingClientRect());
    if (!boxes.length || graph.scrollWidth <= graph.clientWidth + 1) return;
    const left = Math.min(...boxes.map((box) => box.left));
    const right = Math.max(...boxes.map((box) => box.right));
    const view = graph.getBoundingClientRect();
    const margin = Math.max(0, Math.min(16, (view.width - (right - left)) / 2));
    if (left < view.left + margin) graph.scrollLeft += left - view.left - margin;
    else if (right > view.right - margin) graph.scrollLeft += right - view.right + margin;
  }

  function show(step) {
    const data = examples[current].data;
    step = Math.max(0, Math.min(last(), step));
    const frame = data.frames[step];
    parts.nodes.forEach((node, i) => {
      if (node.value) node.value.textContent = frame.values[i];
      if (node.grad) node.grad.textContent = frame.grads[i];
      const active = data.names[i] === frame.active;
      if (node.group) node.group.classList.toggle("mg-active", active);
      if (node.op) node.op.classList.toggle("mg-active", active);
    });
    parts.edges.forEach((edge, e) => {
      if (edge.label) edge.label.textContent = frame.edges[e];
      if (edge.group) edge.group.classList.toggle("mg-hot", frame.hot.includes(e));
    });
    const active = parts.nodes[data.names.indexOf(frame.active)];
    const inputs = frame.hot.map((e) => parts.nodes[data.edgeInputs[e]].group);
    if (active) reveal([active.group, active.op, ...inputs]);
    slider.max = last();
    slider.value = step;
    counter.textContent = `step ${step} of ${last()}`;
    phase.textContent = `${frame.phase} pass`;
    slider.setAttribute("aria-valuetext", `step ${step} of ${last()}: ${frame.caption}`);
    caption.textContent = frame.caption;
    root.dataset.step = step;
    root.dataset.phase = frame.phase;
  }

  // show example i (its SVG drawn at build, or by the engine in the browser after an edit)
  function use(i, step) {
    const example = examples[i];
    if (!example.svg) {
      example.svg = document.importNode(example.template.content, true).querySelector("svg");
    }
    current = i;
    const old = graph.querySelector("svg");
    if (old !== example.svg) {
      if (old) old.replaceWith(example.svg);
      else graph.append(example.svg);
      announce(example.svg); // sized as the build's graphs are (graphs.js)
    }
    fit(example.svg);
    root.dataset.frames = JSON.stringify(example.data);
    parts = bind(example.svg, example.data, showEdge);
    if (edgeInfo) edgeInfo.hidden = true;
    show(step);
    box.dispatchEvent(new CustomEvent("mg-stepper-example", { detail: example.data }));
  }

  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(() => fit(examples[current].svg), 200);
  });
  root.querySelector(".mg-stepper-controls").hidden = false;
  const moves = { first: () => 0, prev: (s) => s - 1, next: (s) => s + 1, last: () => last() };
  for (const button of root.querySelectorAll("button[data-step]")) {
    button.addEventListener("click", () => show(moves[button.dataset.step](+root.dataset.step)));
  }
  slider.addEventListener("input", () => show(+slider.value));
  root.addEventListener("keydown", (event) => {
    if (event.target === slider) return; // the slider moves itself, and says so
    if (event.key === "ArrowRight") show(+root.dataset.step + 1);
    else if (event.key === "ArrowLeft") show(+root.dataset.step - 1);
    else if (event.key === "Home") show(0);
    else if (event.key === "End") show(last());
    else return;
    event.preventDefault();
  });
  if (setup) {
    setup.hidden = false;
    const select = setup.querySelector("select.mg-stepper-select");
    if (select) select.addEventListener("change", () => use(+select.value, 0));
    setup.querySelector("[data-phase=forward]").addEventListener("click", () => show(0));
    setup.querySelector("[data-phase=backward]").addEventListener("click", () => show(firstBackward()));
  }
  // for stepper-live.js: the example shown, and a way to replace it with a recomputed one
  root.mgStepper = {
    box,
    example: () => examples[current].data,
    replace(data, svg) {
      examples[current] = { data, svg };
      use(current, +root.dataset.step);
    },
  };
  use(0, 0); // start before the forward pass: the reader steps on from there
  return root.mgStepper;
}
