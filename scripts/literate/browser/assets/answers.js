// Self-check questions the reader answers. Each <form class="lit-answer"> carries the answer the
// build computed (present/practice_html.py, literate/answers.py): a number with its tolerance and
// the likely mistakes, or options with why each wrong one is tempting (as HTML the build made
// from the author's Markdown). The worked answer (the <details> after the form) opens on request,
// after a right answer, or after a second wrong one: one slip should not give it away.
import { onPage } from "./content.js";
import { CLEARED, work } from "./work.js";

function setUp() {
  const forms = /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.lit-answer[data-lit-answer]"));
  forms.forEach((form, index) => {
    if (form.dataset.litReady) return;
    form.dataset.litReady = "1";
    const spec = JSON.parse(form.dataset.litAnswer);
    keep(form, index);
    const worked = workedAnswer(form);
    let show = null; // "Show the worked answer", until it is shown
    if (worked) {
      worked.hidden = true;
      show = document.createElement("button");
      show.type = "button";
      show.className = "md-button lit-show-worked";
      show.textContent = "Show the worked answer";
      show.addEventListener("click", () => reveal(worked, show));
      form.querySelector("button[type=submit]").after(" ", show);
    }
    let wrong = 0;
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const verdict = spec.kind === "choice" ? checkChoice(form, spec) : checkNumber(form, spec);
      if (!verdict) return;
      const feedback = form.querySelector(".lit-answer-feedback");
      feedback.className = `lit-answer-feedback ${verdict.right ? "lit-solved" : "lit-failed"}`;
      feedback.textContent = verdict.text;
      if (verdict.why) {
        const why = document.createElement("span");
        why.innerHTML = verdict.why; // the build's HTML of the author's explanation
        feedback.append(why);
      }
      wrong += verdict.right ? 0 : 1;
      if (worked && (verdict.right || wrong >= 2)) {
        reveal(worked, show);
        feedback.append(" The worked answer is below.");
      }
    });
  });
}

// The reader's answer, kept on this device (work.js, keyed by the question's
// place and its build-computed answer) and put back on reload, said to be theirs.
function keep(form, index) {
  const key = work.key("answer", index, form.dataset.litAnswer);
  const kept = work.get(key);
  const text = form.querySelector("input[type=text]");
  if (kept !== undefined) {
    if (text) text.value = kept;
    const option = [...form.querySelectorAll("input[type=radio]")].find((o) => o.value === kept);
    if (option) option.checked = true;
    const feedback = form.querySelector(".lit-answer-feedback");
    feedback.className = "lit-answer-feedback";
    feedback.textContent = "Your answer from before, kept on this device.";
  }
  const save = () => {
    const picked = form.querySelector("input[type=radio]:checked");
    const value = text ? text.value : picked ? picked.value : "";
    work.set(key, value === "" ? null : value);
  };
  form.addEventListener("input", save);
  form.addEventListener("change", save);
  forgetters.set(form, () => {
    form.reset();
    form.querySelector(".lit-answer-feedback").textContent = "";
  });
}

const forgetters = new WeakMap(); // each answer's form -> what blanks it

// "Forget my edits on this page" (runner.js): every answer blank again.
document.addEventListener(CLEARED, () => {
  document.querySelectorAll("form.lit-answer").forEach((form) => forgetters.get(form)?.());
});

function reveal(worked, show) {
  worked.hidden = false;
  worked.open = true; // unfolded, not just its summary
  if (!show || !show.isConnected) return;
  const hadFocus = document.activeElement === show;
  show.remove();
  const summary = worked.querySelector("summary");
  if (hadFocus && summary) summary.focus(); // keyboard users land on what they asked for
}

// The details after the form's output box, in the same question (the "Worked answer").
function workedAnswer(form) {
  let next = (form.closest(".lit-output") || form).nextElementSibling;
  while (next && next.tagName !== "DETAILS") next = next.nextElementSibling;
  return next;
}

function checkNumber(form, spec) {
  const input = form.querySelector("input");
  const given = parseNumber(input.value);
  const feedback = form.querySelector(".lit-answer-feedback");
  if (given === null) {
    feedback.className = "lit-answer-feedback lit-failed";
    feedback.textContent = `"${input.value}" is not a number: type one, such as -2.5 or 1/4.`;
    return null;
  }
  const close = (value) => Math.abs(given - value) <= spec.tolerance;
  if (close(spec.value)) {
    return { right: true, text: `Right: ${given} matches the ${format(spec.value)} this page computed.` };
  }
  const mistake = spec.mistakes.find((m) => close(m.value));
  if (mistake) return { right: false, text: `Not quite: ${given} is what you get `, why: mistake.why };
  if (spec.value !== 0 && Math.abs(given + spec.value) <= spec.tolerance) {
    return { right: false, text: `Not quite: ${given} has the right size but the wrong sign.` };
  }
  const way = given > spec.value ? "too high" : "too low";
  return { right: false, text: `Not quite: ${given} is ${way}. Try working it through again.` };
}

function checkChoice(form, spec) {
  const picked = form.querySelector("input:checked");
  const feedback = form.querySelector(".lit-answer-feedback");
  if (!picked) {
    feedback.className = "lit-answer-feedback lit-failed";
    feedback.textContent = "Pick one of the options first.";
    return null;
  }
  if (picked.value === spec.answer) return { right: true, text: `Right: ${spec.answer}.` };
  const why = spec.why[picked.value];
  if (why) return { right: false, text: "Not quite: ", why };
  return { right: false, text: `Not quite: "${picked.value}" is not it.` };
}

// A decimal (1.5, -2e-3) or a fraction (1/4); null for anything else.
function parseNumber(text) {
  const cleaned = text.trim().replace(/\u2212/g, "-");
  const fraction = cleaned.match(/^(-?[\d.]+)\s*\/\s*(-?[\d.]+)$/);
  if (fraction) {
    const value = Number(fraction[1]) / Number(fraction[2]);
    return Number.isFinite(value) ? value : null;
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

function format(value) {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
}

onPage(setUp);
