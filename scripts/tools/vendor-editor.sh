#!/usr/bin/env bash
# Bundle the site's code editor (CodeMirror 6, scripts/tools/editor/editor.js) into
# .cache/runtime/editor/editor.js (never committed): the packages, esbuild included, come from
# the npm registry at the versions package-lock.json pins (npm ci), and esbuild bundles them
# into one minified ES module that runner.js imports when a reader first reaches for a block's
# code. Run by make after vendor-runtime.sh; does nothing when this lock file and entry are
# what the bundle there was made from.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source=$root/scripts/tools/editor
dest=$root/.cache/runtime/editor
key=$(cat "$source/package.json" "$source/package-lock.json" "$source/editor.js" | sha256sum | cut -c1-16)
stamp=$dest/.bundled-$key
[ -f "$stamp" ] && exit 0
echo "Bundling the code editor (CodeMirror 6, pinned in scripts/tools/editor/package-lock.json)..."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$source/package.json" "$source/package-lock.json" "$source/editor.js" "$work/"
(cd "$work" && npm ci --silent --no-audit --no-fund --ignore-scripts >/dev/null)
new=$dest.new
rm -rf "$new" && mkdir -p "$new"
"$work/node_modules/.bin/esbuild" "$work/editor.js" --bundle --format=esm --minify \
  --target=es2020 --legal-comments=eof --log-level=warning --outfile="$new/editor.js"
for package in "$work"/node_modules/@codemirror/* "$work"/node_modules/@lezer/*; do
  [ -f "$package/LICENSE" ] && cp "$package/LICENSE" "$new/LICENSE-$(basename "$package")"
done
rm -rf "$dest" && mv "$new" "$dest" && touch "$stamp"
