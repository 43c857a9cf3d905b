#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# refresh.sh DIR: bring the backport of our own files in DIR (for example
# backport/6.12) up to date with the checkout.
#
# The mainline files of the checkout are the source; DIR/9000-*.patch are
# the few lines that make them build on the older kernel.  After a change
# to a mainline file, such a patch may still apply but with fuzz or at an
# offset, or not at all.  This applies each of them with patch's fuzz to a
# copy of the files it touches, and writes it again from the result, with
# fresh context.  A hunk that no longer applies stops the script: edit the
# patch by hand (it is a plain unified diff), then run this again.
set -euo pipefail

[ $# -eq 1 ] || { echo "usage: $0 backport/BASE" >&2; exit 2; }
repo=$(cd "$(dirname "$0")/.." && pwd)
dir=$(cd "$1" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for p in "$dir"/9[0-9][0-9][0-9]-*.patch; do
	[ -f "$p" ] || continue
	files=$(sed -n 's|^+++ b/\([^\t]*\).*|\1|p' "$p")
	rm -rf "$tmp/a" "$tmp/b"
	for f in $files; do
		mkdir -p "$tmp/a/$(dirname "$f")" "$tmp/b/$(dirname "$f")"
		cp "$repo/$f" "$tmp/a/$f"
		cp "$repo/$f" "$tmp/b/$f"
	done
	if ! patch -s -d "$tmp/b" -p1 --batch --forward --no-backup-if-mismatch \
		-r - <"$p"; then
		echo "refresh: ${p#"$repo"/} does not apply any more: edit it" >&2
		exit 1
	fi
	(cd "$tmp" && for f in $files; do
		diff -u --label "a/$f" --label "b/$f" "a/$f" "b/$f" || true
	done) >"$p.new"
	if cmp -s "$p" "$p.new"; then
		rm "$p.new"
	else
		mv "$p.new" "$p"
		echo "refresh: ${p#"$repo"/} rewritten"
	fi
done
