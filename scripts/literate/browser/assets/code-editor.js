// The editor of runnable blocks and exercises: the built code until the reader reaches for it,
// then CodeMirror.
const editorUrl = new URL("runtime/editor/editor.js", import.meta.url);
let editorModule = null;
const loadEditor = () => (editorModule = editorModule || import(editorUrl.href));
// A block's code, editable. The page's <pre><code> stays as it is (readable without
// JavaScript) until the reader focuses it or presses on it; then CodeMirror (runtime/editor,
// fetched then, once per visit) takes its place, numbered with the page's lines as
// tracebacks are. options: firstLine, label, hint (the element saying how to leave),
// onRun, onChange, onFocus.
export class CodeEditor {
  constructor(codeElement, options) {
    this.codeElement = codeElement;
    this.pre = codeElement.closest("pre") || codeElement;
    this.options = options;
    this.handle = null;
    this.mounting = null;
    this.builtHtml = codeElement.innerHTML;
    codeElement.tabIndex = 0;
    codeElement.classList.add("lit-editor");
    codeElement.setAttribute("role", "textbox");
    codeElement.setAttribute("aria-multiline", "true");
    codeElement.setAttribute("aria-label", options.label);
    codeElement.setAttribute("aria-describedby", options.hint.id);
    options.hint.textContent = "Type to edit; Tab moves on; Ctrl+Enter runs.";
    codeElement.addEventListener("focus", () => this.mount());
    this.pre.addEventListener("pointerenter", () => loadEditor().catch(() => {}));
    this.pre.addEventListener("pointerdown", (event) => {
      if (event.target.closest("button")) return; // Material's copy button
      this.point = { x: event.clientX, y: event.clientY };
      this.mount();
    });
    // The press's own focusing is ours to do (mount focuses the editor where it was pressed):
    // once CodeMirror is loaded it replaces the code before the browser would focus what was
    // pressed, now hidden, which would send the focus to the page's body.
    this.pre.addEventListener("mousedown", (event) => {
      if (!event.target.closest("button")) event.preventDefault();
    });
  }

  mount() {
    if (this.options.onFocus) this.options.onFocus();
    if (!this.mounting) {
      this.mounting = loadEditor().then((module) => {
        const doc = this.code().replace(/\n$/, "");
        return (this.handle = module.replaceCode(this.pre, this.codeElement, { ...this.options, doc }));
      });
      this.mounting.catch((error) => {
        this.options.hint.textContent = `The editor could not load (${error.message}).`;
      });
    }
    this.mounting.then(
      (handle) => {
        handle.focusAt(this.point);
        this.point = null;
      },
      () => {}, // said in the hint
    );
    return this.mounting;
  }

  code() {
    const text = this.handle ? this.handle.code() : this.codeElement.textContent;
    return text.replace(/\n$/, "") + "\n";
  }

  // The page's own code back (Reset): highlighted as built while CodeMirror is not there.
  reset(builtCode) {
    if (this.handle) this.handle.setCode(builtCode.replace(/\n$/, ""));
    else this.codeElement.innerHTML = this.builtHtml;
  }

  setCode(text) {
    if (this.handle) this.handle.setCode(text.replace(/\n$/, ""));
    else this.codeElement.textContent = text.replace(/\n$/, "");
  }

  focus() {
    if (this.handle) this.handle.focus();
    else this.codeElement.focus();
  }
}
