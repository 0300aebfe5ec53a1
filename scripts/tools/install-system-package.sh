#!/usr/bin/env bash
# Install a Debian package when the command it provides is missing.
# Usage: install-system-package.sh PACKAGE COMMAND
set -euo pipefail
package=$1 command=$2
command -v "$command" >/dev/null 2>&1 && exit 0
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: '$command' is missing and this is not a Debian-like system: install '$package' yourself." >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "error: '$command' is missing; run as root: apt-get install $package" >&2
    exit 1
  fi
fi
echo "Installing $package (provides '$command') with apt-get..."
$sudo apt-get update -qq >/dev/null
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$package" >/dev/null
command -v "$command" >/dev/null 2>&1 || { echo "error: installed $package but '$command' is still missing" >&2; exit 1; }
