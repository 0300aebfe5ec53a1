// Render the TeX that pymdownx.arithmatex (generic mode) leaves in .arithmatex elements, with the
// vendored KaTeX. Material's instant navigation swaps pages without a reload, so render again on
// each new page (document$); without Material's script, render once the page has loaded.
(function () {
  function renderMath() {
    for (const element of document.querySelectorAll(".arithmatex")) {
      const source = element.textContent.trim();
      const display = source.startsWith("\\[");
      const tex = source.slice(2, -2); // drop the \( \) or \[ \] delimiters
      katex.render(tex, element, { displayMode: display, throwOnError: false });
    }
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(renderMath);
  } else {
    document.addEventListener("DOMContentLoaded", renderMath);
  }
})();
