#!/usr/bin/env bash
# Fill .cache/runtime/ with what the site loads from its own origin (never committed): Pyodide
# and Viz.js to run the pages' code, KaTeX to typeset their maths (at build, in Node; pages with
# maths load its stylesheet and fonts), all from the npm registry (npm pack), and the pure-Python graphviz wheel from
# PyPI, its sha256 checked. Run by make; does nothing when the pinned versions are there.
# Usage: vendor-runtime.sh PYTHON
set -euo pipefail
python=${1:-python3}
pyodide=314.0.7 viz=3.31.0 graphviz=0.21 katex=0.19.1
wheel=graphviz-$graphviz-py3-none-any.whl
wheel_sha256=54f33de9f4f911d7e84e4191749cac8cc5653f815b06738c54db9a15ab8b1e42
root=$(cd "$(dirname "$0")/../.." && pwd)
dest=$root/.cache/runtime
stamp=$dest/.vendored-pyodide-$pyodide-snapshot-viz-$viz-graphviz-$graphviz-katex-$katex
[ -f "$stamp" ] && exit 0
echo "Vendoring the browser runtime (Pyodide $pyodide, Viz.js $viz, graphviz $graphviz, KaTeX $katex) into .cache/runtime..."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "pyodide@$pyodide" "@viz-js/viz@$viz" "katex@$katex" >/dev/null)
mkdir -p "$work/pyodide" "$work/viz" "$work/katex"
tar xzf "$work/pyodide-$pyodide.tgz" -C "$work/pyodide"
tar xzf "$work/viz-js-viz-$viz.tgz" -C "$work/viz"
tar xzf "$work/katex-$katex.tgz" -C "$work/katex"
"$python" -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
  -d "$work/wheels" "graphviz==$graphviz" 2>&1 | grep -v "Location '" >&2 || true
echo "$wheel_sha256  $work/wheels/$wheel" | sha256sum --check --quiet - || {
  echo "error: $wheel does not have the expected sha256" >&2; exit 1; }
new=$dest.new
rm -rf "$new" && mkdir -p "$new/pyodide" "$new/viz" "$new/wheels"
for file in pyodide.mjs pyodide.asm.mjs pyodide.asm.wasm python_stdlib.zip pyodide-lock.json; do
  cp "$work/pyodide/package/$file" "$new/pyodide/"
done
cp "$work/pyodide/package/LICENSE" "$new/pyodide/" 2>/dev/null || true
# Python once started, which the worker restores instead of starting it (pyodide-snapshot.mjs)
node "$root/scripts/tools/pyodide-snapshot.mjs" "$new/pyodide"
cp "$work/viz/package/dist/viz.js" "$new/viz/"
cp "$work/viz/package/LICENSE" "$new/viz/" 2>/dev/null || true
cp "$work/wheels/$wheel" "$new/wheels/"
# KaTeX: the script, the stylesheet trimmed to the woff2 fonts (every browser the site supports
# reads woff2), the fonts and the licence.
mkdir -p "$new/katex/fonts"
cp "$work/katex/package/LICENSE" "$work/katex/package/dist/katex.min.js" "$new/katex/"
cp "$work/katex/package/dist/fonts/"*.woff2 "$new/katex/fonts/"
sed -E 's/,url\(fonts\/[^)]*\.woff\) format\("woff"\),url\(fonts\/[^)]*\.ttf\) format\("truetype"\)//g' \
  "$work/katex/package/dist/katex.min.css" > "$new/katex/katex.min.css"
if grep -qE '\.(ttf|woff)\)' "$new/katex/katex.min.css"; then
  echo "error: katex.min.css still refers to woff/ttf fonts; the trimming pattern needs updating" >&2
  exit 1
fi
rm -rf "$dest" && mv "$new" "$dest" && touch "$stamp"
