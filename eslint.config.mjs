// ESLint (flat config) for the site's JavaScript and the editor bundle's entry. `make lint` runs
// the copy that scripts/tools/vendor-eslint.sh installs into .cache/eslint (pinned, never
// committed); its packages are found there.
import { createRequire } from "node:module";

const require = createRequire(new URL("./.cache/eslint/package.json", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");

export default [
  { ignores: [".cache/", ".venv/", "site/", "site.*/", "site-zensical/", "tests/"] },
  js.configs.recommended,
  {
    // classic scripts of every page (Material's document$ announces each page)
    files: ["docs/assets/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: { ...globals.browser, document$: "readonly", katex: "readonly" },
    },
  },
  {
    // ES modules: imported on the reader's intent, or the runner's Web Worker
    files: ["docs/assets/runner-live.js", "docs/assets/exercises-home.js", "scripts/tools/editor/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
  },
  {
    files: ["docs/assets/runner-worker.js"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  { files: ["eslint.config.mjs"], languageOptions: { globals: globals.node } },
  { rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] } },
];
