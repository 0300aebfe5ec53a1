# Two commands for a newcomer: `make serve` and `make test`. Each target first sets up what it
# needs (a .venv with pinned packages, Graphviz's `dot`), quietly, and only when it is missing.

PYTHON ?= python3
export NO_MKDOCS_2_WARNING := 1  # mkdocs-material 9.7+ prints a banner about MkDocs 2.0 otherwise
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PIP    := $(BIN)/python -m pip -qq --disable-pip-version-check  # -qq: errors only

.PHONY: serve build build-zensical test test-fast screenshots lint bench bench-pages clean setup graphviz chromium runtime axe lighthouse

serve: setup
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

# Build into a fresh folder and swap it in only on success: a failed build keeps the last good site/.
build: setup
	@rm -rf site.new
	@$(BIN)/mkdocs build --strict --quiet --site-dir site.new
	@rm -rf site.old; if [ -d site ]; then mv site site.old; fi; mv site.new site; rm -rf site.old
	@echo "site/ is up to date"

# The same docs/ built with Zensical (pinned, in the same .venv: its dependencies agree with
# constraints.txt) into site-zensical/: strict, every block run through the same engine and
# cache, a failing block fails it at page:line. README: "Building with Zensical".
build-zensical: setup
	@$(BIN)/python -m literate.frontends.zensical_build -f zensical.yml

# Every test, in two processes (pytest-xdist; a page's blocks stay together in one), the site
# built once for both; --collect-guard fails the run when a test file is not collected.
PYTEST := $(BIN)/python -m pytest -q -n 2 --dist loadgroup

test: setup lint chromium axe
	$(PYTEST) --collect-guard --durations=15

# Pictures of every page, both schemes and phone width, into test-artifacts/screenshots/ (the
# browser test of each page takes them; make test leaves them out).
screenshots: setup chromium
	$(PYTEST) --screenshots tests/site/test_browser.py -k test_page

# The inner loop for engine and page work: no browser, no whole-site build, no slow tests.
test-fast: setup
	$(PYTEST) -m "not site and not slow"

# ruff for the Python; ESLint and TypeScript's checker (from npm, pinned, into .cache/) for the
# JavaScript: tsc --checkJs holds the browser modules to the shapes the build sends them
# (tsconfig.json; literate/typedefs.py writes them as browser/assets/contracts.js).
lint: setup
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	@scripts/tools/install-npm-tool.sh eslint
	.cache/eslint/node_modules/.bin/eslint .
	@scripts/tools/install-npm-tool.sh typescript
	.cache/typescript/node_modules/.bin/tsc -p tsconfig.json

bench: setup
	$(BIN)/python scripts/bench/bench_engine.py

# Page speed against the same pages built by Material alone (Lighthouse, mobile, side by side),
# then the runner in Chromium: first output, re-run. They print ratios; nothing asserts a time.
bench-pages: setup chromium lighthouse
	$(BIN)/python scripts/bench/bench_pages.py
	$(BIN)/python scripts/bench/bench_browser.py

# Lighthouse 12.2.3 (npm, pinned in scripts/tools/lighthouse) into .cache/lighthouse.
lighthouse:
	@scripts/tools/install-npm-tool.sh lighthouse

setup: $(STAMP) graphviz runtime

# Pyodide, Viz.js and the graphviz wheel for the in-browser runner, into .cache/runtime (once),
# then the code editor (CodeMirror 6, bundled by esbuild; both from npm, pinned) beside them.
runtime: $(STAMP)
	@scripts/tools/vendor-runtime.sh $(BIN)/python
	@scripts/tools/vendor-editor.sh

$(STAMP): pyproject.toml constraints.txt
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Installing Python packages into $(VENV) (once)..."
	@$(PIP) install --upgrade pip
	@$(PIP) install -c constraints.txt -e '.[site,dev,zensical]'
	@touch $@

# axe-core for the accessibility tests (tests/site/test_accessibility.py), into .cache/axe.
axe:
	@scripts/tools/vendor-axe.sh

graphviz:
	@command -v dot >/dev/null 2>&1 || scripts/tools/install-system-package.sh graphviz dot

# The browser tests (tests/site) drive Debian's Chromium; Playwright's own download is not used.
chromium:
	@command -v chromium >/dev/null 2>&1 || scripts/tools/install-system-package.sh chromium chromium

clean:
	rm -rf site site.new site.old site-zensical .cache .pytest_cache .ruff_cache
