// Graph SVGs scale down to the content width (scripts/literate/present/svg.py keeps their natural width as
// max-width). A wide graph would shrink until its text is unreadable, so it never goes below
// 60% of its natural size: the .lit-display container scrolls sideways instead. A figure (a
// plot) likewise never shrinks its smallest text below LEGIBLE_PX. A picture shown smaller
// than its natural size gets a bar under it that says so and opens it full size in a dialog
// (a button: keyboard too; Escape or Close puts it back).
import { onContent, within } from "./content.js";

const SMALLEST = 0.6;
const LEGIBLE_PX = 11;

// The width (px) a graph is drawn at, kept by present/svg.py as its max-width.
export function naturalWidth(svg) {
  const width = svg.style.maxWidth; // e.g. "812pt"
  const value = parseFloat(width);
  return width.endsWith("pt") ? (value * 4) / 3 : value;
}

// The font size of an SVG text in the SVG's own units: on the element (matplotlib) or on an
// ancestor (the browser's pyplot stand-in sets it on the root). Read from the attributes, not
// computed: no style recalculation while the page loads.
function fontUnits(text) {
  for (let node = text; node instanceof SVGElement; node = node.parentElement) {
    const size = parseFloat(node.style.fontSize || node.getAttribute("font-size"));
    if (size) return size;
  }
  return 16; // the browser's default
}

// The narrowest a figure may be drawn: where its smallest text is LEGIBLE_PX on screen.
function figureMinWidth(svg, natural) {
  const units = svg.viewBox.baseVal && svg.viewBox.baseVal.width;
  const sizes = [...svg.querySelectorAll("text")].map(fontUnits);
  if (!units || !sizes.length) return natural * SMALLEST;
  return Math.min(natural, (LEGIBLE_PX * units) / Math.min(...sizes));
}

export function sizeGraph(svg) {
  if (svg.dataset.sized) return;
  svg.dataset.sized = "1";
  const natural = naturalWidth(svg);
  if (!natural) return;
  const figure = svg.classList.contains("lit-figure");
  const least = figure ? figureMinWidth(svg, natural) : natural * SMALLEST;
  // a stepper shows its whole graph, so that the active node is always in view
  if (!svg.closest(".mg-stepper")) svg.style.minWidth = `${Math.round(least)}px`;
  if (!svg.closest(".mg-stepper, .mg-visiting")) svg.dataset.litNatural = String(natural);
}

// The bar under a graph shown smaller than its natural size: a note and the full-size button.
// Measured first (for every picture of the page), then put in place: one layout for the page,
// not one per picture.
function measureZoom(svg) {
  const box = svg.closest(".lit-display");
  if (!box || !svg.dataset.litNatural) return null;
  const reduced = svg.getBoundingClientRect().width < Number(svg.dataset.litNatural) - 2;
  return { svg, box, reduced, wide: box.scrollWidth > box.clientWidth + 1 };
}

function placeZoomBar({ svg, box, reduced, wide }) {
  let bar = box.nextElementSibling;
  if (!bar || !bar.classList.contains("lit-zoom-bar")) {
    if (!reduced) return;
    bar = document.createElement("p");
    bar.className = "lit-zoom-bar";
    bar.innerHTML = '<span></span> <button type="button">Open it full size</button>';
    bar.querySelector("button").addEventListener("click", () => openFullSize(svg));
    box.after(bar);
  }
  bar.hidden = !reduced;
  bar.querySelector("span").textContent = wide
    ? "Wider than the page: scroll the picture sideways, or"
    : "Shown smaller than its natural size:";
}

const updateZoomBar = (svg) => {
  const measured = measureZoom(svg);
  if (measured) placeZoomBar(measured);
};

// The picture itself moves into a modal dialog and back (no copy: ids stay unique).
function openFullSize(svg) {
  const home = svg.parentElement;
  const placeholder = document.createComment("full-size view");
  home.insertBefore(placeholder, svg);
  const dialog = document.createElement("dialog");
  dialog.className = "lit-zoom";
  dialog.setAttribute("aria-label", "The picture at full size");
  dialog.innerHTML =
    '<form method="dialog"><button type="submit">Close (Esc)</button></form><div class="lit-zoom-body"></div>';
  const body = dialog.querySelector(".lit-zoom-body");
  const width = svg.style.width;
  svg.style.width = `${svg.dataset.litNatural}px`;
  body.append(svg);
  document.body.append(dialog);
  dialog.addEventListener("close", () => {
    svg.style.width = width;
    placeholder.replaceWith(svg);
    dialog.remove();
    updateZoomBar(svg);
  });
  dialog.showModal();
  // a graph is drawn left to right: open it at its output, where backward starts, as the
  // page's box does (markScrollable); a plot opens at its start
  if (svg.classList.contains("lit-graph")) body.scrollLeft = body.scrollWidth;
}

// A box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1): it gets a tab stop
// and a name saying so; a box that fits again loses them. Material gives a code block its tab
// stop only once the block comes into view (content.lazy): one off-screen gets it here.
const SCROLLERS = [
  ".lit-display",
  ".lit-output pre > samp",
  ".jupyter-wrapper .highlight-ipynb",
  ".arithmatex",
  ".md-typeset__scrollwrap",
  ".md-typeset div.highlight > pre > code",
].join(", ");

/** @type {Array<[string, (box: Element) => unknown]>} */
const KINDS = [
  ["Equation", (box) => box.classList.contains("arithmatex")],
  ["Table", (box) => box.classList.contains("md-typeset__scrollwrap")],
  ["Figure", (box) => box.querySelector("svg")],
  ["Output", (box) => box.closest(".lit-output")],
  ["Code", () => true],
];

// Every size is read before anything is written: writing between reads would make the browser
// lay the page out again for each box. Boxes are measured as they come within a screen of the
// viewport, then, while the browser is idle, the rest one by one: a box off-screen is not laid
// out while the page loads (site.css: content-visibility), and measuring it would lay it out.
function mark(boxes) {
  const pictures = boxes.flatMap((box) => within(box, "svg[data-lit-natural]").map(measureZoom));
  const sizes = boxes.map((box) => ({
    box,
    width: box.scrollWidth,
    scrolls: box.scrollWidth > box.clientWidth + 1,
  }));
  pictures.filter(Boolean).forEach(placeZoomBar);
  sizes.forEach(markBox);
  boxes.forEach((box) => unmeasured.delete(box));
}

const unmeasured = new Set();
const near = new IntersectionObserver(
  (entries) => {
    const boxes = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
    boxes.forEach((box) => near.unobserve(box));
    if (boxes.length) mark(boxes);
  },
  { rootMargin: "100% 0px" },
);

const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 50));
let sweeping = false;
function sweep() {
  if (sweeping) return;
  sweeping = true;
  idle(() => {
    sweeping = false;
    const [box] = unmeasured;
    if (!box) {
      document.documentElement.dataset.litMeasured = "1"; // every box of the page marked
      return;
    }
    near.unobserve(box);
    if (box.isConnected) mark([box]);
    else unmeasured.delete(box);
    sweep();
  });
}

// Measure again the boxes of root (a page: all of them; after a resize: all of them).
export function markScrollable(root = document) {
  if (root === document) delete document.documentElement.dataset.litMeasured;
  for (const box of within(root, SCROLLERS)) {
    unmeasured.add(box);
    near.observe(box);
  }
  sweep();
}

function markBox({ box, width, scrolls }) {
  // an exercise's editor is already a text box with its own tab stop and name: not a region
  if (box.matches(".lit-editor, [role='textbox']")) return;
  if (scrolls && !box.hasAttribute("tabindex")) {
    const what = KINDS.find(([, test]) => test(box))[0];
    // a graph (drawn left to right) opens with its output, where backward starts, in view
    // (widgets such as the stepper lay out their own rows: left as they are)
    const graph = box.querySelector("svg.lit-graph") && !box.querySelector(".mg-stepper, .mg-visiting");
    if (what === "Figure" && graph) box.scrollLeft = width;
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", `${what}, scrolls sideways`);
    box.dataset.litScrolls = "1";
  } else if (!scrolls && box.dataset.litScrolls) {
    ["tabindex", "role", "aria-label", "data-lit-scrolls"].forEach((a) => box.removeAttribute(a));
  }
}

// the build's graphs and figures, and those drawn later (a run's output, a stepper's new graph)
const PICTURES = ".lit-display svg.lit-graph, .lit-display svg.lit-figure, .mg-stepper-graph svg.lit-graph";
onContent((root) => {
  within(root, PICTURES).forEach(sizeGraph);
  markScrollable(root);
});
let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => markScrollable(), 200);
});
