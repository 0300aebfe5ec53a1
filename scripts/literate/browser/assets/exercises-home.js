// The home page's table of every chapter's exercises (from the build's catalogue), with what
// the reader solved on this device: imported by exercises.js only where the table goes.
// An exercise whose last check counted how far it got shows that beside its chapter's count.
import { progressWords, solved } from "./exercise-store.js";

export async function showSiteProgress(box, escapeHtml) {
  const done = solved();
  // The site's root from this module's own address (assets/ is one level down): Material's
  // relative base belongs to the page first loaded, not to one reached by instant navigation.
  const base = new URL("../", import.meta.url);
  try {
    const catalogue = await (await fetch(new URL("assets/exercises.json", base))).json();
    const rows = catalogue.pages.map((page) => {
      const count = page.exercises.filter((exercise) => done[exercise.id]).length;
      const url = new URL(page.url, base).href;
      const partial = page.exercises
        .filter((exercise) => !done[exercise.id] && progressWords(exercise.id))
        .map((exercise) => `; ${escapeHtml(exercise.title)}: ${progressWords(exercise.id)}`);
      return `<tr><td><a href="${url}">${escapeHtml(page.title)}</a></td><td>${count} of ${page.exercises.length}${partial.join("")}</td></tr>`;
    });
    const total = catalogue.pages.reduce((sum, page) => sum + page.exercises.length, 0);
    const solvedCount = catalogue.pages.reduce(
      (sum, page) => sum + page.exercises.filter((exercise) => done[exercise.id]).length,
      0,
    );
    box.innerHTML =
      `<p>You have solved ${solvedCount} of the ${total} exercises on this device.</p>` +
      `<table><caption>Exercises solved, by chapter</caption><thead><tr><th scope="col">Chapter</th>` +
      `<th scope="col">Solved</th></tr></thead><tbody>${rows.join("")}</tbody></table>`;
  } catch (error) {
    box.textContent = `Your progress could not be read: ${error.message}`;
  }
}
