// Render the TeX that pymdownx.arithmatex (generic mode) leaves in .arithmatex elements, with
// KaTeX vendored into the site's runtime folder (scripts/tools/vendor-runtime.sh). KaTeX's script,
// stylesheet and fonts are fetched only by a page that has maths, the first time one is shown.
// Material's instant navigation swaps pages without a reload, so look again on each new page
// (document$); without Material's script, once the page has loaded.
(function () {
  const scriptUrl = document.currentScript ? document.currentScript.src : location.href;
  const katexDir = new URL("runtime/katex/", scriptUrl);
  let loading = null;

  function loadKatex() {
    if (!loading) {
      const style = document.createElement("link");
      style.rel = "stylesheet";
      style.href = new URL("katex.min.css", katexDir).href;
      document.head.append(style);
      loading = new Promise((resolve, reject) => {
        const script = document.createElement("script");
        script.src = new URL("katex.min.js", katexDir).href;
        script.onload = resolve;
        script.onerror = () => reject(new Error(`could not load ${script.src}`));
        document.head.append(script);
      });
    }
    return loading;
  }

  async function renderMath() {
    const elements = document.querySelectorAll(".arithmatex");
    if (!elements.length) return;
    await loadKatex();
    for (const element of elements) {
      if (element.querySelector(".katex")) continue;
      const source = element.textContent.trim();
      const display = source.startsWith("\\[");
      const tex = source.slice(2, -2); // drop the \( \) or \[ \] delimiters
      katex.render(tex, element, { displayMode: display, throwOnError: false });
    }
    if (window.literateMarkScrollable) window.literateMarkScrollable(); // wide equations
  }
  if (typeof document$ !== "undefined") {
    document$.subscribe(renderMath);
  } else {
    document.addEventListener("DOMContentLoaded", renderMath);
  }
})();
