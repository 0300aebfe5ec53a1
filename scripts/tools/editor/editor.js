// The site's code editor: CodeMirror 6 assembled from its small extensions (language, history,
// keymap). Bundled by esbuild at `make` time (scripts/tools/vendor-editor.sh) into
// .cache/runtime/editor/editor.js, copied into the site with the rest of the runtime, and
// imported by runner.js only when the reader first focuses or points at a block's code.
//
// createEditor(parent, options) -> {view, code(), setCode(text), focus(), typed()}
//   options.doc        the code to start with
//   options.firstLine  the page line of the code's first line: line numbers match tracebacks
//   options.label      the accessible name of the editor
//   options.describedBy id of the element that says how to use and leave the editor
//   options.onRun      Ctrl/Cmd+Enter
//   options.onChange   (code) after every change of the text
//   options.onMode     ("typing" | "moving" | "blurred") how Tab behaves now, for the hint
//
// Tab moves focus until the reader types in the editor; from then on Tab indents, and
// Escape then Tab (or Shift+Tab) leaves it: CodeMirror's own convention, said on screen.
import { closeBrackets, closeBracketsKeymap } from "@codemirror/autocomplete";
import {
  defaultKeymap,
  history,
  historyKeymap,
  indentLess,
  indentMore,
} from "@codemirror/commands";
import { python } from "@codemirror/lang-python";
import {
  HighlightStyle,
  bracketMatching,
  indentOnInput,
  indentUnit,
  syntaxHighlighting,
} from "@codemirror/language";
import { EditorSelection, EditorState, Prec } from "@codemirror/state";
import {
  EditorView,
  drawSelection,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from "@codemirror/view";
import { tags as t } from "@lezer/highlight";

// Pygments' class names, so that the theme's colours for the built code (checked for
// contrast) colour the editor too.
const pygments = HighlightStyle.define([
  { tag: t.comment, class: "c1" },
  { tag: [t.string, t.special(t.string)], class: "s2" },
  { tag: t.number, class: "mi" },
  { tag: [t.bool, t.null], class: "kc" },
  { tag: [t.keyword, t.controlKeyword, t.definitionKeyword, t.moduleKeyword], class: "k" },
  { tag: t.operatorKeyword, class: "ow" },
  { tag: t.function(t.definition(t.variableName)), class: "nf" },
  { tag: t.definition(t.className), class: "nc" },
  { tag: t.standard(t.variableName), class: "nb" },
  { tag: [t.self], class: "bp" },
  { tag: [t.operator, t.compareOperator, t.arithmeticOperator], class: "o" },
  { tag: [t.paren, t.squareBracket, t.brace, t.punctuation, t.separator], class: "p" },
]);

// The site's look, from Material's CSS variables (both colour schemes follow).
const look = EditorView.theme({
  "&": {
    margin: "1em 0",
    borderRadius: "0.1rem",
    color: "var(--md-code-fg-color)",
    background: "var(--md-code-bg-color)",
    fontSize: "0.85em",
  },
  "&.cm-focused": { outline: "0.15rem solid var(--md-accent-fg-color)", outlineOffset: "0.1rem" },
  ".cm-scroller": { fontFamily: "var(--md-code-font-family)", lineHeight: "1.4" },
  ".cm-content": { padding: "0.77em 0", caretColor: "var(--md-code-fg-color)" },
  ".cm-gutters": {
    borderRight: "0.05rem solid var(--md-default-fg-color--lighter)",
    color: "var(--md-code-fg-color)",
    background: "var(--md-code-bg-color)",
  },
  ".cm-activeLineGutter": { background: "var(--md-code-hl-color--light)" },
  ".cm-matchingBracket": { outline: "0.05rem solid var(--md-default-fg-color--light)" },
});

// Tab at a cursor: spaces up to the next multiple of four (a literal tab beside the page's
// spaces is an IndentationError in Python); with a selection, the selected lines indent.
function indentWithSpaces(view) {
  const { state } = view;
  if (state.selection.ranges.some((range) => !range.empty)) return indentMore(view);
  const spec = state.changeByRange((range) => {
    const column = range.head - state.doc.lineAt(range.head).from;
    const spaces = " ".repeat(4 - (column % 4));
    return {
      changes: { from: range.head, insert: spaces },
      range: EditorSelection.cursor(range.head + spaces.length),
    };
  });
  view.dispatch(state.update(spec, { scrollIntoView: true, userEvent: "input.indent" }));
  return true;
}

export function createEditor(parent, options) {
  let typed = false;
  let escaped = false;
  const mode = () => (typed && !escaped ? "typing" : "moving");
  const tell = (what) => options.onMode && options.onMode(what);
  const tabIndents = () => typed && !escaped;

  const keys = Prec.high(
    keymap.of([
      { key: "Mod-Enter", run: () => (options.onRun && options.onRun(), true) },
      {
        key: "Tab",
        run: (view) => (tabIndents() ? indentWithSpaces(view) : false),
        shift: (view) => (tabIndents() ? indentLess(view) : false),
      },
    ]),
  );
  const watch = EditorView.domEventHandlers({
    keydown(event) {
      if (event.key === "Escape") {
        escaped = true;
        tell(mode());
      } else if (!["Tab", "Shift", "Control", "Meta", "Alt"].includes(event.key) && escaped) {
        escaped = false;
        tell(mode());
      }
      return false;
    },
  });
  const changes = EditorView.updateListener.of((update) => {
    if (update.focusChanged) {
      if (!update.view.hasFocus) escaped = false;
      tell(update.view.hasFocus ? mode() : "blurred");
    }
    if (!update.docChanged) return;
    const byReader = update.transactions.some(
      (tr) => tr.isUserEvent("input") || tr.isUserEvent("delete") || tr.isUserEvent("move"),
    );
    if (byReader && !typed) {
      typed = true;
      tell(mode());
    }
    if (options.onChange) options.onChange(update.state.doc.toString());
  });
  const first = options.firstLine || 1;
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: options.doc,
      extensions: [
        lineNumbers({ formatNumber: (n) => String(n + first - 1) }),
        highlightActiveLineGutter(), // (a tinted active line would lower the code's contrast)
        history(),
        drawSelection(),
        indentUnit.of("    "),
        EditorState.tabSize.of(4),
        indentOnInput(),
        bracketMatching(),
        closeBrackets(),
        python(),
        syntaxHighlighting(pygments),
        look,
        keys,
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap]),
        watch,
        changes,
        EditorView.contentAttributes.of({
          "aria-label": options.label || "Python code",
          ...(options.describedBy ? { "aria-describedby": options.describedBy } : {}),
        }),
      ],
    }),
  });
  return {
    view,
    code: () => view.state.doc.toString(),
    // The text replaced as a whole (Reset, a kept version, the solution): Tab moves on again.
    setCode(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
      typed = false;
      tell(view.hasFocus ? mode() : "blurred");
    },
    focus: () => view.focus(),
    typed: () => typed,
  };
}

const HINTS = {
  moving: "Type to edit; Tab moves on; Ctrl+Enter runs.",
  typing: "Tab indents; Esc then Tab leaves the editor; Ctrl+Enter runs.",
};

// Whether a pointer is pressed now (a press elsewhere blurs the editor as it goes down).
let pressing = false;
addEventListener("pointerdown", () => (pressing = true), true);
for (const end of ["pointerup", "pointercancel"]) addEventListener(end, () => (pressing = false), true);

// Once no pointer is pressed, then(): the hint's row, gone on the press that blurred the editor,
// would move everything below it before the pointer comes up, and the press (on Run of a block
// further down, say) would end on something else and click nothing.
function afterPress(then) {
  if (!pressing) return then();
  const done = () => {
    removeEventListener("pointerup", done, true);
    removeEventListener("pointercancel", done, true);
    setTimeout(then); // after the click that this release makes
  };
  addEventListener("pointerup", done, true);
  addEventListener("pointercancel", done, true);
}

// The editor in place of the page's <pre> (kept, hidden: Reset before loading needs nothing
// else; hidden by an inline !important rule, since a theme's `pre { display: ... }` outranks
// the `hidden` attribute and would leave the built code on screen beside the editor), focused
// if the code had focus. options as createEditor's, with `hint`, the element that says how Tab
// behaves now (shown while the editor has focus: its toolbar gets "lit-editing"; taken away
// once a press that blurred it ends). The handle's focusAt(point) focuses it at a pointer's
// place.
export function replaceCode(pre, codeElement, options) {
  const host = document.createElement("div");
  host.className = "lit-cm";
  pre.after(host);
  const hint = options.hint;
  const handle = createEditor(host, {
    ...options,
    describedBy: hint.id,
    onMode(mode) {
      const bar = hint.closest(".lit-toolbar");
      if (HINTS[mode]) hint.textContent = HINTS[mode];
      if (!bar) return;
      if (mode !== "blurred") bar.classList.add("lit-editing");
      else afterPress(() => bar.classList.toggle("lit-editing", host.contains(document.activeElement)));
    },
  });
  const focused = document.activeElement === codeElement;
  pre.hidden = true;
  pre.style.setProperty("display", "none", "important");
  if (focused) handle.focus(); // reached with the keyboard: stay in the block
  handle.focusAt = (point) => {
    if (!point) return;
    handle.focus();
    const at = handle.view.posAtCoords(point);
    if (at !== null) handle.view.dispatch({ selection: { anchor: at } });
  };
  return handle;
}
