// The reader's work, kept on this device: edited blocks (runner.js), exercises (exercises.js)
// and self-check answers (answers.js).
// One localStorage entry per page (by its path): {key: text}. A key names what was edited
// and the page's own version of it, "block:3:1a2b3c4d" for block 3 whose built code hashes
// to 1a2b3c4d: on a rebuilt page whose code there changed, the key differs, so a stale edit
// is not brought back (and the next save there drops it).
function hash(text) {
  let h = 0x811c9dc5; // FNV-1a, 32 bits: a fingerprint, not a secret
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, "0");
}

export const work = {
  name: () => `literate-work:${location.pathname}`,
  key: (kind, index, pageVersion) => `${kind}:${index}:${hash(pageVersion)}`,
  all() {
    try {
      return JSON.parse(localStorage.getItem(this.name())) || {};
    } catch (error) {
      return {};
    }
  },
  get(key) {
    return this.all()[key];
  },
  // Keep a text under key (null: forget it), and forget other versions of the same thing.
  set(key, text) {
    const all = this.all();
    const what = key.slice(0, key.lastIndexOf(":") + 1);
    for (const other of Object.keys(all)) if (other.startsWith(what)) delete all[other];
    if (text !== null) all[key] = text;
    try {
      if (Object.keys(all).length) localStorage.setItem(this.name(), JSON.stringify(all));
      else localStorage.removeItem(this.name());
    } catch (error) {
      // private mode or full storage: the page still works, it just cannot remember
    }
  },
  has: () => Object.keys(work.all()).length > 0,
};
export const CLEARED = "literate:work-cleared"; // event on document: exercises and answers forget
