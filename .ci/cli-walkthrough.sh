#!/usr/bin/env bash
# Runs the README's command-line walk-through verbatim: installs cmd/crystals with
# `go install ./cmd/crystals` into a temporary GOBIN, takes the shell block between the
# README's cli-walkthrough markers, and runs it in an empty temporary directory.
# Exits non-zero if the install, the extraction or any command fails.
set -euo pipefail
export GOTOOLCHAIN=go1.27.3
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
GOBIN="$work/bin" go install ./cmd/crystals
script=$(awk '/<!-- cli-walkthrough:begin -->/{on=1; next} /<!-- cli-walkthrough:end -->/{on=0} on && !/^```/' "$root/README.md")
n=$(printf '%s\n' "$script" | grep -c '^crystals ' || true)
if [ "$n" -ne 5 ]; then
  echo "README walk-through: expected 5 crystals commands between the markers, found $n"
  exit 1
fi
mkdir "$work/run"
cd "$work/run"
printf '%s\n' "$script" | sed 's/^/+ /'
PATH="$work/bin:$PATH" bash -euo pipefail -c "$script"
echo "README walk-through: $n commands passed"
