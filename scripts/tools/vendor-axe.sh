#!/usr/bin/env bash
# Fill .cache/axe/ with axe-core from the npm registry (npm pack), for the accessibility tests
# (tests/site/test_accessibility.py injects it into each page). Never committed; run by make,
# does nothing when the pinned version is there.
set -euo pipefail
version=4.14.1
root=$(cd "$(dirname "$0")/../.." && pwd)
dest=$root/.cache/axe
stamp=$dest/.vendored-axe-core-$version
[ -f "$stamp" ] && exit 0
echo "Vendoring axe-core $version into .cache/axe..."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "axe-core@$version" >/dev/null && tar xzf "axe-core-$version.tgz")
rm -rf "$dest.new" && mkdir -p "$dest.new"
cp "$work/package/axe.min.js" "$work/package/LICENSE" "$dest.new/"
rm -rf "$dest" && mv "$dest.new" "$dest" && touch "$stamp"
