// ESLint (flat config) for the site's JavaScript and the editor bundle's entry. `make lint` runs
// the copy that `scripts/tools/install-npm-tool.sh eslint` installs into .cache/eslint (pinned,
// never committed); its packages are found there.
import { createRequire } from "node:module";

const require = createRequire(new URL("./.cache/eslint/package.json", import.meta.url));
const js = require("@eslint/js");
const globals = require("globals");

export default [
  { ignores: [".cache/", ".venv/", "site/", "site.*/", "site-zensical/", "tests/"] },
  js.configs.recommended,
  {
    // ES modules of every page, shipped by the package whose markup they drive (Material's
    // document$ announces each page), and the editor bundle's entry
    files: ["docs/assets/**/*.js", "scripts/*/assets/**/*.js", "scripts/*/browser/assets/**/*.js", "scripts/tools/editor/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser, document$: "readonly" },
    },
  },
  {
    files: ["scripts/literate/browser/assets/runner-worker.js"],
    languageOptions: { sourceType: "module", globals: globals.worker },
  },
  { files: ["eslint.config.mjs"], languageOptions: { globals: globals.node } },
  {
    // Pyodide's snapshot, made in Node when make vendors the runtime
    files: ["scripts/tools/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: globals.node },
  },
  {
    // the build's maths, typeset by KaTeX in Node (literate/present/maths.py runs it)
    files: ["scripts/literate/present/*.cjs"],
    languageOptions: { sourceType: "commonjs", globals: globals.node },
  },
  { rules: { "no-unused-vars": ["error", { caughtErrors: "none" }] } },
];
