// A box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1): it gets a tab stop
// and a name saying so; a box that fits again loses them. Material gives a code block its tab
// stop only once the block comes into view (content.lazy): one off-screen gets it here. A
// block's code that is an editor (code-editor.js) is a text box with its own tab stop: skipped.
import { within } from "./content.js";
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
  const pictures = boxes.flatMap((box) => within(box, "svg[data-lit-natural]").map(measureZoom));
  const sizes = boxes.map((box) => ({
    box,
    width: box.scrollWidth,
    scrolls: box.scrollWidth > box.clientWidth + 1,
  }));
  pictures.filter(Boolean).forEach(placeZoomBar);
  sizes.forEach(markBox);
}

function markBox({ box, width, scrolls }) {
  if (box.matches(EDITOR)) return;
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

// A box far from the viewport is not drawn (literate.css), and reports no size until it is:
// what is known decides instead where it is clear, a text's width in characters (code, an
// output's text) or a picture's least width (graphs.js), against the width its box has, which
// is known without drawing its contents. Too close to call, or nothing known: null, and the
// box is measured (as it comes near, if not drawn yet).
// How many characters wide text is in the code font: its longest line. Null when that is not
// sure: a tab, or a character outside ASCII (a glyph the font may lack, drawn wider or
// narrower) on a line within a fifth of the longest.
function columns(text) {
  const lines = text.replace(/\n$/, "").split("\n");
  const widest = Math.max(...lines.map((line) => line.length));
  const unsure = lines.some((line) => line.length >= 0.8 * widest && /[^\x20-\x7e]/.test(line));
  return unsure || text.includes("\t") ? null : widest;
}

let charsPerEm = 0; // the code font's character width, in its em
function codeCharacter() {
  if (!charsPerEm) {
    const probe = document.createElement("pre");
    probe.style.cssText = "position: absolute; visibility: hidden; padding: 0; width: auto";
    probe.textContent = "0".repeat(40);
    (document.querySelector(".md-typeset") || document.body).append(probe);
    charsPerEm = probe.getBoundingClientRect().width / 40 / parseFloat(getComputedStyle(probe).fontSize);
    probe.remove();
  }
  return charsPerEm;
}

const sides = (style, what) => parseFloat(style[`${what}Left`]) + parseFloat(style[`${what}Right`]);

// The width a box is drawn at, from the undrawn element around it (its width does not
// depend on what is inside it) and the spacing of what lies between: style only, no layout.
function widthFor(box, holder) {
  let width = holder.clientWidth - sides(getComputedStyle(holder), "padding");
  for (let node = box.parentElement; node && node !== holder; node = node.parentElement) {
    const style = getComputedStyle(node);
    width -= sides(style, "margin") + sides(style, "padding") + parseFloat(style.borderLeftWidth) + parseFloat(style.borderRightWidth);
  }
  return width;
}

/** @param {HTMLElement} box */
function estimate(box) {
  const holder = box.closest(UNDRAWN);
  // drawn already (near the viewport once): measured, which costs little now
  if (!holder || box.checkVisibility({ contentVisibilityAuto: true })) return null;
  const width = widthFor(box, holder);
  if (width <= 0) return null; // not shown (in a closed <details>, say): nothing to lay out
  const svgs = box.querySelectorAll("svg");
  if (box.classList.contains("lit-display")) {
    const svg = /** @type {SVGSVGElement} */ (svgs[0]);
    if (svgs.length !== 1 || !svg.dataset.litNatural || !svg.style.minWidth) return null;
    const least = parseFloat(svg.style.minWidth);
    const natural = Number(svg.dataset.litNatural);
    if (Math.abs(least - width) < 4 || Math.abs(natural - width) < 4) return null;
    const scrolls = least > width;
    return { box, width: null, scrolls, picture: { svg, box, reduced: width < natural, wide: scrolls } };
  }
  // text as it is drawn, line for line: code, an output's text (not one inside a picture's box)
  if (!box.matches("pre > code, pre > samp") || box.closest(".lit-display")) return null;
  const cols = columns(box.textContent);
  if (cols === null) return null;
  const style = getComputedStyle(box);
  const character = codeCharacter() * parseFloat(style.fontSize);
  const needs = cols * character + sides(style, "padding");
  if (Math.abs(needs - width) < 2 * character) return null;
  return { box, width: null, scrolls: needs > width, picture: null };
}

/** @type {Set<HTMLElement>} */
const unmeasured = new Set();
const forget = (box) => {
  near.unobserve(box);
  unmeasured.delete(box);
};
const near = new IntersectionObserver(
  (entries) => {
    const boxes = entries.filter((entry) => entry.isIntersecting).map((entry) => entry.target);
    boxes.forEach(forget);
    if (boxes.length) mark(boxes);
  },
  { rootMargin: "100% 0px" },
);

// While the browser is idle: every box that can be estimated at once (all reads, then all
// writes), still watched so that it is measured as it comes near; then the others one by one.
const idle = window.requestIdleCallback || ((callback) => setTimeout(callback, 50));
let sweeping = false;
function sweep() {
  if (sweeping) return;
  sweeping = true;
  idle(() => {
    sweeping = false;
    for (const box of unmeasured) if (box.matches(EDITOR)) forget(box); // an editor since
    const estimates = [...unmeasured].map(estimate).filter(Boolean);
    estimates.forEach(({ picture }) => picture && placeZoomBar(picture));
    estimates.forEach((estimated) => {
      markBox(estimated);
      unmeasured.delete(estimated.box); // still watched: measured as it comes near
    });
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
    near.observe(box);
  }
  sweep();
}
