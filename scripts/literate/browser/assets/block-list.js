// The page's block list (literate/present/browser.py): what setting the page up needs of each
// block, in the page's <div class="lit-blocks" data-lit-page>, and the rest (the blocks' code,
// the exercises' checks and solutions, the prose's values to recompute) in a file under
// assets/, fetched on the reader's intent. The shapes are contracts.js's.

/** @typedef {import("./contracts.js").BlockEntry} BlockEntry */
/** @typedef {import("./contracts.js").BlockInPage} BlockInPage */
/** @typedef {import("./contracts.js").BlocksInPage} BlocksInPage */
/** @typedef {import("./contracts.js").ExerciseEntry} ExerciseEntry */
/** @typedef {import("./contracts.js").ExerciseInPage} ExerciseInPage */
/** @typedef {import("./contracts.js").InlineValueEntry} InlineValueEntry */
/**
 * A block as the runner holds it: its entry in the page, all of it once the file is in, and
 * what this visit did with it.
 * @typedef {Omit<BlockInPage, "exercise"> & Omit<Partial<BlockEntry>, "exercise"> & {
 *   exercise?: ExerciseInPage & Partial<ExerciseEntry>, index: number, ranSeq: number | null,
 *   ranCode?: string, view?: import("./block-view.js").BlockView}} RunnerBlock
 */

const assetsUrl = new URL("./", import.meta.url); // the file's address is relative to it

/** @returns {BlocksInPage | null} the page's list, if it has one */
export function listedBlocks() {
  const list = /** @type {HTMLElement | null} */ (document.querySelector(".lit-blocks[data-lit-page]"));
  return list ? JSON.parse(list.dataset.litPage) : null;
}

/** @param {BlocksInPage} listed */
export function fileOf(listed) {
  return new URL(listed.source, assetsUrl);
}

/**
 * Fill in the page's blocks from their file (in place: the views hold them), and resolve to
 * the prose's values to recompute.
 * @param {URL} source
 * @param {string} path
 * @param {RunnerBlock[]} blocks
 * @returns {Promise<InlineValueEntry[]>}
 */
export async function fetchWhole(source, path, blocks) {
  const response = await fetch(source);
  if (!response.ok) throw new Error(`this page's code did not load (${response.status} ${source.pathname})`);
  /** @type {import("./contracts.js").BlockListFile} */
  const data = await response.json();
  const same = (whole, i) => whole.kind === blocks[i].kind && whole.line === blocks[i].line;
  if (data.path !== path || data.blocks.length !== blocks.length || !data.blocks.every(same)) {
    throw new Error("this page's code is from another build of the site: reload the page");
  }
  data.blocks.forEach((whole, index) => {
    const { exercise, ...rest } = whole;
    Object.assign(blocks[index], rest);
    if (exercise) Object.assign(blocks[index].exercise, exercise); // the exercise's view holds it
  });
  return data.values;
}
