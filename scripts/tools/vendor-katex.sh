#!/usr/bin/env bash
# Vendor KaTeX into docs/assets/katex from the npm registry: the minified script and stylesheet,
# the woff2 fonts (every browser the site supports reads woff2, so the stylesheet is trimmed to
# them) and the licence. Run it again with a version to upgrade: scripts/vendor-katex.sh 0.19.1
set -euo pipefail
version=${1:-0.19.1}
root=$(cd "$(dirname "$0")/.." && pwd)
dest=$root/docs/assets/katex
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "katex@$version" >/dev/null && tar xzf katex-*.tgz)
rm -rf "$dest" && mkdir -p "$dest/fonts"
cp "$work/package/LICENSE" "$dest/LICENSE"
cp "$work/package/dist/katex.min.js" "$dest/"
cp "$work/package/dist/fonts/"*.woff2 "$dest/fonts/"
sed -E 's/,url\(fonts\/[^)]*\.woff\) format\("woff"\),url\(fonts\/[^)]*\.ttf\) format\("truetype"\)//g' \
  "$work/package/dist/katex.min.css" > "$dest/katex.min.css"
if grep -qE '\.(ttf|woff)\)' "$dest/katex.min.css"; then
  echo "error: katex.min.css still refers to woff/ttf fonts; the trimming pattern needs updating" >&2
  exit 1
fi
echo "KaTeX $version vendored into docs/assets/katex ($(du -sh "$dest" | cut -f1))"
