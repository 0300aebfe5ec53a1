// Typeset TeX with KaTeX in Node, for the build (literate/present/maths.py): reads
// {katex, items: [{tex, display}]} as JSON on stdin, writes [{html} | {error}] as JSON on
// stdout, one entry an item. KaTeX's HTML comes with its MathML, which screen readers read.
const fs = require("fs");

const request = JSON.parse(fs.readFileSync(0, "utf8"));
const katex = require(request.katex);
const typeset = ({ tex, display }) => {
  try {
    return { html: katex.renderToString(tex, { displayMode: display, throwOnError: true }) };
  } catch (error) {
    return { error: error.message };
  }
};
process.stdout.write(JSON.stringify(request.items.map(typeset)));
