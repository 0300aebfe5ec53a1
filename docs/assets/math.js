// Render the TeX that pymdownx.arithmatex (generic mode) leaves in .arithmatex elements, with
// KaTeX vendored into the site's runtime folder (scripts/tools/vendor-runtime.sh). KaTeX's script,
// stylesheet and fonts are fetched only by a page that has maths, the first time one is shown.
// Each new page (Material's instant navigation swaps pages without a reload) and each piece of
// content announced later (a run's HTML output) is looked at (content.js).
// graphs.js and content.js are the literate package's, beside this file in the site's assets/.
import { onContent, within } from "./content.js";
import { markScrollable } from "./graphs.js";

const katexDir = new URL("runtime/katex/", import.meta.url);
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

async function renderMath(root) {
  const elements = within(root, ".arithmatex");
  if (!elements.length) return;
  await loadKatex();
  for (const element of elements) {
    if (element.querySelector(".katex")) continue;
    const source = element.textContent.trim();
    const display = source.startsWith("\\[");
    const tex = source.slice(2, -2); // drop the \( \) or \[ \] delimiters
    katex.render(tex, element, { displayMode: display, throwOnError: false });
  }
  markScrollable(); // wide equations scroll sideways (graphs.js)
}
onContent(renderMath);
