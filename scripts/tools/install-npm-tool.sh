#!/usr/bin/env bash
# Install an npm tool of the repository into .cache/NAME (never committed): the packages come
# from the npm registry at the versions scripts/tools/NAME/package-lock.json pins (npm ci).
# Does nothing when the lock file is what the installed copy was made from. Run by make:
#   eslint      for `make lint` (its rules: eslint.config.mjs at the top of the repository)
#   typescript  for `make lint`: tsc --checkJs (tsconfig.json at the top of the repository)
#   lighthouse  for `make bench-pages` (12.2.3: 13.x needs Node 22)
# Usage: install-npm-tool.sh NAME
set -euo pipefail
name=${1:?usage: install-npm-tool.sh NAME}
root=$(cd "$(dirname "$0")/../.." && pwd)
source=$root/scripts/tools/$name
dest=$root/.cache/$name
[ -f "$source/package-lock.json" ] || { echo "error: no $source/package-lock.json" >&2; exit 1; }
key=$(cat "$source/package.json" "$source/package-lock.json" | sha256sum | cut -c1-16)
stamp=$dest/.installed-$key
[ -f "$stamp" ] && exit 0
echo "Installing $name (pinned in scripts/tools/$name/package-lock.json) into .cache/$name..."
new=$dest.new
rm -rf "$new" && mkdir -p "$new"
cp "$source/package.json" "$source/package-lock.json" "$new/"
(cd "$new" && npm ci --silent --no-audit --no-fund --ignore-scripts >/dev/null)
rm -rf "$dest" && mv "$new" "$dest" && touch "$stamp"
