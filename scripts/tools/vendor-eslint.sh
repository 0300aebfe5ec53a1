#!/usr/bin/env bash
# Install ESLint for `make lint` into .cache/eslint (never committed): the packages come from the
# npm registry at the versions scripts/tools/eslint/package-lock.json pins (npm ci). The rules are
# in eslint.config.mjs at the top of the repository. Does nothing when the lock file is what the
# installed copy was made from.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source=$root/scripts/tools/eslint
dest=$root/.cache/eslint
key=$(cat "$source/package.json" "$source/package-lock.json" | sha256sum | cut -c1-16)
stamp=$dest/.installed-$key
[ -f "$stamp" ] && exit 0
echo "Installing ESLint (pinned in scripts/tools/eslint/package-lock.json) into .cache/eslint..."
new=$dest.new
rm -rf "$new" && mkdir -p "$new"
cp "$source/package.json" "$source/package-lock.json" "$new/"
(cd "$new" && npm ci --silent --no-audit --no-fund --ignore-scripts >/dev/null)
rm -rf "$dest" && mv "$new" "$dest" && touch "$stamp"
