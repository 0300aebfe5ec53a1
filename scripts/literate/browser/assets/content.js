// New content, for the modules that set up what is in it (graphs, the stepper, maths, ...):
// each page (Material's document$ announces every page, instant navigation included; without
// Material, the one page) and output inserted later, such as a run's graph or a live stepper,
// which the module that inserts it announces by dispatching CONTENT on the inserted element.
export const CONTENT = "literate:content";

export function announce(element) {
  element.dispatchEvent(new CustomEvent(CONTENT, { bubbles: true }));
}

// Counts the pages shown, as Material swaps each in (this module subscribes before any other,
// which imports it): a set-up in slices for a page the reader has left stops (inSlices).
let shown = 0;
if (typeof document$ !== "undefined") document$.subscribe(() => (shown += 1));

// setUp() once for each page shown, in a task of its own: after Material's setup of the page,
// which reads the layout code block by code block (our writes between its reads would make it
// lay the whole page out again for each), and short, as a page's tasks should be.
export function onPage(setUp) {
  if (typeof document$ !== "undefined") document$.subscribe(() => soon(setUp));
  else soon(setUp); // a module runs once the document is parsed
}

// work() in a task of its own, counted as a set-up not yet run until it has.
function soon(work) {
  pending(+1);
  setTimeout(() => {
    try {
      work();
    } finally {
      pending(-1);
    }
  }, 0);
}

// setUp(item) for each of items, a few milliseconds' worth a task (the first at once), then
// done(): a long page's set-up is many short tasks, which a reader's input can come between, on
// a phone's slower CPU too. Once the reader is on another page, it stops.
const SLICE_MS = 4;
/**
 * @template T
 * @param {T[]} items
 * @param {(item: T) => unknown} setUp
 * @param {() => void} [done]
 */
export function inSlices(items, setUp, done = () => {}) {
  const page = shown;
  let next = 0;
  const slice = () => {
    if (page !== shown) return;
    const end = performance.now() + SLICE_MS;
    while (next < items.length && performance.now() < end) setUp(items[next++]);
    if (next < items.length) soon(slice);
    else done();
  };
  slice();
}

// How many of these set-ups are scheduled and not yet run, on the document: with the loader's
// mark that every module is imported (site_assets.py), it tells a test the page is set up.
function pending(change) {
  const data = document.documentElement.dataset;
  data.litPending = String(Number(data.litPending ?? 0) + change);
}

// setUp(root) for each page (root: document) and each piece of content announced later.
export function onContent(setUp) {
  document.addEventListener(CONTENT, (event) => setUp(event.target));
  onPage(() => setUp(document));
}

// The elements of root matching selector, root itself included.
export function within(root, selector) {
  const found = [...root.querySelectorAll(selector)];
  return root.matches && root.matches(selector) ? [root, ...found] : found;
}

// setUp(element) for each element matching selector, once it comes within a screen's height of
// the viewport (or is shown, out of a closed <details> say): a widget off-screen costs nothing
// while the page loads, when every task counts (its own reads of the layout included), and is
// ready before the reader scrolls to it. Content announced later is watched the same way.
export function whenNear(selector, setUp) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        setUp(entry.target);
      }
    },
    { rootMargin: "100% 0px" },
  );
  onContent((root) => {
    if (root === document) observer.disconnect(); // a new page: the last one's widgets are gone
    within(root, selector).forEach((element) => observer.observe(element));
  });
}
