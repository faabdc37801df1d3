#!/bin/sh
# check-generated.sh regenerates every file that the generators in this module
# write into internal/accel (go generate), and exits non-zero if any of them
# differs from the committed copy or is new. CI runs it; run it before
# committing a change to a generator.
set -eu
export GOTOOLCHAIN=go1.27.3

root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel)
cd "$root"

go generate ./internal/accel/...

git diff --exit-code -- internal/accel
untracked=$(git ls-files --others --exclude-standard -- internal/accel)
if [ -n "$untracked" ]; then
	echo "check-generated: generated files not committed:" >&2
	echo "$untracked" >&2
	exit 1
fi
echo "check-generated: generated assembly is up to date"
