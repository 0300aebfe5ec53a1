// What the reader has done on the exercises, kept on this device (localStorage): which are
// solved (id -> when), and how far the last check of an unsolved one got, for a check that
// counts (the first 7 of 13 properties hold: id -> [held, total]). Private mode or full storage: the
// page still grades, it just cannot remember.
const SOLVED = "literate-solved-exercises";
const PROGRESS = "literate-exercise-progress";

function read(name) {
  try {
    return JSON.parse(localStorage.getItem(name)) || {};
  } catch (error) {
    return {};
  }
}

function write(name, all) {
  try {
    localStorage.setItem(name, JSON.stringify(all));
  } catch (error) {
    // not kept: see above
  }
}

/** @returns {Object<string, string>} */
export function solved() {
  return read(SOLVED);
}

/** @returns {Object<string, Array<number>>} */
export function progress() {
  return read(PROGRESS);
}

export function markSolved(id) {
  const all = solved();
  all[id] = all[id] || new Date().toISOString();
  write(SOLVED, all);
  keepProgress(id, undefined);
}

/** @param {string} id @param {Array<number> | undefined} held [held, total], or none */
export function keepProgress(id, held) {
  const all = progress();
  if (held) all[id] = held;
  else delete all[id];
  write(PROGRESS, all);
}

// "the first 7 of 13 held" for an exercise whose last check counted, else "".
export function progressWords(id) {
  const held = progress()[id];
  return held ? `the first ${held[0]} of ${held[1]} held` : "";
}
