// A box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1): it gets a tab stop
// and a name saying so; a box that fits again loses them. Material gives a code block its tab
// stop only once the block comes into view (content.lazy): one off-screen gets it here. A
// block's code that is an editor (code-editor.js) is a text box with its own tab stop: skipped.
import { within } from "./content.js";
import { measured, measureText, textWidth } from "./text-widths.js";
import { measureZoom, placeZoomBar } from "./zoom.js";

const SCROLLERS = [
  ".lit-display",
  ".lit-output pre > samp",
  ".jupyter-wrapper .highlight-ipynb",
  "div.arithmatex",
  ".md-typeset__scrollwrap",
  ".md-typeset div.highlight > pre > code",
].join(", ");
const EDITOR = ".lit-editor, [role='textbox']";
// what literate.css does not draw until it is near the viewport (content-visibility)
const UNDRAWN = ".md-typeset div.highlight, .md-typeset .lit-output";
// a box that is itself not drawn until near (a display formula far below: prose_heights.py),
// whose overflow is not known until it is
const UNDRAWN_ITSELF = ".md-typeset > div.arithmatex[style*='--lit-height']";

/** @type {Array<[string, (box: Element) => unknown]>} */
const KINDS = [
  ["Equation", (box) => box.classList.contains("arithmatex")],
  ["Table", (box) => box.classList.contains("md-typeset__scrollwrap")],
  ["Figure", (box) => box.querySelector("svg")],
  ["Output", (box) => box.closest(".lit-output")],
  ["Code", () => true],
];

// Every size is read before anything is written: writing between reads would make the browser
// lay the page out again for each box.
function mark(boxes) {
  boxes = boxes.filter((box) => !box.matches(EDITOR));
  // drawn for the measurement (one layout), then left to the browser to draw when near again
  const itself = /** @type {HTMLElement[]} */ (boxes.filter((box) => box.matches(UNDRAWN_ITSELF)));
  itself.forEach((box) => box.style.setProperty("content-visibility", "visible"));
  const pictures = boxes.flatMap((box) => within(box, "svg[data-lit-natural]").map(measureZoom));
  const sizes = boxes.map((box) => ({
    box,
    width: box.scrollWidth,
    scrolls: box.scrollWidth > box.clientWidth + 1,
  }));
  itself.forEach((box) => box.style.removeProperty("content-visibility"));
  pictures.filter(Boolean).forEach(placeZoomBar);
  sizes.forEach(markBox);
}

function markBox({ box, width, scrolls }) {
  // a graph (drawn left to right) opens with its output, where backward starts, in view
  // (widgets such as the stepper lay out their own rows: left as they are); once its width
  // is known, as it comes near
  const graph = box.querySelector("svg.lit-graph") && !box.querySelector(".mg-stepper, .mg-visiting");
  if (scrolls && graph && width !== null && !box.dataset.litOpened) {
    box.scrollLeft = width;
    box.dataset.litOpened = "1";
  }
  if (scrolls && !box.hasAttribute("tabindex")) {
    const what = KINDS.find(([, test]) => test(box))[0];
    box.setAttribute("tabindex", "0");
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", `${what}, scrolls sideways`);
    box.dataset.litScrolls = "1";
  } else if (!scrolls && box.dataset.litScrolls) {
    ["tabindex", "role", "aria-label", "data-lit-scrolls"].forEach((a) => box.removeAttribute(a));
  }
}

const fits = (element) => element.hasAttribute("data-lit-fits");
const HIDDEN = "hidden"; // not shown: marked once it is, as it comes near
/** @param {Element} box @returns {"code" | "samp" | null} text as it is drawn, line for line */
function textKind(box) {
  if (box.closest(".lit-display")) return null; // a picture's box
  if (box.matches("div.highlight > pre > code")) return "code";
  return box.matches(".lit-output > pre > samp") ? "samp" : null;
}

// A box far from the viewport is not drawn (literate.css), and reports no size until it is:
// what is known decides instead where it is clear, a text's width in characters (code, an
// output's text) or a picture's least width (graphs.js), against the width its box has, which
// is known without drawing its contents. Too close to call, or nothing known: null, and the
// box is measured (as it comes near, if not drawn yet); in a closed <details>: HIDDEN.
/** @param {HTMLElement} box */
function estimate(box) {
  const holder = box.closest(UNDRAWN);
  // drawn already (near the viewport once): measured, which costs little now
  if (!(holder instanceof HTMLElement) || box.checkVisibility({ contentVisibilityAuto: true })) return null;
  // its width does not depend on what is inside it: known without drawing it, as the browser
  // last laid the page out (reading clientWidth here would lay it out again, in this task)
  const content = holderWidths.get(holder);
  // not shown (in a closed <details>, an unselected tab): nothing to measure until it is, and
  // then it is near (watched); or not heard yet
  if (!content) return holder.checkVisibility() ? null : HIDDEN;
  // a widget whose parts each say they lay themselves out within its box's width (what is
  // wider scrolls inside them, in a box of its own): drawing it to be sure costs a long task
  const parts = [...box.children];
  if (box.classList.contains("lit-display") && parts.length && parts.every(fits)) {
    return { box, width: null, scrolls: false, picture: null };
  }
  const style = getComputedStyle(holder);
  const width = content + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
  if (box.classList.contains("lit-display") && box.parentElement === holder) {
    const svgs = box.querySelectorAll("svg");
    const svg = /** @type {SVGSVGElement} */ (svgs[0]);
    if (svgs.length !== 1 || !svg.dataset.litNatural || !svg.style.minWidth) return null;
    const shown = width - parseFloat(style.paddingLeft) * 2; // .lit-output's
    const least = parseFloat(svg.style.minWidth);
    const natural = Number(svg.dataset.litNatural);
    if (Math.abs(least - shown) < 4 || Math.abs(natural - shown) < 4) return null;
    const scrolls = least > shown;
    return { box, width: null, scrolls, picture: { svg, box, reduced: shown < natural, wide: scrolls } };
  }
  const kind = textKind(box);
  const text = kind && textWidth(box.textContent, kind);
  if (!text) return null;
  const em = parseFloat(style.fontSize);
  const needs = text.needs * em;
  if (Math.abs(needs - width) < text.character * em) return null; // within a character: measure
  return { box, width: null, scrolls: needs > width, picture: null };
}

// The content width of each box's undrawn holder, as the browser lays it out: a ResizeObserver
// hears it after each layout (of every holder shown: one in a closed <details> is not reported),
// where reading it in a script would force one. It reports in the frame after a holder is
// first observed: the sweep starts after that frame.
/** @type {WeakMap<Element, number>} */
const holderWidths = new WeakMap();
const holders = new ResizeObserver((entries) => {
  for (const entry of entries) holderWidths.set(entry.target, entry.contentBoxSize[0].inlineSize);
});

const unmeasured = new Set();
const unjudged = new Set(); // the boxes added since the sweep last judged
const forget = (box) => {
  near.unobserve(box);
  unmeasured.delete(box);
  unjudged.delete(box);
};
const near = new IntersectionObserver(
  (entries) => {
    const boxes = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
    boxes.forEach(forget);
    if (boxes.length) mark(boxes);
  },
  { rootMargin: "100% 0px" },
);

// While the browser is idle: the boxes added since the last sweep that can be judged, a few
// milliseconds' worth at a time (all reads, then all writes), still watched so that each is
// measured as it comes near; then the others one by one, each judged once only. A slice stays
// short so that it never blocks a reader's input for long, on a phone's slower CPU too.
const SLICE_MS = 5;
const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 50));
let sweeping = false;
function sweep() {
  if (sweeping) return;
  sweeping = true;
  idle(() => {
    sweeping = false;
    for (const box of unmeasured) if (box.matches(EDITOR)) forget(box); // an editor since
    if (!measured() && unjudged.size) {
      // the text's metrics first, on their own: the page is laid out again after them (a
      // frame) before the sweep reads the boxes' widths, which then costs nothing more
      measureText([...unjudged].filter(textKind).map((box) => box.textContent));
      requestAnimationFrame(sweep);
      return;
    }
    const estimates = [];
    const end = performance.now() + SLICE_MS;
    for (const box of unjudged) {
      unjudged.delete(box);
      const estimated = estimate(box);
      if (estimated === HIDDEN) unmeasured.delete(box); // still watched: measured once shown
      else if (estimated) estimates.push(estimated);
      if (performance.now() > end) break;
    }
    estimates.forEach(({ picture }) => picture && placeZoomBar(picture));
    estimates.forEach((estimated) => {
      markBox(estimated);
      unmeasured.delete(estimated.box); // still watched: measured as it comes near
    });
    if (unjudged.size) return sweep(); // judged in the next slice
    const [box] = unmeasured;
    if (!box) {
      document.documentElement.dataset.litMeasured = "1"; // every box of the page marked
      return;
    }
    forget(box);
    if (box.isConnected) mark([box]);
    sweep();
  });
}

// Measure again the boxes of root (a page: all of them; after a resize: all of them).
export function markScrollable(root = document) {
  if (root === document) delete document.documentElement.dataset.litMeasured;
  for (const box of within(root, SCROLLERS)) {
    if (box.matches(EDITOR) || !(box instanceof HTMLElement)) continue;
    unmeasured.add(box);
    unjudged.add(box);
    near.observe(box);
    const holder = box.closest(UNDRAWN);
    if (holder) holders.observe(holder);
  }
  requestAnimationFrame(() => setTimeout(sweep)); // once the holders' widths are heard
}
