#!/usr/bin/env bash
# Install Lighthouse 12.2.3 (13.x needs Node 22) for `make bench-pages` into .cache/lighthouse
# (never committed): the packages come from the npm registry at the versions
# scripts/tools/lighthouse/package-lock.json pins (npm ci). Does nothing when the lock file is
# what the installed copy was made from.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
source=$root/scripts/tools/lighthouse
dest=$root/.cache/lighthouse
key=$(cat "$source/package.json" "$source/package-lock.json" | sha256sum | cut -c1-16)
stamp=$dest/.installed-$key
[ -f "$stamp" ] && exit 0
echo "Installing Lighthouse (pinned in scripts/tools/lighthouse/package-lock.json) into .cache/lighthouse..."
new=$dest.new
rm -rf "$new" && mkdir -p "$new"
cp "$source/package.json" "$source/package-lock.json" "$new/"
(cd "$new" && npm ci --silent --no-audit --no-fund --ignore-scripts >/dev/null)
rm -rf "$dest" && mv "$new" "$dest" && touch "$stamp"
