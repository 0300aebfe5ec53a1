// How wide a code block's or an output's text is drawn, without drawing it: its longest line in
// characters of the code font, a character outside ASCII counted by its own width (a glyph the
// font lacks comes from another font, wider or narrower), in the em of the element around the
// box, with the room the box takes beside its text (the holder's padding, the box's own).
// Measured once, on copies of each kind of box laid out off-screen.

// Each kind of text box as literate.css and Material lay it out: what opens and closes it
const PROBES = {
  code: ['<div class="highlight"><pre><code>', "</code></pre></div>"],
  samp: ['<div class="lit-output"><pre class="lit-stdout"><samp>', "</samp></pre></div>"],
};
const SAMPLE = "0000000000"; // ten characters of the font's own
const OUTSIDE_ASCII = /[^\x20-\x7e]/gu;
// a tab, a combining mark or a zero-width character: its width depends on its neighbours
const UNSURE = /[\t\p{M}\u200b-\u200f\u2060]/u;

/** @typedef {{character: number, room: number, glyphs: Map<string, number>}} Metrics */
/** @type {Record<string, Metrics> | null} */
let metrics = null;

export const measured = () => metrics !== null;

// The metrics of each kind, and the widths of the characters outside ASCII of `texts`: one
// layout of a contained copy, which lays out nothing else.
/** @param {string[]} texts */
export function measureText(texts) {
  const glyphs = new Set();
  texts.forEach((text) => (text.match(OUTSIDE_ASCII) || []).forEach((glyph) => glyphs.add(glyph)));
  const samples = [SAMPLE, ...[...glyphs].map((glyph) => glyph.repeat(10))];
  const lines = samples.map((sample) => `<span>${sample}</span>`).join("\n");
  const host = document.createElement("div");
  host.style.cssText = "position: absolute; left: -9999px; width: 40em; height: 20em; contain: strict; visibility: hidden";
  host.innerHTML = Object.values(PROBES).map(([open, close]) => open + lines + close).join("");
  [...host.children].forEach((holder) => holder.setAttribute("style", "content-visibility: visible"));
  (document.querySelector(".md-typeset") || document.body).append(host);
  metrics = {};
  Object.keys(PROBES).forEach((kind, i) => {
    const holder = /** @type {HTMLElement} */ (host.children[i]);
    const widths = [...holder.querySelectorAll("span")].map((span) => span.getBoundingClientRect().width / 10);
    const box = holder.querySelector("span").parentElement;
    const em = parseFloat(getComputedStyle(holder).fontSize);
    const style = getComputedStyle(box);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const character = widths[0];
    metrics[kind] = {
      character: character / em,
      room: (holder.clientWidth - box.clientWidth + padding) / em,
      glyphs: new Map([...glyphs].map((glyph, j) => [glyph, widths[j + 1] / character])),
    };
  });
  host.remove();
}

// What drawing `text` in a box of `kind` needs, in the em of the element around the box: its
// longest line and the room beside it (`needs`), and one character (`character`). Null when
// that is not sure: a character whose width depends on its neighbours, or one not measured.
/** @param {string} text @param {string} kind */
export function textWidth(text, kind) {
  if (!metrics || UNSURE.test(text)) return null;
  const { character, room, glyphs } = metrics[kind];
  let widest = 0;
  for (const line of text.replace(/\n$/, "").split("\n")) {
    let columns = line.length;
    for (const glyph of line.match(OUTSIDE_ASCII) || []) {
      const width = glyphs.get(glyph);
      if (width === undefined) return null;
      columns += width - glyph.length; // a character outside the BMP is two code units
    }
    widest = Math.max(widest, columns);
  }
  return { needs: widest * character + room, character };
}
