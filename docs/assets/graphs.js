// Graph SVGs scale down to the content width (scripts/literate/present/svg.py keeps their natural width as
// max-width). A wide graph would shrink until its text is unreadable, so it never goes below
// 60% of its natural size: the .lit-display container scrolls sideways instead. A click on a
// graph shows it at full size (scroll to see it all); a second click fits it again.
(function () {
  const SMALLEST = 0.6;

  function naturalWidth(svg) {
    const width = svg.style.maxWidth; // e.g. "812pt"
    const value = parseFloat(width);
    return width.endsWith("pt") ? (value * 4) / 3 : value;
  }

  function setUp(svg) {
    if (svg.dataset.sized) return;
    svg.dataset.sized = "1";
    const natural = naturalWidth(svg);
    if (!natural) return;
    // a stepper shows its whole graph, so that the active node is always in view
    if (!svg.closest(".mg-stepper")) svg.style.minWidth = `${Math.round(natural * SMALLEST)}px`;
    svg.setAttribute("title", "Click to show at full size");
    svg.addEventListener("click", () => {
      const full = svg.classList.toggle("lit-fullsize");
      svg.style.width = full ? `${Math.round(natural)}px` : "";
      svg.style.maxWidth = full ? "none" : `${natural}px`;
      markScrollable();
    });
  }

  window.literateSizeGraph = setUp; // for graphs drawn later, in the browser (runner.js)

  // A box that scrolls sideways must be reachable by keyboard (WCAG 2.1.1): it gets a tab stop
  // and a name saying so; a box that fits again loses them.
  const SCROLLERS =
    ".lit-display, .lit-output pre > code, .jupyter-wrapper .highlight-ipynb, .arithmatex, .md-typeset__scrollwrap";

  const KINDS = [
    ["Equation", (box) => box.classList.contains("arithmatex")],
    ["Table", (box) => box.classList.contains("md-typeset__scrollwrap")],
    ["Figure", (box) => box.querySelector("svg")],
    ["Output", (box) => box.closest(".lit-output")],
    ["Code", () => true],
  ];

  function markScrollable() {
    document.querySelectorAll(SCROLLERS).forEach((box) => {
      const scrolls = box.scrollWidth > box.clientWidth + 1;
      if (scrolls && !box.hasAttribute("tabindex")) {
        const what = KINDS.find(([, test]) => test(box))[0];
        box.setAttribute("tabindex", "0");
        box.setAttribute("role", "region");
        box.setAttribute("aria-label", `${what}, scrolls sideways`);
        box.dataset.litScrolls = "1";
      } else if (!scrolls && box.dataset.litScrolls) {
        ["tabindex", "role", "aria-label", "data-lit-scrolls"].forEach((a) => box.removeAttribute(a));
      }
    });
  }
  window.literateMarkScrollable = markScrollable; // after the runner shows new output

  function setUpAll() {
    document.querySelectorAll(".lit-display svg.lit-graph, .mg-stepper-graph svg.lit-graph").forEach(setUp);
    markScrollable();
  }
  let resizing = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizing);
    resizing = setTimeout(markScrollable, 200);
  });
  if (typeof document$ !== "undefined") document$.subscribe(setUpAll);
  else document.addEventListener("DOMContentLoaded", setUpAll);
})();
