// Graph SVGs scale down to the content width (scripts/literate/present/svg.py keeps their natural width as
// max-width). A wide graph would shrink until its text is unreadable, so it never goes below
// 60% of its natural size: the .lit-display container scrolls sideways instead. A figure (a
// plot) likewise never shrinks its smallest text below LEGIBLE_PX. A picture shown smaller
// than its natural size gets a bar under it that says so and opens it full size (zoom.js); a box
// that scrolls sideways, a tab stop (scrollers.js).
import { inSlices, onContent, within } from "./content.js";
import { markScrollable } from "./scrollers.js";

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

// the build's graphs and figures, and those drawn later (a run's output, a stepper's new graph),
// sized; then the boxes that hold them marked
const PICTURES = ".lit-display svg.lit-graph, .lit-display svg.lit-figure, .mg-stepper-graph svg.lit-graph";
onContent((root) => inSlices(within(root, PICTURES), sizeGraph, () => markScrollable(root)));
let resizing = null;
window.addEventListener("resize", () => {
  clearTimeout(resizing);
  resizing = setTimeout(() => markScrollable(), 200);
});
